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
   * Projects events one after another. An event's projections own disjoint tables, so where the
   * connection can pipeline (`sql.batch`) they start together and their first statements go in one
   * write, still run in projection order; the event is done when all have finished, and the
   * first failure in projection order is the one thrown.
   */
  async apply(sql: Sql, events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      const projections = [...(this.byType.get(event.type) ?? []), ...(this.byType.get(ANY_EVENT) ?? [])];
      if (!sql.batch || projections.length < 2) {
        for (const projection of projections) await projection.apply(sql, event);
        continue;
      }
      const settled = await Promise.allSettled(sql.batch(() => projections.map((projection) => projection.apply(sql, event))));
      const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    }
  }

  tables(): string[] {
    return this.projections.flatMap((p) => p.tables);
  }
}
