import { prepared, Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { receiverBanks } from '../profile';
import { HelpRequestState } from './domain/help-request.decide';
import { LinkState } from './domain/help-link.decide';
import { helpLinkStream, helpRequestStream, LinkParty, QueueSource, ReceiverBank } from './domain/help.events';
import { Waiting } from './domain/matching.decide';

/** Whether the member has a help request that is not closed (read under the member's row lock). */
export async function hasOpenHelpRequest(tx: Sql, uid: string): Promise<boolean> {
  const open = await tx.query("select 1 from help_requests where uid = $1 and status <> 'closed'", [uid]);
  return open.length > 0;
}

const LOCK_REQUEST_SQL = prepared(
  `select id, uid, status, tier_paise::text as tier_paise, given_paise::text as given_paise, failures, version,
          (select hash from events where stream_id = 'help-request-' || help_requests.id and stream_version = help_requests.version) as head_hash
     from help_requests where id = $1 for update`,
);

/** One help request, locked, with its stream's head; null when there is none. */
export async function lockHelpRequest(tx: Sql, id: string): Promise<Locked<HelpRequestState> | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await tx.query<{
    id: string;
    uid: string;
    status: HelpRequestState['status'];
    tier_paise: string;
    given_paise: string;
    failures: number;
    version: number;
    head_hash: string | null;
  }>(LOCK_REQUEST_SQL, [id]);
  if (!row) return null;
  return {
    streamId: helpRequestStream(row.id),
    state: {
      id: row.id,
      uid: row.uid,
      status: row.status,
      tierPaise: BigInt(row.tier_paise),
      givenPaise: BigInt(row.given_paise),
      failures: row.failures,
    },
    version: row.version,
    headHash: row.head_hash,
  };
}

const LOCK_LINK_SQL = prepared(
  `select id, state, settled, sender_uid, receiver_uid, amount_paise::text as amount_paise, ph_entry_id, gh_entry_id,
          (select source_id from queue_entries where id = help_links.ph_entry_id) as request_id,
          (select source from queue_entries where id = help_links.gh_entry_id) as gh_source,
          (select source_id from queue_entries where id = help_links.gh_entry_id) as gh_source_id,
          deadline, paid_at, cancelled_at, version,
          (select hash from events where stream_id = 'help-link-' || help_links.id and stream_version = help_links.version) as head_hash
     from help_links where id = $1 for update`,
);

/** One help link, locked, with its stream's head; null for an id that is not a link. */
export async function lockLink(tx: Sql, id: string): Promise<Locked<LinkState> | null> {
  if (!LINK_ID.test(id)) return null;
  const [row] = await tx.query<{
    id: string;
    state: LinkState['state'];
    settled: boolean;
    sender_uid: string;
    receiver_uid: string;
    amount_paise: string;
    ph_entry_id: string;
    gh_entry_id: string;
    request_id: string;
    gh_source: QueueSource;
    gh_source_id: string;
    deadline: Date;
    paid_at: Date | null;
    cancelled_at: Date | null;
    version: number;
    head_hash: string | null;
  }>(LOCK_LINK_SQL, [id]);
  if (!row) return null;
  return {
    streamId: helpLinkStream(row.id),
    state: {
      id: row.id,
      state: row.state,
      settled: row.settled,
      senderUid: row.sender_uid,
      receiverUid: row.receiver_uid,
      amountPaise: BigInt(row.amount_paise),
      requestId: row.request_id,
      phEntryId: row.ph_entry_id,
      ghEntryId: row.gh_entry_id,
      ghSource: row.gh_source,
      ghSourceId: row.gh_source_id,
      deadline: row.deadline,
      paidAt: row.paid_at,
      cancelledAt: row.cancelled_at,
    },
    version: row.version,
    headHash: row.head_hash,
  };
}

/** Link ids: `HL` and 12 hexadecimal digits. */
export const LINK_ID = /^HL[0-9A-F]{12}$/;

/** A queue entry's amounts, its row locked (confirmations of links into one GH entry take turns). */
export async function lockEntry(
  tx: Sql,
  id: string,
): Promise<{
  id: string;
  side: 'PH' | 'GH';
  uid: string;
  amountPaise: bigint;
  remainingPaise: bigint;
  receivedPaise: bigint;
  source: QueueSource;
  sourceId: string;
} | null> {
  const [row] = await tx.query<{
    id: string;
    side: 'PH' | 'GH';
    uid: string;
    amount_paise: string;
    remaining_paise: string;
    received_paise: string;
    source: QueueSource;
    source_id: string;
  }>(
    `select id, side, uid, amount_paise::text as amount_paise, remaining_paise::text as remaining_paise, received_paise::text as received_paise, source, source_id
       from queue_entries where id = $1 for update`,
    [id],
  );
  if (!row) return null;
  return {
    id: row.id,
    side: row.side,
    uid: row.uid,
    amountPaise: BigInt(row.amount_paise),
    remainingPaise: BigInt(row.remaining_paise),
    receivedPaise: BigInt(row.received_paise),
    source: row.source,
    sourceId: row.source_id,
  };
}

/** Links of a help request's commitment whose amounts have not settled, other than `exceptLinkId`. */
export async function openLinksOf(tx: Sql, phEntry: string, exceptLinkId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    'select count(*)::int as n from help_links where ph_entry_id = $1 and not settled and id <> $2',
    [phEntry, exceptLinkId],
  );
  return row.n;
}

const LOCK_WAITING_SQL = prepared(
  `select q.id, q.uid, q.remaining_paise::text as remaining_paise, q.source, q.source_id, m.name, m.mobile, m.upi_number
     from queue_entries q join members m on m.uid = q.uid
    where q.side = $1 and q.remaining_paise > 0 and not m.blocked
    order by q.since, q.id limit $2 for update of q`,
);

/** A link's party as it copies them: name, mobile and (for the receiver) the bank and UPI details. */
export type Party = LinkParty & { bank: ReceiverBank };

/** A member as the matching batch reads them; `withReceiverBanks` then puts in the bank details the profile holds. */
const partyOf = (r: { uid: string; name: string; mobile: string; upi_number: string }): Party => ({
  uid: r.uid,
  name: r.name,
  mobile: r.mobile,
  bank: { bankName: '', branch: '', ifsc: '', accountNumber: '', holder: r.name, gpay: r.upi_number },
});

/**
 * The oldest waiting entries of one side whose member is not blocked, locked (a matching run holds
 * them until it commits), at most `limit`.
 */
export async function lockWaiting(
  tx: Sql,
  side: 'PH' | 'GH',
  limit: number,
): Promise<Array<Waiting & { source: QueueSource; sourceId: string; party: Party }>> {
  const rows = await tx.query<{
    id: string;
    uid: string;
    remaining_paise: string;
    source: QueueSource;
    source_id: string;
    name: string;
    mobile: string;
    upi_number: string;
  }>(LOCK_WAITING_SQL, [side, limit]);
  return rows.map((r) => ({
    id: r.id,
    uid: r.uid,
    remainingPaise: BigInt(r.remaining_paise),
    source: r.source,
    sourceId: r.source_id,
    party: partyOf(r),
  }));
}

/**
 * The parties of a link as it copies them: name, mobile, and the receiver's bank and UPI details as
 * the profile context holds them now (saved bank details, else the registration's UPI number), so
 * a link made after a change carries the new details and links made before keep theirs.
 */
export async function loadParties(
  tx: Sql,
  uids: readonly string[],
): Promise<Map<string, LinkParty & { bank: ReceiverBank; blocked: boolean }>> {
  const rows = await tx.query<{ uid: string; name: string; mobile: string; blocked: boolean }>(
    'select uid, name, mobile, blocked from members where uid = any($1)',
    [uids],
  );
  const banks = await receiverBanks(tx, uids);
  return new Map(
    rows.map((r) => [
      r.uid,
      {
        uid: r.uid,
        name: r.name,
        mobile: r.mobile,
        blocked: r.blocked,
        bank: banks.get(r.uid) ?? { bankName: '', branch: '', ifsc: '', accountNumber: '', holder: r.name, gpay: '' },
      },
    ]),
  );
}

/** Which existing claim holds this UTR (help link or e-pin request), if any. */
export async function utrClaim(
  tx: Sql,
  key: string,
): Promise<{ source: 'help-link' | 'epin-request'; source_id: string } | null> {
  const [row] = await tx.query<{ source: 'help-link' | 'epin-request'; source_id: string }>(
    'select source, source_id from utr_claims where utr_key = $1',
    [key],
  );
  return row ?? null;
}

/** The parties with the bank and UPI details the profile context holds now (one read for a whole batch). */
export async function withReceiverBanks(tx: Sql, parties: Map<string, Party>): Promise<Map<string, Party>> {
  const banks = await receiverBanks(tx, [...parties.keys()]);
  return new Map([...parties].map(([uid, party]) => [uid, { ...party, bank: banks.get(uid) ?? party.bank }]));
}
