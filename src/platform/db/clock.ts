import { Sql } from './sql';

/**
 * The database's clock, now (`clock_timestamp()`, not the transaction's start): the one clock every
 * process shares. Decisions that time makes — a schedule's slot, a link's deadline, a dispute's
 * window — read it here, never a worker's own clock (issue 19 §1: a worker whose clock is fast
 * must not move a schedule or expire a link early; decision 0039).
 */
export async function databaseNow(sql: Pick<Sql, 'query'>): Promise<Date> {
  const [row] = await sql.query<{ ms: string }>(
    'select floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text as ms',
  );
  return new Date(Number(row.ms));
}
