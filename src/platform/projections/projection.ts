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

  async apply(sql: Sql, events: readonly StoredEvent[]): Promise<void> {
    for (const event of events) {
      for (const projection of this.byType.get(event.type) ?? []) await projection.apply(sql, event);
      for (const projection of this.byType.get(ANY_EVENT) ?? []) await projection.apply(sql, event);
    }
  }

  tables(): string[] {
    return this.projections.flatMap((p) => p.tables);
  }
}
