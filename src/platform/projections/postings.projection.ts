import { Sql } from '../db/database';
import { valuesList } from '../db/values';
import { StoredEvent } from '../event-store/event.types';
import { assertInvariant } from '../errors';
import { Posting, postingsBalance } from '../money';
import { Projection, ANY_EVENT } from './projection';

/** Every event that carries postings adds one row per posting. A balance is a sum; nothing is updated in place. */
export const postingsProjection: Projection = {
  name: 'postings',
  tables: ['postings'],
  handles: [ANY_EVENT],
  async apply(sql: Sql, event: StoredEvent): Promise<void> {
    const postings = (event.payload as { postings?: Posting[] } | null)?.postings;
    if (!postings || postings.length === 0) return;
    assertInvariant(postingsBalance(postings) === 0n, `postings of event ${event.position} do not sum to zero`);
    const rows = valuesList(postings.map((posting, seq) => [event.position, seq, posting.account, posting.amountPaise, event.recordedAt]));
    await sql.execute(`insert into postings (position, seq, account, amount_paise, recorded_at) values ${rows.sql}`, rows.params);
  },
};

/** The balance of named accounts, in paise; accounts with no postings are 0. */
export async function balances(sql: Sql, accounts: readonly string[]): Promise<Map<string, bigint>> {
  const rows = await sql.query<{ account: string; total: string }>(
    'select account, sum(amount_paise)::text as total from postings where account = any($1) group by account',
    [accounts],
  );
  const result = new Map<string, bigint>(accounts.map((a) => [a, 0n]));
  for (const row of rows) result.set(row.account, BigInt(row.total));
  return result;
}
