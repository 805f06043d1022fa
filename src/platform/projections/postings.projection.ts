import { prepared, Sql } from '../db/sql';
import { assertInvariant } from '../errors';
import { Posting, postingsBalance } from '../money';
import { Projection, ANY_EVENT, eventPosition, EVENT_TIME, ProjectedEvent, Statement } from './projection';

/** One fixed text for any number of postings (seq = their order, from 0); $1, $5: the event's stream and version. */
const INSERT_POSTINGS_SQL = prepared(`insert into postings (position, seq, account, amount_paise, recorded_at)
   select e.position, (u.ord - 1)::smallint, u.account, u.amount_paise, $4::timestamptz
     from (select ${eventPosition(1, 5)} as position) e,
          unnest($2::text[], $3::bigint[]) with ordinality as u(account, amount_paise, ord)`);

/** Every event that carries postings adds one row per posting. A balance is a sum; nothing is updated in place. */
export const postingsProjection: Projection = {
  name: 'postings',
  tables: ['postings'],
  handles: [ANY_EVENT],
  project(event: ProjectedEvent): Statement[] {
    const postings = (event.payload as { postings?: Posting[] } | null)?.postings;
    if (!postings || postings.length === 0) return [];
    assertInvariant(
      postingsBalance(postings) === 0n,
      `postings of ${event.streamId} v${event.streamVersion} do not sum to zero`,
    );
    // One row per posting, by construction (unnest); a missing event leaves position null, which the NOT NULL refuses.
    return [
      {
        text: INSERT_POSTINGS_SQL,
        params: [
          event.streamId,
          postings.map((p) => p.account),
          postings.map((p) => p.amountPaise),
          event.recordedAt,
          event.streamVersion,
        ],
      },
    ];
  },
  rebuild: [
    // One pass over the events (decision 0053): jsonb_to_record reads each payload once; an event
    // without postings is left at once. Each event's postings are summed as they are read, and an
    // event whose postings do not sum to zero fails the statement right there, as `project` refuses
    // it, instead of grouping every posting again after the load. (Many events carry the same
    // postings: PostgreSQL may remember a list's rows by its value.)
    `insert into postings (position, seq, account, amount_paise, recorded_at)
     select events.position, (p.ord - 1)::smallint, p.account, p.amount_paise, ${EVENT_TIME}
       from events
      cross join lateral jsonb_to_record(events.payload) as e(postings jsonb)
      cross join lateral (select sum(x."amountPaise") as total
                            from jsonb_to_recordset(case when jsonb_typeof(e.postings) = 'array' then e.postings end)
                                 as x("amountPaise" bigint)) s
      cross join lateral rows from (jsonb_to_recordset(case when jsonb_typeof(e.postings) = 'array' then e.postings end)
                                     as (account text, "amountPaise" bigint))
                 with ordinality as p(account, amount_paise, ord)
      where jsonb_typeof(e.postings) = 'array'
        and case when coalesce(s.total, 0) = 0 then true
                 else ledger_assert(false, 'postings of the event at position ' || events.position || ' do not sum to zero') is null end`,
  ],
  // Its key (position, seq) holds by construction: an event's position is unique, and seq numbers its postings.
  keysByConstruction: ['postings_pkey'],
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
