import type { PoolClient, QueryResult } from 'pg';
import type { QueryRunner } from 'typeorm';
import { invariantFromSql } from './sql-errors';
import { ExecResult, PREPARED_NAMES, Sql } from './sql';

// The pipelined transaction of decision 0010: statements go to a pg client directly, several in
// one write where the caller batches them, BEGIN with the first read, and COMMIT, where it can,
// with the last statements.

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
    const stream = isQueryRunner(this.connection)
      ? undefined
      : (this.connection as unknown as CorkableClient).connection?.stream;
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
    if (!this.begun || this.beginSent || this.closed || this.inFlight.size > 0 || isQueryRunner(connection))
      return this.batch(send);
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
    if (this.closed)
      return Promise.reject(new Error(`statement after the end of its transaction: ${text.slice(0, 80)}`));
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
    const name = PREPARED_NAMES.get(text);
    // (text, values) spares pg a copy of the config object; a named statement needs the object.
    const send = () =>
      (name ? connection.query({ name, text, values: params }) : connection.query(text, params)).catch(
        invariantFromSql,
      );
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
