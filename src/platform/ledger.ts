import { Database, Sql, Tx } from './db/database';
import { appendToStreams, StreamAppend } from './event-store/event-store';
import { EventMetadata, NewEvent, StoredEvent } from './event-store/event.types';
import { claimIdempotencyKey, IdempotencyRequest, recordIdempotentResponse } from './idempotency/idempotency';
import { ProjectionRunner } from './projections/projection';
import { assertInvariant } from './errors';
import { postingsBalance, Posting } from './money';

/** A transaction on the ledger: appends, with their inline projections, and reads. */
export class LedgerTx implements Sql {
  readonly appended: StoredEvent[] = [];

  constructor(
    readonly sql: Tx,
    private readonly projections: ProjectionRunner,
    readonly metadata: EventMetadata,
    readonly now: Date,
  ) {}

  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]> {
    return this.sql.query<T>(text, params);
  }

  execute<T = Record<string, unknown>>(text: string, params?: unknown[]) {
    return this.sql.execute<T>(text, params);
  }

  /** See Sql.batch: the statements `send` starts go to the server in one write, in order. */
  batch<T>(send: () => T): T {
    return this.sql.batch(send);
  }

  /**
   * Appends at the expected version and projects the new events in this same transaction.
   * `head.hash`: the hash of the stream's event at `expectedVersion`, when this transaction has
   * already read it (e.g. with the locked projection row); saves the append's own read of it.
   */
  async append(streamId: string, expectedVersion: number, events: readonly NewEvent[], head: { hash?: string | null } = {}): Promise<StoredEvent[]> {
    const [stored] = await this.appendAll([{ streamId, expectedVersion, events, headHash: head.hash }]);
    return stored;
  }

  /**
   * `append` to several streams in one INSERT; the events are projected in the order given,
   * exactly as the same appends one after another would be (a conflict on any fails them all).
   */
  async appendAll(appends: readonly StreamAppend[]): Promise<StoredEvent[][]> {
    for (const { events } of appends) {
      for (const event of events) {
        const postings = (event.payload as { postings?: Posting[] } | null)?.postings;
        if (postings) assertInvariant(postingsBalance(postings) === 0n, `postings of ${event.type} do not sum to zero`);
      }
    }
    const stored = await appendToStreams(this.sql, appends, this.metadata, this.now);
    const all = stored.flat();
    await this.projections.apply(this.sql, all);
    this.appended.push(...all);
    return stored;
  }
}

export interface LedgerCommandOptions {
  idempotency?: IdempotencyRequest;
}

/**
 * The command side's only door to the ledger. A command handler reads its state from inline
 * projections, decides, and appends — all inside one transaction that is re-run on conflicts.
 */
export class Ledger {
  constructor(
    readonly db: Database,
    readonly projections: ProjectionRunner,
  ) {}

  async run<T>(metadata: EventMetadata, work: (tx: LedgerTx) => Promise<T>, options: LedgerCommandOptions = {}): Promise<T> {
    const idem = options.idempotency;
    return this.db.transaction(async (sql) => {
      if (idem) {
        const claim = await claimIdempotencyKey<T>(sql, idem);
        if (claim.kind === 'replay') return claim.response;
      }
      const tx = new LedgerTx(sql, this.projections, metadata, new Date());
      const result = await work(tx);
      if (idem) await recordIdempotentResponse(sql, idem, result);
      return result;
    });
  }
}
