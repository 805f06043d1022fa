import { DataSource, QueryRunner } from 'typeorm';
import { ConcurrencyError, DomainError } from '../errors';

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
}

export class Tx implements Sql {
  constructor(private readonly runner: QueryRunner) {}

  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.execute<T>(text, params)).rows;
  }

  async execute<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<ExecResult<T>> {
    const result = await this.runner.query(text, params, true);
    const rows = (Array.isArray(result.records) ? result.records : []) as T[];
    return { rows, rowCount: typeof result.affected === 'number' ? result.affected : rows.length };
  }
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

export interface TransactionOptions {
  /** Re-run the whole function on version conflicts and serialization failures (default true). */
  retry?: boolean;
  isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';
  readOnly?: boolean;
}

export class Database implements Sql {
  constructor(readonly dataSource: DataSource) {}

  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.execute<T>(text, params)).rows;
  }

  async execute<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<ExecResult<T>> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await new Tx(runner).execute<T>(text, params);
    } finally {
      await runner.release();
    }
  }

  /**
   * Runs `work` in one READ COMMITTED transaction. Everything it appends and projects commits
   * together or not at all. Conflicts re-run the whole function, so it must re-read its state.
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const attempts = options.retry === false ? 1 : MAX_TRANSACTION_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      let open = false;
      try {
        // One round trip (TypeORM's startTransaction sends START TRANSACTION and SET TRANSACTION apart).
        await runner.query(`begin isolation level ${options.isolation ?? 'READ COMMITTED'}${options.readOnly ? ' read only' : ''}`);
        open = true;
        const result = await work(new Tx(runner));
        await runner.query('commit');
        open = false;
        return result;
      } catch (error) {
        if (open) await runner.query('rollback').catch(() => undefined);
        if (attempt < attempts && isRetryable(error)) {
          await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 10 * attempt)));
          continue;
        }
        if (sqlState(error) === '22P05' || sqlState(error) === '22021') {
          throw new DomainError('INPUT.BAD_TEXT', 'Input contains characters that cannot be stored', 'invalid');
        }
        throw error;
      } finally {
        await runner.release();
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
    extra: { max: options.poolSize ?? 20, application_name: options.applicationName ?? 'sahyog' },
  });
}
