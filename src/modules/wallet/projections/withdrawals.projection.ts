import {
  EVENT_TIME,
  ProjectedEvent,
  Projection,
  Statement,
  exactlyOneRow,
} from '../../../platform/projections/projection';
import { prepared } from '../../../platform/db/sql';
import { HelpLinkCreated, HelpLinkReceived, HelpLinksCreated } from '../../help';
import { WithdrawalApproved, WithdrawalRejected, WithdrawalRequested } from '../domain/withdrawal.events';

/** The first links into several withdrawals' GH entries ($1 their ids, each once): every one must exist. */
const LINKED_SQL = prepared(`with changed as (
    update withdrawals set link_at = coalesce(link_at, $2) where id = any($1::text[]) returning 1)
  select ledger_assert(count(*) = $3::int, $4::text) from changed`);

const OWN = ['WithdrawalRequested', 'WithdrawalApproved', 'WithdrawalRejected'];
const quoted = (types: readonly string[]): string => types.map((t) => `'${t}'`).join(', ');

/**
 * Replay's rebuild of `withdrawals` (decision 0049): every event that changes a withdrawal, one row
 * each — its own, a link into its GH entry (`Linked`: a batch's links into one withdrawal once, as
 * `project` takes each id once), the receipt that completes the entry (`Paid`) — with its position.
 */
const WITHDRAWAL_EVENTS = `create temporary table replay_withdrawal_events on commit drop as
  select p.id, events.position, events.type, events.stream_version as v, ${EVENT_TIME} as at, p.uid,
         p."amountPaise" as amount_paise, p."chargePaise" as charge_paise, p."payoutPaise" as payout_paise,
         p."by" as decided_by, p.remark, null::text as link_id
    from events
   cross join lateral jsonb_to_record(events.payload)
           as p(id text, uid text, "amountPaise" bigint, "chargePaise" bigint, "payoutPaise" bigint, "by" text, remark text)
   where events.type in (${quoted(OWN)})
  union all
  select distinct l."ghSourceId", events.position, 'Linked', null::integer, ${EVENT_TIME}, null::text, null::bigint,
         null::bigint, null::bigint, null::text, null::text, null::text
    from events
   cross join lateral jsonb_to_recordset(events.payload->'links') as l("ghSource" text, "ghSourceId" text)
   where events.type = 'HelpLinksCreated' and l."ghSource" = 'withdrawal'
  union all
  select p."ghSourceId", events.position, case when events.type = 'HelpLinkCreated' then 'Linked' else 'Paid' end,
         null::integer, ${EVENT_TIME}, null::text, null::bigint, null::bigint, null::bigint, null::text, null::text, p.id
    from events
   cross join lateral jsonb_to_record(events.payload) as p(id text, "ghSource" text, "ghSourceId" text, "ghEntryCompleted" boolean)
   where events.type in ('HelpLinkCreated', 'HelpLinkReceived') and p."ghSource" = 'withdrawal'
     and (events.type = 'HelpLinkCreated' or p."ghEntryCompleted")`;

/**
 * Each event against the withdrawal as the events before it left it — `project`'s conditions
 * (Requested to be decided, Approved to be paid, existing to be linked), set-based. After a legal
 * prefix the status is told by which events the prefix holds, so the lowest position failing here
 * is the event the event-by-event replay fails on; it is named with `project`'s words.
 */
const WITHDRAWAL_CHECK = `select ledger_assert(false, 'withdrawal ' || coalesce(b.id, '(none)') || s.what)
    from (select e.id, e.position, e.type, e.link_id,
                 count(*) filter (where e.type = 'WithdrawalRequested') over before as requested,
                 count(*) filter (where e.type in ('WithdrawalApproved', 'WithdrawalRejected')) over before as decided,
                 count(*) filter (where e.type = 'WithdrawalApproved') over before as approved,
                 count(*) filter (where e.type = 'Paid') over before as paid
            from replay_withdrawal_events e
          window before as (partition by e.id order by e.position rows between unbounded preceding and 1 preceding)) b
   cross join lateral (select case b.type
                                when 'WithdrawalRequested' then b.requested = 0
                                when 'WithdrawalApproved' then b.requested > 0 and b.decided = 0
                                when 'WithdrawalRejected' then b.requested > 0 and b.decided = 0
                                when 'Paid' then b.approved > 0 and b.paid = 0
                                else b.requested > 0 end as legal,
                              case b.type
                                when 'WithdrawalRequested' then ' requested once'
                                when 'WithdrawalApproved' then ' approved while Requested'
                                when 'WithdrawalRejected' then ' rejected while Requested'
                                when 'Paid' then ' paid once, when approved'
                                else coalesce(' of link ' || b.link_id, ' of new links') end as what) s
   where s.legal is not true order by b.position limit 1`;

/** Each withdrawal as `project` leaves it; within a legal sequence each transition happens once at most. */
const WITHDRAWAL_INSERT = `insert into withdrawals (id, uid, amount_paise, charge_paise, payout_paise, status, remark, requested_at, decided_at,
       decided_by, link_at, paid_at, version)
  select id, max(uid) filter (where type = 'WithdrawalRequested'), max(amount_paise) filter (where type = 'WithdrawalRequested'),
         max(charge_paise) filter (where type = 'WithdrawalRequested'), max(payout_paise) filter (where type = 'WithdrawalRequested'),
         case when bool_or(type = 'Paid') then 'Paid' when bool_or(type = 'WithdrawalRejected') then 'Rejected'
              when bool_or(type = 'WithdrawalApproved') then 'Approved' else 'Requested' end,
         coalesce(max(remark) filter (where type = 'WithdrawalRejected'), ''),
         max(at) filter (where type = 'WithdrawalRequested'),
         max(at) filter (where type in ('WithdrawalApproved', 'WithdrawalRejected')),
         max(decided_by) filter (where type in ('WithdrawalApproved', 'WithdrawalRejected')),
         (array_agg(at order by position) filter (where type = 'Linked'))[1],
         max(at) filter (where type = 'Paid'),
         (array_agg(v order by position desc) filter (where type in (${quoted(OWN)})))[1]
    from replay_withdrawal_events group by id having bool_or(type = 'WithdrawalRequested')`;

/**
 * One row per withdrawal: Requested → Approved → Paid, or Rejected. The first help link into its
 * GH entry sets the link date; the receipt that completes the entry makes it Paid.
 */
export const withdrawalsProjection: Projection = {
  name: 'withdrawals',
  tables: ['withdrawals'],
  handles: [
    'WithdrawalRequested',
    'WithdrawalApproved',
    'WithdrawalRejected',
    'HelpLinksCreated',
    'HelpLinkCreated',
    'HelpLinkReceived',
  ],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    const at = event.recordedAt;
    switch (event.type) {
      case 'WithdrawalRequested': {
        const p = event.payload as WithdrawalRequested;
        return [
          {
            text: "insert into withdrawals (id, uid, amount_paise, charge_paise, payout_paise, status, requested_at, version) values ($1, $2, $3, $4, $5, 'Requested', $6, $7)",
            params: [p.id, p.uid, p.amountPaise, p.chargePaise, p.payoutPaise, at, v],
          },
        ];
      }
      case 'WithdrawalApproved': {
        const p = event.payload as WithdrawalApproved;
        return [
          exactlyOneRow(
            "update withdrawals set status = 'Approved', decided_at = $2, decided_by = $3, version = $4 where id = $1 and status = 'Requested'",
            [p.id, at, p.by, v],
            `withdrawal ${p.id} approved while Requested`,
          ),
        ];
      }
      case 'WithdrawalRejected': {
        const p = event.payload as WithdrawalRejected;
        return [
          exactlyOneRow(
            "update withdrawals set status = 'Rejected', decided_at = $2, decided_by = $3, remark = $4, version = $5 where id = $1 and status = 'Requested'",
            [p.id, at, p.by, p.remark, v],
            `withdrawal ${p.id} rejected while Requested`,
          ),
        ];
      }
      case 'HelpLinksCreated': {
        const p = event.payload as HelpLinksCreated;
        const ids = [...new Set(p.links.filter((l) => l.ghSource === 'withdrawal').map((l) => l.ghSourceId))];
        if (ids.length === 0) return [];
        return [{ text: LINKED_SQL, params: [ids, at, ids.length, `the ${ids.length} withdrawals of new links`] }];
      }
      case 'HelpLinkCreated': {
        const p = event.payload as HelpLinkCreated;
        if (p.ghSource !== 'withdrawal') return [];
        return [
          exactlyOneRow(
            'update withdrawals set link_at = coalesce(link_at, $2) where id = $1',
            [p.ghSourceId, at],
            `withdrawal ${p.ghSourceId} of link ${p.id}`,
          ),
        ];
      }
      case 'HelpLinkReceived': {
        const p = event.payload as HelpLinkReceived;
        if (p.ghSource !== 'withdrawal' || !p.ghEntryCompleted) return [];
        return [
          exactlyOneRow(
            "update withdrawals set status = 'Paid', paid_at = $2 where id = $1 and status = 'Approved'",
            [p.ghSourceId, at],
            `withdrawal ${p.ghSourceId} paid once, when approved`,
          ),
        ];
      }
      default:
        return [];
    }
  },
  rebuild: [WITHDRAWAL_EVENTS, WITHDRAWAL_CHECK, WITHDRAWAL_INSERT],
};
