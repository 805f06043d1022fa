import { AsyncLocalStorage } from 'node:async_hooks';
import { Database } from './db/database';
import { Tx } from './db/pipelined-tx';
import { Sql, wireParams } from './db/sql';
import { prepareAppend, sendAppend, StreamAppend } from './event-store/event-store';
import { EventMetadata, NewEvent, StoredEvent } from './event-store/event.types';
import { appendTo, Locked } from './event-store/locked';
import { claimIdempotencyKey, IdempotencyRequest, recordIdempotentResponse } from './idempotency/idempotency';
import { ProjectionRunner, settleAll } from './projections/projection';
import { assertInvariant, InvariantViolation } from './errors';
import { postingsBalance, Posting } from './money';

export interface AppendOptions {
  /**
   * Nothing follows this append in the transaction: COMMIT goes to the server in the same write
   * as the INSERT and its projections (one round trip less). Ignored — COMMIT then follows as
   * usual — where the transaction must go on (an idempotent command records its response after
   * the work), another append of the transaction is still in progress, other statements are in
   * flight, BEGIN has not gone out, or the connection cannot pipeline. A statement started after a
   * `last` append is refused; if COMMIT did ride along, the append is committed by then, so such a
   * statement is a bug in the caller, reported loudly.
   */
  last?: boolean;
}

/** A transaction on the ledger: appends, with their inline projections, and reads. */
export class LedgerTx implements Sql {
  readonly appended: StoredEvent[] = [];

  constructor(
    readonly sql: Tx,
    private readonly projections: ProjectionRunner,
    readonly metadata: EventMetadata,
    readonly now: Date,
    /** False when Ledger.run still has statements to send after the work (idempotency). */
    private readonly mayEndEarly = true,
  ) {}

  /** Set by an append marked `last`: whatever the connection did with COMMIT, nothing may follow. */
  private ended = false;
  /** Appends started and not finished: COMMIT rides with a `last` append only when it is alone. */
  private appendsInProgress = 0;

  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]> {
    this.refuseAfterLast(text);
    return this.sql.query<T>(text, params);
  }

  execute<T = Record<string, unknown>>(text: string, params?: unknown[]) {
    this.refuseAfterLast(text);
    return this.sql.execute<T>(text, params);
  }

  /** See Sql.batch: the statements `send` starts go to the server in one write, in order. */
  batch<T>(send: () => T): T {
    return this.sql.batch(send);
  }

  private refuseAfterLast(what: string): void {
    if (this.ended)
      throw new InvariantViolation(
        `statement after the end of its transaction (a "last" append): ${what.slice(0, 80)}`,
      );
  }

  /**
   * Appends at the expected version and projects the new events in this same transaction: onto a
   * stream locked by a row helper (its version and head), or at a stream id and version.
   * `head.hash`: the hash of the stream's event at `expectedVersion`, when this transaction has
   * already read it (e.g. with the locked projection row); saves the append's own read of it.
   */
  append(locked: Locked<unknown>, events: readonly NewEvent[], options?: AppendOptions): Promise<StoredEvent[]>;
  append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewEvent[],
    head?: { hash?: string | null } & AppendOptions,
  ): Promise<StoredEvent[]>;
  async append(
    to: string | Locked<unknown>,
    versionOrEvents: number | readonly NewEvent[],
    eventsOrOptions?: readonly NewEvent[] | AppendOptions,
    head: { hash?: string | null } & AppendOptions = {},
  ): Promise<StoredEvent[]> {
    // A locked stream (`<context>/rows.ts`) carries its version and head; a stream id names them.
    const [one, options] =
      typeof to === 'string'
        ? [
            {
              streamId: to,
              expectedVersion: versionOrEvents as number,
              events: eventsOrOptions as readonly NewEvent[],
              headHash: head.hash,
            },
            head,
          ]
        : [appendTo(to, versionOrEvents as readonly NewEvent[]), (eventsOrOptions ?? {}) as AppendOptions];
    const [stored] = await this.appendAll([one], options);
    return stored;
  }

  /**
   * `append` to several streams in one INSERT; the events are projected in the order given,
   * exactly as the same appends one after another would be (a conflict on any fails them all).
   * The INSERT and every projection statement go to the server in one write: the projections take
   * the new positions in SQL (`eventPosition`) and check what must hold in SQL, so nothing waits
   * for the INSERT's answer; a failure of any statement fails the transaction.
   */
  async appendAll(appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<StoredEvent[][]> {
    this.refuseAfterLast(`append to ${appends.map((a) => a.streamId).join(', ')}`);
    this.appendsInProgress++;
    try {
      for (const { events } of appends) {
        for (const event of events) {
          const postings = (event.payload as { postings?: Posting[] } | null)?.postings;
          if (postings)
            assertInvariant(postingsBalance(postings) === 0n, `postings of ${event.type} do not sum to zero`);
        }
      }
      const prepared = await prepareAppend(this.sql, appends, this.metadata, this.now);
      // Every statement is known, and its parameters converted, before the first is sent: a
      // projection that refuses an event, or a value pg could not send, throws here.
      const insert = prepared.statement && {
        text: prepared.statement.text,
        params: wireParams(prepared.statement.text, prepared.statement.params),
      };
      const projecting = this.projections
        .statements(prepared.events.flat())
        .map((s) => ({ text: s.text, params: wireParams(s.text, s.params) }));
      const send = () =>
        [
          sendAppend(this.sql, { ...prepared, statement: insert }),
          ...projecting.map((s) => this.sql.execute(s.text, s.params)),
        ] as const;
      // COMMIT rides along only when this is the transaction's one append in progress; from then
      // on nothing may follow. Otherwise the appends go as usual and COMMIT comes at the end.
      const last = Boolean(options.last) && this.mayEndEarly && this.appendsInProgress === 1;
      const running = last ? this.sql.commitWith(send) : this.sql.batch(send);
      if (last) this.ended = true;
      const [stored] = (await settleAll<unknown>(running)) as [StoredEvent[][], ...unknown[]];
      this.appended.push(...stored.flat());
      return stored;
    } finally {
      this.appendsInProgress--;
    }
  }
}

export interface LedgerCommandOptions {
  idempotency?: IdempotencyRequest;
  /**
   * Every `Ledger.run` started inside this one's work (a command the work sends on the CommandBus)
   * joins this transaction instead of opening its own: its events commit or roll back with this
   * one's. A four-eyes approval carries out the action it approves this way, in one transaction
   * (decision 0034). A joined run's conflicts re-run this whole transaction.
   */
  joinNested?: boolean;
}

/** Rolls a keyed command that appended nothing back, claim included, carrying its answer out. */
class NothingAppended extends Error {
  constructor(readonly result: unknown) {
    super('a keyed command appended nothing: its key is released');
  }
}

/**
 * The command side's only door to the ledger. A command handler reads its state from inline
 * projections, decides, and appends — all inside one transaction that is re-run on conflicts.
 */
export class Ledger {
  /** The transaction of a run started with `joinNested`, for the runs its work starts. */
  private readonly joinable = new AsyncLocalStorage<Tx>();

  constructor(
    readonly db: Database,
    readonly projections: ProjectionRunner,
  ) {}

  async run<T>(
    metadata: EventMetadata,
    work: (tx: LedgerTx) => Promise<T>,
    options: LedgerCommandOptions = {},
  ): Promise<T> {
    const outer = this.joinable.getStore();
    // Joined: the outer transaction decides commit and retries; COMMIT never rides with a joined append.
    if (outer) return work(new LedgerTx(outer, this.projections, metadata, new Date(), false));
    const idem = options.idempotency;
    try {
      return await this.db.transaction(async (sql) => {
        if (options.joinNested)
          return this.joinable.run(sql, () => work(new LedgerTx(sql, this.projections, metadata, new Date(), false)));
        if (idem) {
          const claim = await claimIdempotencyKey<T>(sql, idem);
          if (claim.kind === 'replay') return claim.response;
        }
        const tx = new LedgerTx(sql, this.projections, metadata, new Date(), !idem);
        const result = await work(tx);
        if (idem) {
          // A refusal (nothing appended) is not remembered under its key: it changed nothing, so the
          // key is released (rolled back with its claim) and a retry runs again, and may succeed.
          if (tx.appended.length === 0) throw new NothingAppended(result);
          await recordIdempotentResponse(sql, idem, result);
        }
        return result;
      });
    } catch (error) {
      if (error instanceof NothingAppended) return error.result as T;
      throw error;
    }
  }
}
