import { Sql } from '../db/database';
import { StoredEvent } from '../event-store/event.types';

/**
 * A projection turns events into rows of its own read tables. Inline projections run in the
 * append's transaction, so a read table can never lag or miss its events. `apply` must be a
 * function of the event alone (time comes from `recordedAt`), so `ledger replay` rebuilds the
 * same rows. Table names are unqualified: replay runs the same code with another search_path.
 */
export interface Projection {
  readonly name: string;
  /** Read tables this projection owns; replay rebuilds and diffs exactly these. */
  readonly tables: readonly string[];
  readonly handles: readonly string[];
  apply(sql: Sql, event: StoredEvent): Promise<void>;
}

/** `handles` entry for a projection that looks at every event (e.g. postings). */
export const ANY_EVENT = '*';

export class ProjectionRunner {
  private readonly byType = new Map<string, Projection[]>();

  constructor(readonly projections: readonly Projection[]) {
    for (const projection of projections) {
      for (const type of projection.handles) {
        const list = this.byType.get(type) ?? [];
        list.push(projection);
        this.byType.set(type, list);
      }
    }
  }

  /**
   * Projects the events of one append. Sequentially, unless the connection can pipeline
   * (`sql.batch`): then every projection of every event starts at once, so their first statements
   * go in one write and run in event order, then projection order, exactly as sequentially. A
   * projection's further statements for an event (only EpinTransferred has one: an insert keyed by
   * the event's position) may then run after later events' first statements; projections own
   * disjoint tables and none reads another's, so the rows are the same. All settle before this
   * returns; the first failure in that order that is not a mere 'transaction aborted' is thrown.
   */
  async apply(sql: Sql, events: readonly StoredEvent[]): Promise<void> {
    const work: Array<[Projection, StoredEvent]> = [];
    for (const event of events) {
      for (const projection of this.byType.get(event.type) ?? []) work.push([projection, event]);
      for (const projection of this.byType.get(ANY_EVENT) ?? []) work.push([projection, event]);
    }
    if (!sql.batch || work.length < 2) {
      for (const [projection, event] of work) await projection.apply(sql, event);
      return;
    }
    const settled = await Promise.allSettled(sql.batch(() => work.map(([projection, event]) => projection.apply(sql, event))));
    const failures = settled.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
    // Statements behind a failed one fail with 25P02 (transaction aborted): throw the cause.
    if (failures.length) throw failures.find((error) => (error as { code?: unknown })?.code !== '25P02') ?? failures[0];
  }

  tables(): string[] {
    return this.projections.flatMap((p) => p.tables);
  }
}
