import { Sql } from '../../platform/db/database';
import { LedgerCheck, Problem } from './verify';

/** No e-pin is used twice: at most one EpinUsed per e-pin stream. */
const epinUsedOnce: LedgerCheck = {
  name: 'epin-used-once',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{ stream_id: string; position: string }>(
      `select stream_id, (array_agg(position order by position))[2]::text as position
         from events where type = 'EpinUsed' group by stream_id having count(*) > 1`,
    );
    return rows.map((r) => ({ position: r.position, stream_id: r.stream_id, reason: 'e-pin used more than once' }));
  },
};

/** E-pin owners and states folded from the events equal the epins projection, per owner. */
const epinCountsMatch: LedgerCheck = {
  name: 'epin-counts',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{ owner: string; status: string; from_events: number; projected: number; last_position: string }>(
      `with folded as (
         select e.stream_id,
                (array_agg(coalesce(e.payload->>'to', e.payload->>'owner') order by e.stream_version)
                   filter (where e.type in ('EpinIssued', 'EpinTransferred')))[count(*) filter (where e.type in ('EpinIssued', 'EpinTransferred'))] as owner,
                case when bool_or(e.type = 'EpinUsed') then 'used' else 'unused' end as status,
                max(e.position) as last_position
           from events e where e.stream_id ~ '^epin-[A-Z0-9]{12}$' group by e.stream_id),
       from_events as (select owner, status, count(*)::int as n, max(last_position) as last_position from folded group by owner, status),
       projected as (select owner_uid as owner, status, count(*)::int as n from epins group by owner_uid, status)
       select coalesce(f.owner, p.owner) as owner, coalesce(f.status, p.status) as status,
              coalesce(f.n, 0) as from_events, coalesce(p.n, 0) as projected, coalesce(f.last_position, 0)::text as last_position
         from from_events f full join projected p on p.owner = f.owner and p.status = f.status
        where coalesce(f.n, 0) <> coalesce(p.n, 0)`,
    );
    return rows.map((r) => ({ position: r.last_position, stream_id: `member-${r.owner}`, reason: `${r.status} e-pins of ${r.owner}: ${r.from_events} in the ledger, ${r.projected} in the read table` }));
  },
};

/** Each member's level income in the read table equals the sum of their level-income postings. */
const incomeMatchesPostings: LedgerCheck = {
  name: 'income-postings',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{ uid: string; table_paise: string; postings_paise: string }>(
      `with t as (select earner_uid as uid, sum(amount_paise) as n from level_income where paid group by earner_uid),
            p as (select split_part(account, ':', 2) as uid, sum(amount_paise) as n from postings where account like 'member:%:level-income' group by 1)
       select coalesce(t.uid, p.uid) as uid, coalesce(t.n, 0)::text as table_paise, coalesce(p.n, 0)::text as postings_paise
         from t full join p on p.uid = t.uid where coalesce(t.n, 0) <> coalesce(p.n, 0)`,
    );
    return rows.map((r) => ({ position: '0', stream_id: `member-${r.uid}`, reason: `level income of ${r.uid}: ${r.table_paise} paise in the read table, ${r.postings_paise} in postings` }));
  },
};

/** Every check `verify` runs beyond chains, checkpoints and balanced postings. */
export const LEDGER_CHECKS: readonly LedgerCheck[] = [epinUsedOnce, epinCountsMatch, incomeMatchesPostings];
