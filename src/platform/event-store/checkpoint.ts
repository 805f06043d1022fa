import { Database } from '../db/database';
import { Sql } from '../db/sql';
import { digestStep, GENESIS_HASH } from './canonical';
import { appendToStream } from './event-store';
import { appendLeaves, growTree, LedgerTreeIncomplete, TreeHead, treeHeadMessage } from './ledger-tree';
import { ledgerHorizon } from './ledger-order';
import { PublishedDigest } from './published-digest';
import { LedgerKeys, SignedStatement, statementText } from './signing';

export type { PublishedDigest, SignedDigest } from './published-digest';

export const CHECKPOINT_STREAM = 'ledger-checkpoints';
export const CHECKPOINT_EVENT = 'LedgerCheckpointed';
/** Events hashed per read while building or checking a digest. */
export const DIGEST_BATCH = 5000;
/** The most events one checkpoint covers: a backlog is signed in several, so the unsigned tail and each witness stay bounded. */
export const CHECKPOINT_MAX_EVENTS = 1000;
/** Checkpoints one `writeCheckpoints` call writes at the most (a bounded loop over a backlog). */
export const MAX_CHECKPOINTS_PER_RUN = 1000;

export interface CheckpointPayload {
  fromTxId: string;
  fromPosition: string;
  toTxId: string;
  toPosition: string;
  count: number;
  previousDigest: string;
  digest: string;
  /** The signing key's id, when it was signed, and the Ed25519 signature (base64) of `statementText`. */
  keyId: string;
  signedAt: string;
  signature: string;
  /**
   * The RFC 9162 tree head of every event up to `to` (decision 0045): its size, root (hex) and the
   * Ed25519 signature of `treeHeadMessage`. Absent on checkpoints written before tree heads existed.
   */
  treeSize?: number;
  rootHash?: string;
  treeSignature?: string;
}

/** One event as a digest step sees it. */
export interface Leaf {
  position: string;
  hash: string;
}

export interface DigestRun {
  count: number;
  digest: string;
  lastTxId: string;
  lastPosition: string;
}

/** The statement a checkpoint's signature covers: where it ends and the chained digest of everything up to there. */
export const checkpointStatement = (p: CheckpointPayload): SignedStatement => ({
  keyId: p.keyId,
  txId: p.toTxId,
  position: p.toPosition,
  digest: p.digest,
  time: p.signedAt,
});

/**
 * Chains sha256(digest, position, hash) over events after `from` in (transaction id, position)
 * order, up to `to` (inclusive) or, when building, up to every transaction below the ledger's
 * horizon (`ledgerHorizon`: no ledger writer older than it is in flight), and at most `maxEvents` events. Deleting, inserting or reordering any
 * covered event changes the digest. `leaves`, when given, receives every event chained.
 */
export async function chainDigest(
  sql: Sql,
  from: { txId: string; position: string },
  previousDigest: string,
  bound: { beforeTxId: string } | { toTxId: string; toPosition: string },
  options: { maxEvents?: number; leaves?: Leaf[] } = {},
): Promise<DigestRun> {
  let digest = previousDigest;
  let count = 0;
  let cursor = { txId: from.txId, position: from.position };
  const limit =
    'beforeTxId' in bound
      ? { clause: 'tx_id < $3::xid8', params: [bound.beforeTxId] }
      : { clause: '(tx_id, position) <= ($3::xid8, $4::bigint)', params: [bound.toTxId, bound.toPosition] };
  for (;;) {
    const batch = Math.min(DIGEST_BATCH, (options.maxEvents ?? Infinity) - count);
    if (batch <= 0) break;
    const rows = await sql.query<{ position: string; tx_id: string; hash: string }>(
      `select position::text as position, tx_id::text as tx_id, hash from events
        where (tx_id, position) > ($1::xid8, $2::bigint) and ${limit.clause}
        order by events.tx_id, events.position limit ${batch}`,
      [cursor.txId, cursor.position, ...limit.params],
    );
    for (const row of rows) {
      digest = digestStep(digest, row.position, row.hash);
      options.leaves?.push({ position: row.position, hash: row.hash });
    }
    count += rows.length;
    if (rows.length > 0) cursor = { txId: rows[rows.length - 1].tx_id, position: rows[rows.length - 1].position };
    if (rows.length < batch) break;
  }
  return { count, digest, lastTxId: cursor.txId, lastPosition: cursor.position };
}

/** What a checkpoint covers: from where the previous one ended (`from`, `previousDigest`) to the run's last event. */
export const checkpointSpan = (from: { txId: string; position: string }, previousDigest: string, run: DigestRun) => ({
  fromTxId: from.txId,
  fromPosition: from.position,
  toTxId: run.lastTxId,
  toPosition: run.lastPosition,
  count: run.count,
  previousDigest,
  digest: run.digest,
});

/**
 * Writes one signed checkpoint over the events since the last one (at most CHECKPOINT_MAX_EVENTS),
 * with its witness (the leaves it covered), or nothing when there are none.
 */
export async function writeCheckpoint(db: Database, keys: LedgerKeys): Promise<CheckpointPayload | null> {
  return db.transaction(async (tx) => {
    // First statement, before this transaction holds an id of its own: everything below the
    // horizon that will ever commit is visible to it, and so to every later statement (decision 0036).
    const [{ xmin }] = await tx.query<{ xmin: string }>(
      `select ${ledgerHorizon('pg_current_snapshot()')}::text as xmin`,
    );
    const [last] = await tx.query<{ position: string; stream_version: number; payload: CheckpointPayload }>(
      'select position::text as position, stream_version, payload from events where stream_id = $1 order by stream_version desc limit 1',
      [CHECKPOINT_STREAM],
    );
    const from = last ? { txId: last.payload.toTxId, position: last.payload.toPosition } : { txId: '0', position: '0' };
    const previousDigest = last ? last.payload.digest : GENESIS_HASH;
    const leaves: Leaf[] = [];
    const run = await chainDigest(
      tx,
      from,
      previousDigest,
      { beforeTxId: xmin },
      { maxEvents: CHECKPOINT_MAX_EVENTS, leaves },
    );
    // Nothing new but the previous checkpoint itself: an idle ledger gets no checkpoint every minute.
    if (run.count === 0 || (run.count === 1 && leaves[0].position === last?.position)) return null;
    const tree = await growTreeOver(tx, from, last?.payload, leaves);
    const unsigned = {
      ...checkpointSpan(from, previousDigest, run),
      keyId: keys.keyId,
      signedAt: new Date().toISOString(),
      signature: '',
    };
    const head = { keyId: keys.keyId, time: unsigned.signedAt, ...tree };
    const payload: CheckpointPayload = {
      ...unsigned,
      signature: keys.sign(checkpointStatement(unsigned)),
      ...tree,
      treeSignature: keys.signMessage(treeHeadMessage(head)),
    };
    const version = (last ? last.stream_version : 0) + 1;
    await appendToStream(tx, CHECKPOINT_STREAM, version - 1, [{ type: CHECKPOINT_EVENT, payload }], {
      actor: { kind: 'system', id: 'ledger-checkpoint' },
      correlationId: `checkpoint-${run.lastPosition}`,
    });
    await tx.execute(
      'insert into checkpoint_witnesses (checkpoint_version, positions, hashes) values ($1, $2::bigint[], $3::text[])',
      [version, leaves.map((l) => l.position), leaves.map((l) => l.hash)],
    );
    return payload;
  });
}

/**
 * The tree head after a checkpoint's events: the stored tree, grown from the events up to `from`
 * when it is behind (a new ledger, one upgraded from the release before tree heads, or a cache
 * dropped for a rebuild), must give the root the previous checkpoint signed — so an edited node is
 * never built upon — and grows by the leaves this checkpoint covers.
 */
async function growTreeOver(
  sql: Sql,
  from: { txId: string; position: string },
  previous: CheckpointPayload | undefined,
  leaves: readonly Leaf[],
): Promise<{ treeSize: number; rootHash: string }> {
  const { frontier } = await growTree(sql, from);
  if (
    previous?.treeSize !== undefined &&
    (frontier.size !== previous.treeSize || frontier.root().toString('hex') !== previous.rootHash)
  )
    throw new LedgerTreeIncomplete(
      `the stored ledger tree (${frontier.size} leaves) does not give the last signed tree head (size ${previous.treeSize}): ` +
        'run `npm run ledger -- verify`, then `npm run ledger -- tree-rebuild`',
    );
  await appendLeaves(sql, frontier, leaves);
  return { treeSize: frontier.size, rootHash: frontier.root().toString('hex') };
}

/** Leaves the tree grows by per transaction while it catches up with the checkpoints (after an upgrade). */
export const TREE_CATCH_UP_BATCH = 50_000;

/**
 * Grows the stored tree up to the last checkpoint in bounded transactions, so that a ledger
 * upgraded from the release before tree heads does not build its whole tree inside one
 * checkpoint's transaction.
 */
export async function catchUpLedgerTree(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const grown = await db.transaction(async (tx) => {
      const [last] = await tx.query<{ payload: CheckpointPayload }>(
        'select payload from events where stream_id = $1 order by stream_version desc limit 1',
        [CHECKPOINT_STREAM],
      );
      if (!last) return 0;
      const bound = { txId: last.payload.toTxId, position: last.payload.toPosition };
      return (await growTree(tx, bound, TREE_CATCH_UP_BATCH)).grown;
    });
    total += grown;
    if (grown < TREE_CATCH_UP_BATCH) return total;
  }
}

/** Writes checkpoints until everything committable is covered (bounded); returns how many and the last. */
export async function writeCheckpoints(
  db: Database,
  keys: LedgerKeys,
): Promise<{ written: number; last: CheckpointPayload | null }> {
  await catchUpLedgerTree(db);
  let last: CheckpointPayload | null = null;
  let written = 0;
  while (written < MAX_CHECKPOINTS_PER_RUN) {
    const next = await writeCheckpoint(db, keys);
    if (!next) break;
    last = next;
    written += 1;
    if (next.count < CHECKPOINT_MAX_EVENTS) break;
  }
  return { written, last };
}

/**
 * The newest checkpoint with a signature. A ledger upgraded from the release before signing holds
 * unsigned checkpoints until the worker signs its first one: there is nothing to publish until then.
 */
export async function latestDigest(sql: Sql): Promise<PublishedDigest | null> {
  const [last] = await sql.query<{ position: string; payload: CheckpointPayload }>(
    "select position::text as position, payload from events where stream_id = $1 and payload ? 'signature' order by stream_version desc limit 1",
    [CHECKPOINT_STREAM],
  );
  if (!last) return null;
  const statement = checkpointStatement(last.payload);
  return {
    position: statement.position,
    txId: statement.txId,
    digest: statement.digest,
    time: statement.time,
    keyId: statement.keyId,
    signature: last.payload.signature,
    statement: statementText(statement),
    checkpointPosition: last.position,
  };
}

/** Events not yet covered by a checkpoint, counted up to `atMost` (an index range scan, so cheap to ask often). */
export async function uncoveredEvents(sql: Sql, atMost: number): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    `with last as (select payload from events where stream_id = $1 order by stream_version desc limit 1)
     select count(*)::int as n from (
       select 1 from events
        where (tx_id, position) > (coalesce((select (payload->>'toTxId')::xid8 from last), '0'::xid8), coalesce((select (payload->>'toPosition')::bigint from last), 0))
        limit $2) t`,
    [CHECKPOINT_STREAM, atMost],
  );
  return row.n;
}

/** A signed tree head and the ledger point it ends at (the checkpoint's `to`). */
export interface LatestTreeHead {
  head: TreeHead;
  end: { txId: string; position: string };
}

/** The newest checkpoint's signed tree head (null before the worker has signed one). */
export async function latestTreeHead(sql: Sql): Promise<LatestTreeHead | null> {
  const [last] = await sql.query<{ payload: CheckpointPayload }>(
    "select payload from events where stream_id = $1 and payload ? 'treeSignature' order by stream_version desc limit 1",
    [CHECKPOINT_STREAM],
  );
  if (!last || last.payload.treeSize === undefined || last.payload.rootHash === undefined) return null;
  const p = last.payload;
  const fields = { treeSize: p.treeSize!, rootHash: p.rootHash!, time: p.signedAt, keyId: p.keyId };
  return {
    head: { ...fields, signature: p.treeSignature!, signedMessage: treeHeadMessage(fields) },
    end: { txId: p.toTxId, position: p.toPosition },
  };
}
