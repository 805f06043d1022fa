import { Sql } from '../../../../platform/db/sql';
import { GENESIS_HASH, contentHash } from '../../../../platform/event-store/canonical';
import { latestTreeHead } from '../../../../platform/event-store/checkpoint';
import { frontierAt, rangeHashes, TreeHead } from '../../../../platform/event-store/ledger-tree';
import { consistencyRanges, inclusionRanges } from '../../../../platform/event-store/merkle';
import { EventMetadata, hashedContentOf } from '../../../../platform/event-store/event.types';
import { formatRupees } from '../../../../platform/money';

/** Entries one statement carries at the most: the newest ones, `omitted` counts the older rest. */
export const MAX_STATEMENT_ENTRIES = 5000;

/** The member's own accounts: every posting to one of them puts its event on the statement. */
const ACCOUNT_KINDS = [
  'gh-owed',
  'gh-received',
  'income',
  'level-income',
  'ph-given',
  'ph-owed',
  'reserved',
  'withdrawn',
];

/** Events of the member's own stream that are sessions and security checks, not statement entries. */
const NOT_ENTRIES = [
  'MemberLoggedIn',
  'LoginFailed',
  'MemberLockedOut',
  'SecretCheckFailed',
  'SecretCheckPassed',
  'SecretChecksLockedOut',
  'PasswordResetRequested',
];

/** A tree head the member saved earlier (`since`): its size, and its root to check when given. */
export interface SavedTreeHead {
  treeSize: number;
  rootHash?: string;
}

/** What the statement is refused for: bad `since` (400), a saved head the ledger does not extend (409), no tree head yet (503). */
export class StatementRefused extends Error {
  constructor(
    readonly status: 400 | 409 | 503,
    message: string,
  ) {
    super(message);
  }
}

/** The event as hashed (docs/ledger-format.md); `metadata` only where the member may see it (their own or the system's act). */
export interface StatementEvent {
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  payload: unknown;
  recordedAt: string;
  metadata?: EventMetadata;
}

export interface StatementEntry {
  position: string;
  type: string;
  time: string;
  hash: string;
  leafIndex: number;
  inclusionProof: string[];
  streamId: string;
  streamVersion: number;
  hashRule: number;
  previousHash: string;
  contentHash: string;
  event: StatementEvent;
  /** The event's postings to the member's own accounts, as the event carries them (paise, signed, decimal text). */
  postings: Array<{ account: string; amountPaise: string }>;
  description: string;
}

export interface PendingEntry {
  position: string;
  type: string;
  time: string;
  hash: string;
  description: string;
}

export interface Statement {
  /** The member's uid (from the token). */
  member: string;
  entries: StatementEntry[];
  treeHead: TreeHead;
  consistencyProof?: string[];
  /** Older covered entries left out (more than MAX_STATEMENT_ENTRIES). */
  omitted: number;
  /** The member's entries after the tree head: not yet signed, listed without proofs. */
  pending: PendingEntry[];
}

interface Row {
  position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  payload: { postings?: Array<{ account: string; amountPaise: string }> } & Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
  hash: string;
  hash_rule: number;
  previous_hash: string | null;
  leaf_index: string | null;
}

/**
 * Every event touching the member: their own stream (but sessions), the streams of their e-pins
 * (held now or ever transferred), help requests, help links (as sender or receiver) and
 * withdrawals, and every event posting to one of their accounts. Read tables only pick the
 * streams; what is shown and proven is the events themselves.
 */
const ENTRIES_SQL = `
  with streams as (
    select 'member-' || $1::text as s
    union select 'epin-' || number::text from epins where owner_uid = $1
    union select 'epin-' || number::text from epin_transfers where from_uid = $1 or to_uid = $1
    union select 'help-request-' || id::text from help_requests where uid = $1
    union select 'help-link-' || id from help_links where sender_uid = $1 or receiver_uid = $1
    union select 'withdrawal-' || id::text from withdrawals where uid = $1
  ), mine as (
    select e.position from events e join streams on e.stream_id = streams.s
     where not (e.stream_id = 'member-' || $1::text and e.type = any($3::text[]))
    union
    select position from postings where account = any($2::text[])
  )
  select e.position::text as position, e.stream_id, e.stream_version, e.type, e.schema_version, e.payload, e.metadata,
         e.recorded_at, e.hash, e.hash_rule, p.hash as previous_hash, l.leaf_index::text as leaf_index
    from mine
    join events e on e.position = mine.position
    left join events p on p.stream_id = e.stream_id and p.stream_version = e.stream_version - 1
    left join ledger_tree_leaves l on l.position = e.position and l.leaf_index < $4
   order by l.leaf_index is null, l.leaf_index, e.tx_id, e.position`;

/** "HelpLinkPaid" → "Help link paid". */
const words = (type: string) => {
  const spaced = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function postingsOf(row: Row, uid: string): Array<{ account: string; amountPaise: string }> {
  const prefix = `member:${uid}:`;
  const postings = Array.isArray(row.payload?.postings) ? row.payload.postings : [];
  return postings
    .filter((p) => typeof p?.account === 'string' && p.account.startsWith(prefix))
    .map((p) => ({ account: p.account, amountPaise: String(p.amountPaise) }));
}

/** ₹ with sign: '+1000.00', '-500.00'. */
const signedRupees = (paise: string) => {
  if (!/^-?\d+$/.test(paise)) return paise;
  const text = formatRupees(BigInt(paise));
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `+₹${text}`;
};

const describe = (type: string, postings: Array<{ account: string; amountPaise: string }>) =>
  postings.length === 0
    ? words(type)
    : `${words(type)}: ${postings.map((p) => `${p.account.split(':')[2]} ${signedRupees(p.amountPaise)}`).join(', ')}`;

/** The member sees an event's metadata (addresses, request ids) only for their own acts and the system's. */
const ownAct = (metadata: EventMetadata, uid: string) =>
  !metadata.impersonatedBy &&
  ((metadata.actor?.kind === 'member' && metadata.actor.id === uid) || metadata.actor?.kind === 'system');

/** Checks `since` as the body carries it: a saved tree head ({ treeSize, rootHash? }) or its size alone. */
export function parseSince(since: unknown): SavedTreeHead | null {
  if (since === undefined || since === null) return null;
  const bad = (why: string) => new StatementRefused(400, `since ${why}`);
  const sizeOf = (value: unknown): number => {
    const size = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1)
      throw bad('must be a saved tree head: treeSize a whole number of at least 1');
    return size;
  };
  if (typeof since !== 'object' || Array.isArray(since)) return { treeSize: sizeOf(since) };
  const head = since as Record<string, unknown>;
  const treeSize = sizeOf(head.treeSize);
  if (head.rootHash === undefined) return { treeSize };
  if (typeof head.rootHash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(head.rootHash))
    throw bad('rootHash must be 64 hexadecimal digits');
  return { treeSize, rootHash: head.rootHash.toLowerCase() };
}

/**
 * The member's statement (POST /api/MyStatement): every entry touching them covered by the latest
 * signed tree head, each with its RFC 9162 inclusion proof in that tree, the tree head itself and,
 * from a saved one, the consistency proof. Proofs are read from the stored tree: O(log n) nodes
 * per entry, one read for all of them.
 */
export async function memberStatement(sql: Sql, uid: string, since: SavedTreeHead | null): Promise<Statement> {
  const latest = await latestTreeHead(sql);
  if (!latest) throw new StatementRefused(503, 'The ledger has no signed tree head yet: try again in a minute');
  const { head } = latest;
  if (since && since.treeSize > head.treeSize)
    throw new StatementRefused(400, `since is ahead of the latest signed tree head (size ${head.treeSize})`);
  if (since?.rootHash) {
    const root = (await frontierAt(sql, since.treeSize)).root().toString('hex');
    if (root !== since.rootHash)
      throw new StatementRefused(
        409,
        `The ledger does not extend the saved tree head: its root at size ${since.treeSize} is ${root}, not ${since.rootHash}`,
      );
  }

  const rows = await sql.query<Row>(ENTRIES_SQL, [
    uid,
    ACCOUNT_KINDS.map((kind) => `member:${uid}:${kind}`),
    NOT_ENTRIES,
    head.treeSize,
  ]);
  const covered = rows.filter((r) => r.leaf_index !== null);
  const shown = covered.slice(Math.max(0, covered.length - MAX_STATEMENT_ENTRIES));
  const proofs = await rangeHashes(sql, [
    ...shown.map((r) => inclusionRanges(Number(r.leaf_index), head.treeSize)),
    ...(since ? [consistencyRanges(since.treeSize, head.treeSize)] : []),
  ]);
  const hex = (hashes: Buffer[]) => hashes.map((h) => h.toString('hex'));

  const entries = shown.map((row, i): StatementEntry => {
    const content = hashedContentOf(row);
    const recordedAt = content.recordedAt;
    const postings = postingsOf(row, uid);
    const { metadata: _hidden, ...withoutMetadata } = content;
    return {
      position: row.position,
      type: row.type,
      time: recordedAt,
      hash: row.hash,
      leafIndex: Number(row.leaf_index),
      inclusionProof: hex(proofs[i]),
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      hashRule: row.hash_rule,
      previousHash: row.previous_hash ?? GENESIS_HASH,
      contentHash: contentHash(content),
      event: ownAct(row.metadata, uid) ? content : withoutMetadata,
      postings,
      description: describe(row.type, postings),
    };
  });
  const pending = rows
    .filter((r) => r.leaf_index === null)
    .map((r) => ({
      position: r.position,
      type: r.type,
      time: r.recorded_at.toISOString(),
      hash: r.hash,
      description: describe(r.type, postingsOf(r, uid)),
    }));
  return {
    member: uid,
    entries,
    treeHead: head,
    ...(since ? { consistencyProof: hex(proofs[proofs.length - 1]) } : {}),
    omitted: covered.length - shown.length,
    pending,
  };
}
