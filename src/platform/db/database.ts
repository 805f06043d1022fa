import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { ConcurrencyError, DomainError } from '../errors';
import { REGISTER_LEDGER_WRITER_SQL } from '../event-store/ledger-order';
import { Tx } from './pipelined-tx';
import { DatabaseWatchdog } from './watchdog';
import { ExecResult, Sql } from './sql';
import { isSerializationFailure } from './sql-errors';
import { poolTarget } from './multi-host';

/** How often a transaction is re-run after a serialization failure, deadlock or version conflict. */
export const MAX_TRANSACTION_ATTEMPTS = 5;

function isRetryable(error: unknown): boolean {
  return error instanceof ConcurrencyError || isSerializationFailure(error);
}

/** A transaction still failed on serialization or deadlock after every allowed attempt. */
export class ContentionError extends DomainError {
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(
      'DB.CONTENTION',
      'Too many requests are changing the same records at this moment. Please try again.',
      'conflict',
    );
  }
}

export interface TransactionOptions {
  /** Re-run the whole function on version conflicts and serialization failures (default true). */
  retry?: boolean;
  isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';
  readOnly?: boolean;
  /**
   * The transaction may append to the ledger (default: unless `readOnly`). Such a transaction
   * registers as a ledger writer with BEGIN, before it has a transaction id, and the readers of the
   * ledger (relay, checkpoints, level income) wait for it; a transaction that says `false` cannot
   * append (the events table refuses it) and holds no reader back (decision 0036).
   */
  appends?: boolean;
}

export class Database implements Sql {
  constructor(
    readonly dataSource: DataSource,
    /** The process's watchdog (PlatformModule): while the server does not answer, every call fails at once with a 503. */
    private readonly watchdog?: DatabaseWatchdog,
  ) {}

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
  private withClient<T>(work: (client: PoolClient, unusable: (error: Error) => void) => Promise<T>): Promise<T> {
    return this.watchdog ? this.watchdog.guard(() => this.onClient(work)) : this.onClient(work);
  }

  private async onClient<T>(work: (client: PoolClient, unusable: (error: Error) => void) => Promise<T>): Promise<T> {
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
      if (!broken && client.getTransactionStatus() !== 'I')
        broken = new Error(`client returned to the pool in transaction state ${client.getTransactionStatus()}`);
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
   * Runs the reads of `work` on one pooled connection, outside any transaction: the statements it
   * starts go to the server without waiting for each other (the client pipelines), those started
   * in one synchronous stretch in one write. A page of several independent reads (the dashboard)
   * then costs one pool checkout and about one round trip instead of one of each per read. Each
   * statement sees its own snapshot, as reads through `query` do.
   */
  async reads<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      const connection = new Tx(client);
      try {
        return await connection.batch(() => work(connection));
      } finally {
        // Every statement answered before the client goes back to the pool, whatever failed.
        await connection.close();
      }
    });
  }

  /**
   * Runs `work` in one READ COMMITTED transaction. Everything it appends and projects commits
   * together or not at all. Conflicts re-run the whole function, so it must re-read its state.
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const attempts = options.retry === false ? 1 : MAX_TRANSACTION_ATTEMPTS;
    // One text (TypeORM's startTransaction sends START TRANSACTION and SET TRANSACTION apart) — BEGIN
    // and, for a ledger writer, its registration — sent with the transaction's first read
    // (Tx.execute), so usually no round trip of its own.
    const appends = options.appends ?? !options.readOnly;
    const begin =
      `begin isolation level ${options.isolation ?? 'READ COMMITTED'}${options.readOnly ? ' read only' : ''}` +
      (appends ? `; ${REGISTER_LEDGER_WRITER_SQL}` : '');
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
              if (committed.command !== 'COMMIT')
                throw new Error(
                  `the transaction was rolled back at COMMIT (${committed.command}): a statement in it failed`,
                );
            }
            return result;
          } catch (error) {
            await tx.close();
            // A client whose ROLLBACK failed may still be inside the transaction: never reuse it.
            if (tx.started && client.getTransactionStatus() !== 'I')
              await client.query('rollback').catch((rollbackError: Error) => unusable(rollbackError));
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
        if (options.retry !== false && !(error instanceof ConcurrencyError) && isRetryable(error))
          throw new ContentionError(attempts, error);
        throw error;
      }
    }
  }
}

/** Margin past the statement timeout after which the client gives up on a server that does not answer at all (frozen, cut off). */
const SILENT_SERVER_MARGIN_MS = 2000;

export function createDataSource(
  url: string,
  options: {
    poolSize?: number;
    applicationName?: string;
    /** The process's limits (AppConfig.db); without them (tests' and tools' own connections) no timeouts are set. */
    limits?: { connectTimeoutMs: number; statementTimeoutMs: number; idleInTransactionTimeoutMs: number };
  } = {},
): DataSource {
  const limits = options.limits;
  // a libpq multi-host URL: each new connection goes to the writable host (multi-host.ts)
  const target = poolTarget(url);
  return new DataSource({
    type: 'postgres',
    url: target.url,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    entities: [],
    // pipeline: a statement is sent without waiting for the one before to finish, so Tx.batch can
    // put several in one write; statements that are awaited one by one behave exactly as without.
    extra: {
      max: options.poolSize ?? 20,
      application_name: options.applicationName ?? 'sahyog',
      pipeline: true,
      ...(limits && {
        // A pool checkout (a new connection, or waiting for a busy pool) fails after this: 503, not a hang.
        connectionTimeoutMillis: limits.connectTimeoutMs,
        statement_timeout: limits.statementTimeoutMs,
        idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
        // Client side: a server that stopped answering (SIGSTOP, a cut link) gives no statement timeout.
        query_timeout: limits.statementTimeoutMs + SILENT_SERVER_MARGIN_MS,
        keepAlive: true,
      }),
      ...target.extra,
    },
  });
}
