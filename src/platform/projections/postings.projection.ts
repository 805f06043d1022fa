import { Sql } from '../db/database';
import { assertInvariant } from '../errors';
import { Posting, postingsBalance } from '../money';
import { Projection, ANY_EVENT, exactlyRows, ProjectedEvent, Statement } from './projection';

/**
 * The postings as stored: read from the event row this transaction inserted ($1, $2 = its stream
 * and version), so nothing but those two values travels; seq = their order in the payload, from 0.
 */
const INSERT_POSTINGS_SQL = `insert into postings (position, seq, account, amount_paise, recorded_at)
   select e.position, (p.ord - 1)::smallint, p.posting->>'account', (p.posting->>'amountPaise')::bigint, e.recorded_at
     from events e, jsonb_array_elements(e.payload->'postings') with ordinality as p(posting, ord)
    where e.stream_id = $1 and e.stream_version = $2`;

/** Every event that carries postings adds one row per posting. A balance is a sum; nothing is updated in place. */
export const postingsProjection: Projection = {
  name: 'postings',
  tables: ['postings'],
  handles: [ANY_EVENT],
  project(event: ProjectedEvent): Statement[] {
    const postings = (event.payload as { postings?: Posting[] } | null)?.postings;
    if (!postings || postings.length === 0) return [];
    assertInvariant(postingsBalance(postings) === 0n, `postings of ${event.streamId} v${event.streamVersion} do not sum to zero`);
    return [exactlyRows(INSERT_POSTINGS_SQL, [event.streamId, event.streamVersion], postings.length, `postings of ${event.streamId} v${event.streamVersion} not all written`)];
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
