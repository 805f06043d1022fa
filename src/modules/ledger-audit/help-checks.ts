import { Sql } from '../../platform/db/sql';
import { LedgerCheck, MAX_PROBLEMS, Problem } from './problem';

/**
 * The PH and GH queues equal their accounts: per member and side, what waits unmatched in
 * `queue_entries` equals the balance of `member:<uid>:ph-owed` / `gh-owed`; so the queue totals
 * equal the sums of those balances.
 */
const queuesMatchBalances: LedgerCheck = {
  name: 'queues-match-balances',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{ uid: string; side: string; table_paise: string; postings_paise: string }>(
      `with t as (select uid::text as uid, side, sum(remaining_paise) as n from queue_entries group by uid, side),
            p as (select split_part(account, ':', 2) as uid, case split_part(account, ':', 3) when 'ph-owed' then 'PH' else 'GH' end as side, sum(amount_paise) as n
                    from postings where account like 'member:%:ph-owed' or account like 'member:%:gh-owed' group by 1, 2)
       select coalesce(t.uid, p.uid) as uid, coalesce(t.side, p.side) as side, coalesce(t.n, 0)::text as table_paise, coalesce(p.n, 0)::text as postings_paise
         from t full join p on p.uid = t.uid and p.side = t.side
        where coalesce(t.n, 0) <> coalesce(p.n, 0) limit ${MAX_PROBLEMS}`,
    );
    return rows.map((r) => ({
      position: '0',
      stream_id: `member-${r.uid}`,
      reason: `${r.side} queue of ${r.uid}: ${r.table_paise} paise waiting in the read table, ${r.postings_paise} in the ${r.side === 'PH' ? 'ph-owed' : 'gh-owed'} account`,
    }));
  },
};

/**
 * The queue totals the dashboard reads (`queue_waiting_totals`, decision 0054: deltas a trigger
 * appends with every change of `queue_entries`) equal the waiting entries themselves, per side.
 */
const queueTotalsMatchEntries: LedgerCheck = {
  name: 'queue-totals-match-entries',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{
      side: string;
      entries: string;
      paise: string;
      totals_entries: string;
      totals_paise: string;
    }>(
      `with e as (select side, count(*) as n, sum(remaining_paise) as paise from queue_entries where remaining_paise > 0 group by side),
            t as (select side, sum(entries) as n, sum(remaining_paise) as paise from queue_waiting_totals group by side)
       select s.side, coalesce(e.n, 0)::text as entries, coalesce(e.paise, 0)::text as paise,
              coalesce(t.n, 0)::text as totals_entries, coalesce(t.paise, 0)::text as totals_paise
         from (values ('PH'), ('GH')) s(side) left join e on e.side = s.side left join t on t.side = s.side
        where coalesce(e.n, 0) <> coalesce(t.n, 0) or coalesce(e.paise, 0) <> coalesce(t.paise, 0)`,
    );
    return rows.map((r) => ({
      position: '0',
      stream_id: 'help-matching',
      reason: `${r.side} queue totals: ${r.totals_entries} entries, ${r.totals_paise} paise in queue_waiting_totals; ${r.entries} entries, ${r.paise} paise waiting in queue_entries`,
    }));
  },
};

/**
 * Every link as the event that created it describes it (`link`: id, entries, sender, receiver,
 * amount...): each link of a batch's `HelpLinksCreated` (decision 0023), and the single-link
 * `HelpLinkCreated` events of ledgers written before.
 */
const CREATED_LINKS = `select position, stream_id, payload as link from events where type = 'HelpLinkCreated'
  union all
  select e.position, e.stream_id, l.link from events e cross join lateral jsonb_array_elements(e.payload->'links') as l(link)
   where e.type = 'HelpLinksCreated'`;

/** A help link settles once: at most one HelpLinkReceived or HelpLinkReturned, never both. */
const linkSettledOnce: LedgerCheck = {
  name: 'help-link-settled-once',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `select (array_agg(position order by position))[2]::text as position, stream_id, 'help link resolved more than once' as reason
         from events where type in ('HelpLinkReceived', 'HelpLinkReturned') group by stream_id having count(*) > 1
        order by 1 limit ${MAX_PROBLEMS}`,
    );
  },
};

/** Every help link row has the event that created it, with the same amount and position, and every created link has its row: no half link. */
const linksMatchCreated: LedgerCheck = {
  name: 'help-links-match-events',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `select coalesce(c.position, l.created_position, 0)::text as position, coalesce(c.stream_id, 'help-link-' || l.id) as stream_id,
              format('help link %s: %s in the ledger, %s in the read table', coalesce(l.id, c.link->>'id'),
                     coalesce((c.link->>'amountPaise') || ' paise at ' || c.position, 'nothing'),
                     coalesce(l.amount_paise || ' paise at ' || l.created_position, 'no row')) as reason
         from (${CREATED_LINKS}) c full join help_links l on l.id = c.link->>'id'
        where c.link is null or l.id is null or l.amount_paise::text <> c.link->>'amountPaise' or l.created_position <> c.position
        order by 1 limit ${MAX_PROBLEMS}`,
    );
  },
};

/** Nobody is linked to themselves. */
const noSelfLink: LedgerCheck = {
  name: 'help-link-not-self',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `select position::text as position, stream_id, format('member %s linked to themselves (link %s)', link->'sender'->>'uid', link->>'id') as reason
         from (${CREATED_LINKS}) c where link->'sender'->>'uid' = link->'receiver'->>'uid'
        order by position limit ${MAX_PROBLEMS}`,
    );
  },
};

/**
 * Every Received link's amount is counted once on each side: its receipt posts exactly the link's
 * amount to the sender's `ph-given` and the receiver's `gh-received` (and each link's two holding
 * accounts are back to zero once it has settled).
 */
const receivedCountedOnce: LedgerCheck = {
  name: 'help-link-received-once-each-side',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `with c as (${CREATED_LINKS}),
       r as (
         select e.position, e.stream_id, e.payload->>'id' as id, e.payload->>'amountPaise' as amount,
                e.payload->>'senderUid' as sender, e.payload->>'receiverUid' as receiver, c.link as created
           from events e left join c on c.link->>'id' = e.payload->>'id'
          where e.type = 'HelpLinkReceived')
       select r.position::text as position, r.stream_id,
              format('received link %s: %s paise, %s to ph-given of %s and %s to gh-received of %s', r.id, r.amount,
                     coalesce(pg.n, '0'), r.sender, coalesce(gr.n, '0'), r.receiver) as reason
         from r
         left join lateral (select sum(amount_paise)::text as n from postings p where p.position = r.position and p.account = 'member:' || r.sender || ':ph-given') pg on true
         left join lateral (select sum(amount_paise)::text as n from postings p where p.position = r.position and p.account = 'member:' || r.receiver || ':gh-received') gr on true
        where pg.n is distinct from r.amount or gr.n is distinct from r.amount
           or r.amount is distinct from r.created->>'amountPaise' or r.sender is distinct from r.created->'sender'->>'uid'
           or r.receiver is distinct from r.created->'receiver'->>'uid'
       union all
       select max(p.position)::text, 'help-link-' || split_part(p.account, ':', 2), format('settled link %s still holds %s paise on its %s side', split_part(p.account, ':', 2), sum(p.amount_paise), split_part(p.account, ':', 3))
         from postings p join help_links l on l.id = split_part(p.account, ':', 2) and l.settled
        where p.account like 'help-link:%' group by p.account having sum(p.amount_paise) <> 0
       order by 1 limit ${MAX_PROBLEMS}`,
    );
  },
};

/** Each withdrawal's state in the read table follows from its events (requested, approved, rejected). */
const withdrawalsMatchEvents: LedgerCheck = {
  name: 'withdrawals-match-events',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `with l as (
         select stream_id, substr(stream_id, length('withdrawal-') + 1) as id, max(position) as position,
                bool_or(type = 'WithdrawalApproved') as approved, bool_or(type = 'WithdrawalRejected') as rejected,
                max(payload->>'amountPaise') filter (where type = 'WithdrawalRequested') as amount
           from events where stream_id like 'withdrawal-%' group by stream_id)
       select coalesce(l.position, 0)::text as position, coalesce(l.stream_id, 'withdrawal-' || w.id) as stream_id,
              format('withdrawal %s: %s in the ledger, %s of %s paise in the read table', coalesce(l.id, w.id),
                     case when l.id is null then 'nothing' when l.rejected then 'Rejected' when l.approved then 'Approved' else 'Requested' end,
                     coalesce(w.status, 'no row'), coalesce(w.amount_paise::text, '?')) as reason
         from l full join withdrawals w on w.id = l.id
        where l.id is null or w.id is null or w.amount_paise::text <> l.amount
           or (l.rejected and w.status <> 'Rejected') or (l.approved and w.status not in ('Approved', 'Paid'))
           or (not l.approved and not l.rejected and w.status <> 'Requested')
        order by 1 limit ${MAX_PROBLEMS}`,
    );
  },
};

/** The help circle's and the wallet's checks (issue 11). */
export const HELP_CHECKS: readonly LedgerCheck[] = [
  queuesMatchBalances,
  queueTotalsMatchEntries,
  linkSettledOnce,
  linksMatchCreated,
  noSelfLink,
  receivedCountedOnce,
  withdrawalsMatchEvents,
];
