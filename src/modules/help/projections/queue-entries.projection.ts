import { prepared } from '../../../platform/db/sql';
import { ProjectedEvent, Projection, Statement, exactlyOneRow } from '../../../platform/projections/projection';
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
};
