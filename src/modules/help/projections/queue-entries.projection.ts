import { prepared } from '../../../platform/db/sql';
import {
  EVENT_TIME,
  ProjectedEvent,
  Projection,
  Statement,
  exactlyOneRow,
} from '../../../platform/projections/projection';
import {
  HelpLinkCreated,
  HelpLinkReceived,
  HelpLinkReturned,
  HelpLinksCreated,
  QueueEntryOpened,
} from '../domain/help.events';

/** What the queue entries projection needs of any event that opens an entry (help's own and the wallet's `WithdrawalApproved`). */
interface OpensEntry {
  entry: QueueEntryOpened;
}

const change = (id: string, column: 'remaining_paise' | 'received_paise', delta: string, what: string): Statement =>
  exactlyOneRow(`update queue_entries set ${column} = ${column} + $2::bigint where id = $1`, [id, delta], what);

/**
 * Many entries' remaining amounts down at once ($1 ids, $2 amounts, each id once): every one must
 * exist. `id = any($1)` makes it a primary-key lookup per entry (joined to the arrays alone, the
 * planner may hash the whole table).
 */
const MATCHED_SQL = prepared(`with changed as (
    update queue_entries q set remaining_paise = q.remaining_paise - u.a
      from unnest($1::text[], $2::bigint[]) as u(id, a) where q.id = any($1::text[]) and q.id = u.id returning 1)
  select ledger_assert(count(*) = $3::int, $4::text) from changed`);

/** A batch's links take their amounts out of both sides' entries: one change per entry, whatever number of links it is in. */
function matched(p: HelpLinksCreated): Statement {
  const byEntry = new Map<string, bigint>();
  for (const l of p.links)
    for (const id of [l.phEntryId, l.ghEntryId]) byEntry.set(id, (byEntry.get(id) ?? 0n) + BigInt(l.amountPaise));
  return {
    text: MATCHED_SQL,
    params: [
      [...byEntry.keys()],
      [...byEntry.values()].map(String),
      byEntry.size,
      `the ${byEntry.size} entries of ${p.links.length} new links`,
    ],
  };
}

/**
 * Replay's rebuild of `queue_entries` (decision 0049). The entries as the approvals and credits
 * opened them; then every change `project` makes to an entry's amounts, one row per (entry, event) —
 * a batch's links summed per entry as `matched` sums them — with the event's position.
 */
const ENTRIES_OPENED = `create temporary table replay_entries on commit drop as
  select x.id, x.side, x.uid, x."amountPaise" as amount_paise, x.source, x."sourceId" as source_id, ${EVENT_TIME} as since,
         events.position
    from events
   cross join lateral jsonb_to_record(events.payload->'entry')
           as x(id text, side text, uid text, "amountPaise" bigint, source text, "sourceId" text)
   where events.type in ('HelpRequestApproved', 'GhEntitlementCredited', 'WithdrawalApproved')`;

/** A link's amount out of the PH entry, then the GH entry (a lone link's event, or each link of a batch). */
const LINK_MATCHED = (links: string) => `select events.position, c.id, c.remaining, 0::bigint as received, c.what
    from events cross join lateral ${links}
           as l(id text, "phEntryId" text, "ghEntryId" text, "amountPaise" bigint)
   cross join lateral (values (l."phEntryId", -l."amountPaise", 'PH entry ' || l."phEntryId" || ' of link ' || l.id),
                              (l."ghEntryId", -l."amountPaise", 'GH entry ' || l."ghEntryId" || ' of link ' || l.id))
           as c(id, remaining, what)`;

/** A receipt's or a return's change of one side's entry: `remaining` and `received` are SQL over its payload `p`. */
const LINK_SETTLED = (type: string, side: 'PH' | 'GH', remaining: string, received: string) => `select events.position,
         p."${side.toLowerCase()}EntryId" as id, ${remaining} as remaining, ${received} as received,
         '${side} entry ' || p."${side.toLowerCase()}EntryId" || ' of link ' || p.id as what
    from events
   cross join lateral jsonb_to_record(events.payload)
           as p(id text, "phEntryId" text, "ghEntryId" text, "amountPaise" bigint, sender text, "writtenOffWaitingPaise" bigint)
   where events.type = '${type}'`;

/** A return's change of the PH entry: reopened, or (a second failure) what was still waiting written off. */
const RETURNED_PH = `case when p.sender = 'reopened' then p."amountPaise" else -p."writtenOffWaitingPaise" end`;

const ENTRY_CHANGES = `create temporary table replay_entry_changes on commit drop as
  select position, id, sum(remaining) as remaining, sum(received) as received, min(what) as what
    from (${LINK_MATCHED(`jsonb_to_recordset(events.payload->'links')`)} where events.type = 'HelpLinksCreated'
          union all
          ${LINK_MATCHED('jsonb_to_record(events.payload)')} where events.type = 'HelpLinkCreated'
          union all
          ${LINK_SETTLED('HelpLinkReceived', 'GH', '0::bigint', 'p."amountPaise"')}
          union all
          ${LINK_SETTLED('HelpLinkReturned', 'GH', 'p."amountPaise"', '0::bigint')}
          union all
          ${LINK_SETTLED('HelpLinkReturned', 'PH', RETURNED_PH, '0::bigint')} and ${RETURNED_PH} <> 0) changes
   group by position, id`;

/**
 * `project`'s checks over every change at once, in position order per entry (the order replay
 * applies them): the entry was opened before the change (`exactlyOneRow`, named with `project`'s
 * words), and its amounts stay within the table's checks after each event — remaining and received
 * between zero and the entry's amount, at every step and not only at the end. The lowest failing
 * position is named: the event the event-by-event replay fails on.
 */
const ENTRY_CHECK = `select ledger_assert(false,
         case when s.opened is null or s.opened > s.position then coalesce(s.what, 'queue entry (none) of the event at ' || s.position)
              else 'queue entry ' || s.id || ' within its amount ' || s.amount_paise || ' (remaining ' || s.remaining ||
                   ', received ' || s.received || ' after the event at ' || s.position || ')' end)
    from (select c.id, c.position, c.what, e.opened, e.amount_paise,
                 e.amount_paise + sum(c.remaining) over entry as remaining,
                 sum(c.received) over entry as received
            from replay_entry_changes c
            left join (select id, min(position) as opened, min(amount_paise) as amount_paise from replay_entries group by id) e
                   on e.id = c.id
          window entry as (partition by c.id order by c.position)) s
   where s.opened is null or s.opened > s.position
      or s.remaining not between 0 and s.amount_paise or s.received not between 0 and s.amount_paise
   order by s.position limit 1`;

const ENTRY_INSERT = `insert into queue_entries (id, side, uid, amount_paise, remaining_paise, received_paise, source, source_id, since)
  select e.id, e.side, e.uid, e.amount_paise, e.amount_paise + coalesce(c.remaining, 0), coalesce(c.received, 0), e.source,
         e.source_id, e.since
    from replay_entries e
    left join (select id, sum(remaining) as remaining, sum(received) as received from replay_entry_changes group by id) c
           on c.id = e.id`;

/**
 * The PH and GH queues: one row per entry with its amount still unmatched (`remaining_paise`) and,
 * for GH entries, what links into it have delivered (`received_paise`). The table's checks refuse a
 * remaining amount below zero, so no amount can be matched twice even if a run were wrong.
 */
export const queueEntriesProjection: Projection = {
  name: 'queue-entries',
  tables: ['queue_entries'],
  handles: [
    'HelpRequestApproved',
    'GhEntitlementCredited',
    'WithdrawalApproved',
    'HelpLinksCreated',
    'HelpLinkCreated',
    'HelpLinkReceived',
    'HelpLinkReturned',
  ],
  project(event: ProjectedEvent): Statement[] {
    switch (event.type) {
      case 'HelpRequestApproved':
      case 'GhEntitlementCredited':
      case 'WithdrawalApproved': {
        const e = (event.payload as OpensEntry).entry;
        return [
          {
            text: 'insert into queue_entries (id, side, uid, amount_paise, remaining_paise, source, source_id, since) values ($1, $2, $3, $4, $4, $5, $6, $7)',
            params: [e.id, e.side, e.uid, e.amountPaise, e.source, e.sourceId, event.recordedAt],
          },
        ];
      }
      case 'HelpLinksCreated':
        return [matched(event.payload as HelpLinksCreated)];
      case 'HelpLinkCreated': {
        const p = event.payload as HelpLinkCreated;
        const minus = (-BigInt(p.amountPaise)).toString();
        return [
          change(p.phEntryId, 'remaining_paise', minus, `PH entry ${p.phEntryId} of link ${p.id}`),
          change(p.ghEntryId, 'remaining_paise', minus, `GH entry ${p.ghEntryId} of link ${p.id}`),
        ];
      }
      case 'HelpLinkReceived': {
        const p = event.payload as HelpLinkReceived;
        return [change(p.ghEntryId, 'received_paise', p.amountPaise, `GH entry ${p.ghEntryId} of link ${p.id}`)];
      }
      case 'HelpLinkReturned': {
        const p = event.payload as HelpLinkReturned;
        const ph = (p.sender === 'reopened' ? BigInt(p.amountPaise) : -BigInt(p.writtenOffWaitingPaise)).toString();
        return [
          change(p.ghEntryId, 'remaining_paise', p.amountPaise, `GH entry ${p.ghEntryId} of link ${p.id}`),
          ...(ph !== '0'
            ? [change(p.phEntryId, 'remaining_paise', ph, `PH entry ${p.phEntryId} of link ${p.id}`)]
            : []),
        ];
      }
      default:
        return [];
    }
  },
  rebuild: [ENTRIES_OPENED, ENTRY_CHANGES, ENTRY_CHECK, ENTRY_INSERT],
};
