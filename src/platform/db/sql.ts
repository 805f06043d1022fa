import * as pg from 'pg';

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
/** The name each registered text is prepared under (read by the pipelined transaction). */
export const PREPARED_NAMES: ReadonlyMap<string, string> = PREPARED;
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
  if (typeof text !== 'string' || text.length === 0)
    throw new Error(`statement text must be a non-empty string, got ${typeof text}`);
  return params.map((value) => pgPrepareValue(value));
}
