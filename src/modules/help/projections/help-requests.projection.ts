import {
  EVENT_TIME,
  ProjectedEvent,
  Projection,
  Statement,
  exactlyOneRow,
} from '../../../platform/projections/projection';
import {
  GhEntitlementCredited,
  HelpLinkReceived,
  HelpLinkReturned,
  HelpRequestApproved,
  HelpRequestClosed,
  HelpRequested,
  HelpRequestRejected,
} from '../domain/help.events';

/** A request's own events: each sets its `version`. Its links' receipts and returns change it too. */
const OWN = [
  'HelpRequested',
  'HelpRequestApproved',
  'HelpRequestRejected',
  'HelpRequestClosed',
  'GhEntitlementCredited',
];
const CLOSING = ['HelpRequestRejected', 'HelpRequestClosed'];
const quoted = (types: readonly string[]): string => types.map((t) => `'${t}'`).join(', ');

/**
 * Replay's rebuild of `help_requests` (decision 0049): every event that changes a request — its
 * own, and its links' receipts and returns (`requestId`) — one row each, read from `events` once.
 */
const REQUEST_EVENTS = `create temporary table replay_request_events on commit drop as
  select case when events.type in ('HelpLinkReceived', 'HelpLinkReturned') then p."requestId" else p.id end::uuid as id,
         events.position, events.type, events.stream_version as v, ${EVENT_TIME} as at, p.uid, p."epinType" as epin_type,
         p."tierPaise" as tier_paise, p.kind, p."topupPosition" as topup_position, p."by" as decided_by, p.remark,
         p.outcome, p."givenPaise" as given_paise, p."entitlementPaise" as entitlement_paise,
         p."entitlementDueAt" as entitlement_due_at, p."amountPaise" as amount_paise,
         case when events.type in ('HelpLinkReceived', 'HelpLinkReturned') then p.id end as link_id
    from events
   cross join lateral jsonb_to_record(events.payload)
           as p(id text, "requestId" text, uid text, "epinType" text, "tierPaise" bigint, kind text, "topupPosition" bigint,
                "by" text, remark text, outcome text, "givenPaise" bigint, "entitlementPaise" bigint,
                "entitlementDueAt" timestamptz, "amountPaise" bigint)
   where events.type in (${quoted([...OWN, 'HelpLinkReceived', 'HelpLinkReturned'])})`;

/**
 * Each request folded as `project` leaves it after its last event. Within a legal sequence each own
 * transition happens once at most, so a column is the value of the one event that sets it.
 */
const REQUEST_FOLD = `create temporary table replay_requests on commit drop as
  select id,
         min(position) filter (where type = 'HelpRequested') as requested_position,
         min(position) filter (where type in (${quoted(CLOSING)})) as closed_position,
         (array_agg(v order by position desc) filter (where type in (${quoted(OWN)})))[1] as version,
         max(uid) filter (where type = 'HelpRequested') as uid,
         max(epin_type) filter (where type = 'HelpRequested') as epin_type,
         max(tier_paise) filter (where type = 'HelpRequested') as tier_paise,
         max(kind) filter (where type = 'HelpRequested') as kind,
         max(topup_position) filter (where type = 'HelpRequested') as topup_position,
         max(at) filter (where type = 'HelpRequested') as requested_at,
         bool_or(type = 'HelpRequestApproved') as approved,
         case when bool_or(type = 'HelpRequestRejected') then 'rejected'
              else max(outcome) filter (where type = 'HelpRequestClosed') end as outcome,
         coalesce(max(remark) filter (where type = 'HelpRequestRejected'), '') as remark,
         max(at) filter (where type in ('HelpRequestApproved', 'HelpRequestRejected')) as decided_at,
         max(decided_by) filter (where type in ('HelpRequestApproved', 'HelpRequestRejected')) as decided_by,
         coalesce(sum(amount_paise) filter (where type = 'HelpLinkReceived'), 0) as given_paise,
         count(*) filter (where type = 'HelpLinkReturned') as failures,
         max(at) filter (where type in (${quoted(CLOSING)})) as closed_at,
         max(entitlement_paise) filter (where type = 'HelpRequestClosed') as entitlement_paise,
         max(entitlement_due_at) filter (where type = 'HelpRequestClosed') as entitlement_due_at,
         max(at) filter (where type = 'GhEntitlementCredited') as entitlement_at
    from replay_request_events group by id`;

/**
 * Each event against the request as the events before it left it — `project`'s conditions on the
 * row (its status, the entitlement not yet credited, the help given so far), set-based. After a
 * legal prefix the row's state is told by which events the prefix holds, so the first event whose
 * condition fails here is the one the event-by-event replay fails on; the lowest such position is
 * named with `project`'s words. Then the partial unique index's rule over time, not only at the end:
 * a member's request opened while their previous one was still open.
 */
const REQUEST_CHECK = `select ledger_assert(false, 'help request ' || coalesce(s.id::text, '(none)') || s.what)
    from (select e.position, e.id,
                 case e.type
                   when 'HelpRequested' then ' requested once'
                   when 'HelpRequestApproved' then ' approved while awaiting approval'
                   when 'HelpRequestRejected' then ' rejected while awaiting approval'
                   when 'HelpRequestClosed' then ' closed once, with the help it gave'
                   when 'GhEntitlementCredited' then '''s entitlement credited once'
                   else ' of link ' || coalesce(e.link_id, '(none)') || ' exists' end as what,
                 case e.type
                   when 'HelpRequested' then e.requested = 0
                   when 'HelpRequestApproved' then e.requested > 0 and e.approved = 0 and e.closed = 0
                   when 'HelpRequestRejected' then e.requested > 0 and e.approved = 0 and e.closed = 0
                   when 'HelpRequestClosed' then e.approved > 0 and e.closed = 0 and e.given = e.given_paise
                   when 'GhEntitlementCredited' then e.closed > 0 and e.credited = 0
                   else e.requested > 0 end as legal
            from (select e.id, e.position, e.type, e.given_paise, e.link_id,
                         count(*) filter (where e.type = 'HelpRequested') over before as requested,
                         count(*) filter (where e.type = 'HelpRequestApproved') over before as approved,
                         count(*) filter (where e.type in (${quoted(CLOSING)})) over before as closed,
                         count(*) filter (where e.type = 'GhEntitlementCredited') over before as credited,
                         coalesce(sum(e.amount_paise) filter (where e.type = 'HelpLinkReceived') over before, 0) as given
                    from replay_request_events e
                  window before as (partition by e.id order by e.position rows between unbounded preceding and 1 preceding)) e) s
   where s.legal is not true order by s.position limit 1`;

const REQUEST_OPEN_CHECK = `select ledger_assert(false, 'help request ' || o.id || ' of member ' || o.uid || ' requested while ' ||
         o.previous || ' was open')
    from (select r.id, r.uid, r.requested_position, lag(r.id) over member as previous,
                 lag(r.closed_position) over member as previous_closed
            from replay_requests r where r.requested_position is not null
          window member as (partition by r.uid order by r.requested_position)) o
   where o.previous is not null and (o.previous_closed is null or o.previous_closed > o.requested_position)
   order by o.requested_position limit 1`;

const REQUEST_INSERT = `insert into help_requests (id, uid, epin_type, tier_paise, kind, status, topup_position, requested_at, outcome,
       remark, decided_at, decided_by, given_paise, failures, closed_at, entitlement_paise, entitlement_due_at, entitlement_at, version)
  select id, uid, epin_type, tier_paise, kind,
         case when closed_position is not null then 'closed' when approved then 'in-queue' else 'awaiting-approval' end,
         topup_position, requested_at, outcome, remark, decided_at, decided_by, given_paise, failures, closed_at,
         entitlement_paise, entitlement_due_at, entitlement_at, version
    from replay_requests where requested_position is not null`;

/** One row per help request: its life (awaiting approval, in the queue, closed), what it has given, its failures. */
export const helpRequestsProjection: Projection = {
  name: 'help-requests',
  tables: ['help_requests'],
  handles: [
    'HelpRequested',
    'HelpRequestApproved',
    'HelpRequestRejected',
    'HelpRequestClosed',
    'GhEntitlementCredited',
    'HelpLinkReceived',
    'HelpLinkReturned',
  ],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    switch (event.type) {
      case 'HelpRequested': {
        const p = event.payload as HelpRequested;
        return [
          {
            text: 'insert into help_requests (id, uid, epin_type, tier_paise, kind, topup_position, requested_at, version) values ($1, $2, $3, $4, $5, $6, $7, $8)',
            params: [p.id, p.uid, p.epinType, p.tierPaise, p.kind, p.topupPosition, event.recordedAt, v],
          },
        ];
      }
      case 'HelpRequestApproved': {
        const p = event.payload as HelpRequestApproved;
        return [
          exactlyOneRow(
            "update help_requests set status = 'in-queue', decided_at = $2, decided_by = $3, version = $4 where id = $1 and status = 'awaiting-approval'",
            [p.id, event.recordedAt, p.by, v],
            `help request ${p.id} approved while awaiting approval`,
          ),
        ];
      }
      case 'HelpRequestRejected': {
        const p = event.payload as HelpRequestRejected;
        return [
          exactlyOneRow(
            "update help_requests set status = 'closed', outcome = 'rejected', remark = $2, decided_at = $3, decided_by = $4, closed_at = $3, version = $5 where id = $1 and status = 'awaiting-approval'",
            [p.id, p.remark, event.recordedAt, p.by, v],
            `help request ${p.id} rejected while awaiting approval`,
          ),
        ];
      }
      case 'HelpRequestClosed': {
        const p = event.payload as HelpRequestClosed;
        return [
          exactlyOneRow(
            "update help_requests set status = 'closed', outcome = $2, closed_at = $3, entitlement_paise = $4, entitlement_due_at = $5, version = $6 where id = $1 and status = 'in-queue' and given_paise = $7",
            [p.id, p.outcome, event.recordedAt, p.entitlementPaise, p.entitlementDueAt, v, p.givenPaise],
            `help request ${p.id} closed once, with the help it gave`,
          ),
        ];
      }
      case 'GhEntitlementCredited': {
        const p = event.payload as GhEntitlementCredited;
        return [
          exactlyOneRow(
            "update help_requests set entitlement_at = $2, version = $3 where id = $1 and status = 'closed' and entitlement_at is null",
            [p.id, event.recordedAt, v],
            `help request ${p.id}'s entitlement credited once`,
          ),
        ];
      }
      case 'HelpLinkReceived': {
        const p = event.payload as HelpLinkReceived;
        return [
          exactlyOneRow(
            'update help_requests set given_paise = given_paise + $2 where id = $1',
            [p.requestId, p.amountPaise],
            `help request ${p.requestId} of link ${p.id} exists`,
          ),
        ];
      }
      case 'HelpLinkReturned': {
        const p = event.payload as HelpLinkReturned;
        return [
          exactlyOneRow(
            'update help_requests set failures = failures + 1 where id = $1',
            [p.requestId],
            `help request ${p.requestId} of link ${p.id} exists`,
          ),
        ];
      }
      default:
        return [];
    }
  },
  rebuild: [REQUEST_EVENTS, REQUEST_CHECK, REQUEST_FOLD, REQUEST_OPEN_CHECK, REQUEST_INSERT],
};
