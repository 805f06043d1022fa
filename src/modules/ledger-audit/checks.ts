import { Sql } from '../../platform/db/sql';
import { CREDENTIAL_CHECKS } from './credential-checks';
import { HELP_CHECKS } from './help-checks';
import { LedgerCheck, MAX_PROBLEMS, Problem } from './problem';
import { STREAM_RULES } from './stream-rules';
import { BESIDE_LEDGER_CHECKS } from './beside-ledger-checks';

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
    const rows = await sql.query<{
      owner: string;
      status: string;
      from_events: number;
      projected: number;
      last_position: string;
    }>(
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
    return rows.map((r) => ({
      position: r.last_position,
      stream_id: `member-${r.owner}`,
      reason: `${r.status} e-pins of ${r.owner}: ${r.from_events} in the ledger, ${r.projected} in the read table`,
    }));
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
    return rows.map((r) => ({
      position: '0',
      stream_id: `member-${r.uid}`,
      reason: `level income of ${r.uid}: ${r.table_paise} paise in the read table, ${r.postings_paise} in postings`,
    }));
  },
};

/** How one level of a level-income payment reads, the same for the ledger's side and the table's. */
const LEVEL_ROW_TEXT = (
  amount: string,
  paid: string,
  earner: string,
  rate: string,
  reason: string,
  from: string,
  on: string,
  at: string,
) =>
  `format('%s paise %s to %s at %s bp%s, from %s on %s paise, at %s', ${amount}, case when ${paid} then 'paid' else 'unpaid' end, coalesce(${earner}, 'nobody'), ${rate}, coalesce(' (' || ${reason} || ')', ''), ${from}, ${on}, coalesce(to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'no time'))`;

/**
 * Every level_income row — paid or unpaid — is one level of its `LevelIncomeDistributed` event,
 * field by field, and every level of every such event has its row. A per-member total hides two
 * rows changed in opposite directions, and unpaid rows have no postings at all; this names the row.
 */
const levelIncomeRowsMatchEvents: LedgerCheck = {
  name: 'level-income-rows',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{
      position: string;
      stream_id: string;
      topup: string;
      level: number;
      ledger: string | null;
      table: string | null;
    }>(
      `with ledger as (
         select e.position, e.stream_id, (e.payload->>'topupPosition')::bigint as topup, (l->>'level')::int as level, l->>'uid' as earner,
                e.payload->>'fromUid' as from_uid, e.payload->>'packagePaise' as on_amount, (l->>'rateBp')::int as rate_bp,
                l->>'amountPaise' as amount, (l->>'paid')::boolean as paid, l->>'reason' as reason,
                -- The row's paid_at is the time its event was recorded (the projection writes it so).
                e.recorded_at as paid_at
           from events e cross join lateral jsonb_array_elements(case when jsonb_typeof(e.payload->'levels') = 'array' then e.payload->'levels' else '[]'::jsonb end) l
          where e.type = 'LevelIncomeDistributed')
       select coalesce(l.position, t.topup_position)::text as position, coalesce(l.stream_id, 'level-income-' || t.topup_position) as stream_id,
              coalesce(l.topup, t.topup_position)::text as topup, coalesce(l.level, t.level) as level,
              case when l.topup is null then null else ${LEVEL_ROW_TEXT('l.amount', 'l.paid', 'l.earner', 'l.rate_bp', 'l.reason', 'l.from_uid', 'l.on_amount', 'l.paid_at')} end as ledger,
              case when t.topup_position is null then null else ${LEVEL_ROW_TEXT('t.amount_paise', 't.paid', 't.earner_uid', 't.rate_bp', 't.reason', 't.from_uid', 't.on_amount_paise', 't.paid_at')} end as table
         from ledger l full join level_income t on t.topup_position = l.topup and t.level = l.level
        where l.topup is null or t.topup_position is null
           or (l.earner, l.from_uid, l.on_amount, l.rate_bp, l.amount, l.paid, l.reason, l.paid_at)
              is distinct from (t.earner_uid::text, t.from_uid::text, t.on_amount_paise::text, t.rate_bp, t.amount_paise::text, t.paid, t.reason, t.paid_at)
        order by coalesce(l.topup, t.topup_position), coalesce(l.level, t.level) limit ${MAX_PROBLEMS}`,
    );
    return rows.map((r) => ({
      position: r.position,
      stream_id: r.stream_id,
      reason: `level_income row (top-up ${r.topup}, level ${r.level}): ${r.ledger ?? 'no such level'} in the ledger, ${r.table ?? 'no row'} in the read table`,
    }));
  },
};

/** Each e-pin's type and value in the read table are its `EpinIssued`'s, and each top-up's value is its e-pin's. */
const epinValuesMatch: LedgerCheck = {
  name: 'epin-values',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{ position: string; stream_id: string; reason: string }>(
      `select i.position, i.stream_id,
              format('e-pin %s: %s of %s paise in the ledger, %s of %s paise in the read table', p.number, i.payload->>'epinType', i.payload->>'valuePaise', p.type, p.value_paise) as reason
         from events i join epins p on p.number = i.payload->>'number'
        where i.type = 'EpinIssued' and (p.type <> i.payload->>'epinType' or p.value_paise::text <> i.payload->>'valuePaise')
       union all
       select t.position, t.stream_id,
              format('top-up with e-pin %s valued %s paise, the e-pin was issued at %s', t.payload->>'epin', t.payload->>'valuePaise', i.payload->>'valuePaise')
         from events t join events i on i.stream_id = 'epin-' || (t.payload->>'epin') and i.type = 'EpinIssued'
        where t.type = 'MemberToppedUp' and t.payload->>'valuePaise' <> i.payload->>'valuePaise'
       order by 1 limit ${MAX_PROBLEMS}`,
    );
    return rows;
  },
};

/**
 * The postings table is exactly the postings the events carry: same (event, order), account and
 * amount, no row without its event and no event posting without its row. With this, balances and
 * income read from the table are the ledger's, and the income check above compares against it.
 */
const postingsMatchEvents: LedgerCheck = {
  name: 'postings-match-events',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{
      position: string;
      stream_id: string | null;
      seq: number;
      ledger: string | null;
      table: string | null;
    }>(
      `with ledger as (
         select e.position, (p.ord - 1)::int as seq, p.posting->>'account' as account, p.posting->>'amountPaise' as amount
           from events e
           cross join lateral jsonb_array_elements(case when jsonb_typeof(e.payload->'postings') = 'array' then e.payload->'postings' else '[]'::jsonb end) with ordinality as p(posting, ord))
       select coalesce(l.position, t.position) as position, (select e.stream_id from events e where e.position = coalesce(l.position, t.position)) as stream_id,
              coalesce(l.seq, t.seq) as seq,
              case when l.position is null then null else l.account || ' ' || l.amount end as ledger,
              case when t.position is null then null else t.account || ' ' || t.amount_paise end as table
         from ledger l full join postings t on t.position = l.position and t.seq = l.seq
        where l.position is null or t.position is null or l.account is distinct from t.account or l.amount is distinct from t.amount_paise::text
        order by 1, 2 limit ${MAX_PROBLEMS}`,
    );
    return rows.map((r) => ({
      position: r.position,
      stream_id: r.stream_id ?? '',
      reason: `posting ${r.seq} of event ${r.position}: ${r.ledger ?? 'none'} in the ledger, ${r.table ?? 'none'} in the read table`,
    }));
  },
};

/** Every check `verify` runs beyond chains, checkpoints and balanced postings. */
export const LEDGER_CHECKS: readonly LedgerCheck[] = [
  epinUsedOnce,
  epinCountsMatch,
  epinValuesMatch,
  postingsMatchEvents,
  levelIncomeRowsMatchEvents,
  incomeMatchesPostings,
  ...HELP_CHECKS,
  ...STREAM_RULES,
  ...BESIDE_LEDGER_CHECKS,
  ...CREDENTIAL_CHECKS,
];
