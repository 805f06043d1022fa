import * as pg from 'pg';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { DataSource, QueryRunner } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { ConcurrencyError, DomainError, InvariantViolation } from '../errors';

/** How often a transaction is re-run after a serialization failure, deadlock or version conflict. */
export const MAX_TRANSACTION_ATTEMPTS = 5;

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

export interface ExecResult<T> {
  rows: T[];
  rowCount: number;
}

/** The one way code below the handlers talks SQL: inside a transaction, or outside for reads. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  execute<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<ExecResult<T>>;
  /**
   * Where supported (a transaction's Tx): the statements `send` starts synchronously go to the
   * server in one write and run one after another in the order they were started (a pipeline),
   * instead of one round trip each. Await them all with `Promise.allSettled` before deciding
   * anything: `Promise.all` stops waiting at the first failure while the others still run.
   */
  batch?<T>(send: () => T): T;
}

/**
 * Statement texts registered with `prepared()`: each connection prepares such a statement once
 * (a named statement) and from then on only binds and executes it, so PostgreSQL skips parsing
 * and (once it settles on a generic plan) planning. Only fixed texts of the hot paths are
 * registered, at module load, so the number of names per connection is bounded by the code.
 */
const PREPARED = new Map<string, string>();
/** More would mean texts are being built at run time; those run unnamed instead. */
export const MAX_PREPARED_STATEMENTS = 64;

/** Marks a fixed statement text to be prepared once per connection; returns the text unchanged. */
export function prepared(text: string): string {
  if (!PREPARED.has(text) && PREPARED.size < MAX_PREPARED_STATEMENTS) PREPARED.set(text, `sahyog_${PREPARED.size + 1}`);
  return text;
}

/** pg's own parameter conversion (declared by pg, not by @types/pg). */
const pgPrepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/**
 * A statement's parameters converted exactly as pg would convert them when sending, but now: a
 * value pg cannot convert throws here, before anything is sent. (pg rejects such a statement
 * without the server ever seeing it, so the transaction would not fail on its own — which a
 * COMMIT sent in the same write relies on; see Tx.commitWith.)
 */
export function wireParams(text: unknown, params: readonly unknown[]): unknown[] {
  if (typeof text !== 'string' || text.length === 0) throw new Error(`statement text must be a non-empty string, got ${typeof text}`);
  return params.map((value) => pgPrepareValue(value));
}

/** A pooled pg client, or (tests) a connected TypeORM QueryRunner. */
export type Connection = PoolClient | QueryRunner;

function isQueryRunner(connection: Connection): connection is QueryRunner {
  return typeof (connection as QueryRunner).startTransaction === 'function';
}

/** pg's socket, which pg itself corks around each statement's messages. */
interface CorkableClient {
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

/** A read that can write nothing, so it may share BEGIN's round trip (see Tx.execute). */
const PLAIN_SELECT = /^\s*select\s/i;

export class Tx implements Sql {
  /** Statements sent and not yet answered: the transaction ends only after every one of them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Set once the transaction is ending: a statement started later would run outside it. */
  private closed = false;
  /** BEGIN not sent yet: it goes with the transaction's first statement. */
  private pendingBegin: string | null;
  /** Set while a BEGIN that could not share a round trip is on its way: later statements wait for it. */
  private beginSent: Promise<unknown> | null = null;
  private begun = false;
  /** COMMIT, when it went out with the transaction's last statements (commitWith). */
  private commitSent: Promise<QueryResult> | null = null;

  constructor(
    private readonly connection: Connection,
    begin?: string,
  ) {
    this.pendingBegin = begin ?? null;
  }

  /** Whether BEGIN has been sent (so the transaction needs a COMMIT or ROLLBACK). */
  get started(): boolean {
    return this.begun;
  }

  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.execute<T>(text, params)).rows;
  }

  batch<T>(send: () => T): T {
    const stream = isQueryRunner(this.connection) ? undefined : (this.connection as unknown as CorkableClient).connection?.stream;
    stream?.cork?.();
    try {
      return send();
    } finally {
      stream?.uncork?.();
    }
  }

  /**
   * Like `batch`, and COMMIT goes in the same write right behind the statements `send` starts:
   * the transaction ends here, and a statement started later is refused. Safe only because a
   * statement's failure fails the transaction in PostgreSQL (COMMIT then answers ROLLBACK, which
   * Database.transaction reports as the failure) — so nothing may be checked in Node on these
   * statements' results, and their parameters must have been converted up front (`wireParams`),
   * since pg rejects a statement it cannot convert without the server seeing an error. Falls back
   * to `batch` (COMMIT later, as usual) where BEGIN has not gone out yet, other statements are
   * still in flight, or the connection cannot pipeline.
   */
  commitWith<T>(send: () => T): T {
    const connection = this.connection;
    // Statements already in flight were started by other work whose results someone may still
    // act on: COMMIT waits for them as usual.
    if (!this.begun || this.beginSent || this.closed || this.inFlight.size > 0 || isQueryRunner(connection)) return this.batch(send);
    return this.batch(() => {
      const result = send();
      const commit = connection.query('commit');
      this.inFlight.add(commit);
      const forget = () => void this.inFlight.delete(commit);
      commit.then(forget, forget);
      this.commitSent = commit;
      this.closed = true;
      return result;
    });
  }

  /** The answer to a COMMIT sent by `commitWith`, or null when none was. */
  get sentCommit(): Promise<QueryResult> | null {
    return this.commitSent;
  }

  /**
   * Ends the statement side of the transaction: nothing new may start, and every statement already
   * sent is waited for (whatever its outcome), so COMMIT or ROLLBACK is truly the last statement
   * and the client goes back to the pool idle. Returns the first failure nobody awaited, if any.
   */
  async close(): Promise<unknown> {
    this.closed = true;
    const outcomes = await Promise.allSettled([...this.inFlight]);
    return outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason;
  }

  execute<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<ExecResult<T>> {
    if (this.closed) return Promise.reject(new Error(`statement after the end of its transaction: ${text.slice(0, 80)}`));
    const running = this.run<T>(text, params);
    this.inFlight.add(running);
    const forget = () => void this.inFlight.delete(running);
    running.then(forget, forget);
    return running;
  }

  private async run<T>(text: string, params: unknown[]): Promise<ExecResult<T>> {
    const connection = this.connection;
    if (isQueryRunner(connection)) {
      if (this.pendingBegin !== null) throw new Error('a QueryRunner transaction is begun by its owner');
      const result = await connection.query(text, params, true).catch(invariantFromSql);
      const rows = (Array.isArray(result.records) ? result.records : []) as T[];
      return { rows, rowCount: typeof result.affected === 'number' ? result.affected : rows.length };
    }
    // pg directly: no per-statement TypeORM logging, broadcasting and result wrapping.
    const name = PREPARED.get(text);
    // (text, values) spares pg a copy of the config object; a named statement needs the object.
    const send = () => (name ? connection.query({ name, text, values: params }) : connection.query(text, params)).catch(invariantFromSql);
    let result: QueryResult | QueryResult[];
    if (this.pendingBegin !== null) {
      const begin = this.pendingBegin;
      this.pendingBegin = null;
      this.begun = true;
      if (PLAIN_SELECT.test(text)) {
        // BEGIN and a read in one write (the client is in pipeline mode). Should BEGIN ever fail
        // while the connection lives, the read ran outside a transaction, wrote nothing, and
        // BEGIN's error is what the caller gets.
        const [, read] = await this.batch(() => Promise.all([connection.query(begin), send()]));
        result = read as QueryResult | QueryResult[];
      } else {
        // A write never risks running outside the transaction: BEGIN first, in its own round trip.
        this.beginSent = connection.query(begin);
        await this.beginSent;
        this.beginSent = null;
        result = (await send()) as QueryResult | QueryResult[];
      }
    } else {
      // Statements started while a lone BEGIN is in flight wait for it, in the order they came.
      if (this.beginSent) await this.beginSent;
      result = (await send()) as QueryResult | QueryResult[];
    }
    if (Array.isArray(result)) return { rows: [], rowCount: 0 }; // several statements in one text (none on these paths)
    const rows = (Array.isArray(result.rows) ? result.rows : []) as T[];
    return { rows, rowCount: typeof result.rowCount === 'number' ? result.rowCount : rows.length };
  }
}

/** SQLSTATE of `ledger_assert` (migration 1763800004000): a check PostgreSQL made for us. */
export const INVARIANT_SQLSTATE = 'LG001';

/** A check made inside a statement failed: the same InvariantViolation a check in Node throws. */
function invariantFromSql(error: unknown): never {
  if (sqlState(error) === INVARIANT_SQLSTATE) throw new InvariantViolation(String((error as Error).message).replace(/^Invariant violated: /, ''));
  throw error;
}

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (sqlState(error) !== '23505') return false;
  if (!constraint) return true;
  const e = error as { constraint?: string; driverError?: { constraint?: string } };
  return (e.driverError?.constraint ?? e.constraint) === constraint;
}

function isRetryable(error: unknown): boolean {
  const state = sqlState(error);
  return error instanceof ConcurrencyError || (state !== undefined && RETRYABLE_SQLSTATES.has(state));
}

/** A transaction still failed on serialization or deadlock after every allowed attempt. */
export class ContentionError extends DomainError {
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super('DB.CONTENTION', 'Too many requests are changing the same records at this moment. Please try again.', 'conflict');
  }
}

export interface TransactionOptions {
  /** Re-run the whole function on version conflicts and serialization failures (default true). */
  retry?: boolean;
  isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';
  readOnly?: boolean;
}

export class Database implements Sql {
  constructor(readonly dataSource: DataSource) {}

  /** TypeORM's pg pool (the DataSource's driver): statements go to pg clients directly. */
  private get pool(): Pool {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool | undefined;
    if (!pool) throw new Error('the DataSource is not initialized');
    return pool;
  }

  /**
   * Checks a client out for `work` and always gives it back: destroyed instead of reused when the
   * connection failed meanwhile or `work` reported it unusable (e.g. a failed ROLLBACK).
   */
  private async withClient<T>(work: (client: PoolClient, unusable: (error: Error) => void) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    // A checked-out client has no listener of the pool's; an unhandled 'error' would end the process.
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on('error', onError);
    try {
      return await work(client, (error) => {
        broken ??= error;
      });
    } finally {
      client.removeListener('error', onError);
      // A client still inside a transaction must never serve the next request: it would join it.
      if (!broken && client.getTransactionStatus() !== 'I') broken = new Error(`client returned to the pool in transaction state ${client.getTransactionStatus()}`);
      client.release(broken);
    }
  }

  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.execute<T>(text, params)).rows;
  }

  async execute<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<ExecResult<T>> {
    return this.withClient((client) => new Tx(client).execute<T>(text, params));
  }

  /**
   * Runs `work` in one READ COMMITTED transaction. Everything it appends and projects commits
   * together or not at all. Conflicts re-run the whole function, so it must re-read its state.
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const attempts = options.retry === false ? 1 : MAX_TRANSACTION_ATTEMPTS;
    // One statement (TypeORM's startTransaction sends START TRANSACTION and SET TRANSACTION apart),
    // sent with the transaction's first read (Tx.execute), so usually no round trip of its own.
    const begin = `begin isolation level ${options.isolation ?? 'READ COMMITTED'}${options.readOnly ? ' read only' : ''}`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.withClient(async (client, unusable) => {
          const tx = new Tx(client, begin);
          try {
            const result = await work(tx);
            const unobserved = await tx.close();
            if (unobserved) throw unobserved;
            if (tx.started) {
              // PostgreSQL answers COMMIT in a failed transaction with ROLLBACK, not an error.
              const committed = await (tx.sentCommit ?? client.query('commit'));
              if (committed.command !== 'COMMIT') throw new Error(`the transaction was rolled back at COMMIT (${committed.command}): a statement in it failed`);
            }
            return result;
          } catch (error) {
            await tx.close();
            // A client whose ROLLBACK failed may still be inside the transaction: never reuse it.
            if (tx.started && client.getTransactionStatus() !== 'I') await client.query('rollback').catch((rollbackError: Error) => unusable(rollbackError));
            throw error;
          }
        });
      } catch (error) {
        if (attempt < attempts && isRetryable(error)) {
          await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 10 * attempt)));
          continue;
        }
        // Out of attempts on a serialization failure or deadlock: the caller gets a clear, retryable
        // conflict (409 at the HTTP edge), not PostgreSQL's error text as a 500.
        if (options.retry !== false && !(error instanceof ConcurrencyError) && isRetryable(error)) throw new ContentionError(attempts, error);
        if (sqlState(error) === '22P05' || sqlState(error) === '22021') {
          throw new DomainError('INPUT.BAD_TEXT', 'Input contains characters that cannot be stored', 'invalid');
        }
        throw error;
      }
    }
  }
}

export function createDataSource(url: string, options: { poolSize?: number; applicationName?: string } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    entities: [],
    // pipeline: a statement is sent without waiting for the one before to finish, so Tx.batch can
    // put several in one write; statements that are awaited one by one behave exactly as without.
    extra: { max: options.poolSize ?? 20, application_name: options.applicationName ?? 'sahyog', pipeline: true },
  });
}
