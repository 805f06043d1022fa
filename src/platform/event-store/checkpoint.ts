import { Database, Sql } from '../db/database';
import { digestStep, GENESIS_HASH } from './canonical';
import { appendToStream } from './event-store';

export const CHECKPOINT_STREAM = 'ledger-checkpoints';
export const CHECKPOINT_EVENT = 'LedgerCheckpointed';
/** Events hashed per read while building or checking a digest. */
export const DIGEST_BATCH = 5000;

export interface CheckpointPayload {
  fromTxId: string;
  fromPosition: string;
  toTxId: string;
  toPosition: string;
  count: number;
  previousDigest: string;
  digest: string;
}

export interface DigestRun {
  count: number;
  digest: string;
  lastTxId: string;
  lastPosition: string;
}

/**
 * Chains sha256(digest, position, hash) over events after `from` in (transaction id, position)
 * order, up to `to` (inclusive) or, when building, up to every transaction older than the
 * oldest one in flight. Deleting, inserting or reordering any covered event changes the digest.
 */
export async function chainDigest(
  sql: Sql,
  from: { txId: string; position: string },
  previousDigest: string,
  bound: { beforeTxId: string } | { toTxId: string; toPosition: string },
): Promise<DigestRun> {
  let digest = previousDigest;
  let count = 0;
  let cursor = { txId: from.txId, position: from.position };
  for (;;) {
    const limit =
      'beforeTxId' in bound
        ? { clause: 'tx_id < $3::xid8', params: [bound.beforeTxId] }
        : { clause: '(tx_id, position) <= ($3::xid8, $4::bigint)', params: [bound.toTxId, bound.toPosition] };
    const rows = await sql.query<{ position: string; tx_id: string; hash: string }>(
      `select position::text as position, tx_id::text as tx_id, hash from events
        where (tx_id, position) > ($1::xid8, $2::bigint) and ${limit.clause}
        order by events.tx_id, events.position limit ${DIGEST_BATCH}`,
      [cursor.txId, cursor.position, ...limit.params],
    );
    for (const row of rows) digest = digestStep(digest, row.position, row.hash);
    count += rows.length;
    if (rows.length > 0) cursor = { txId: rows[rows.length - 1].tx_id, position: rows[rows.length - 1].position };
    if (rows.length < DIGEST_BATCH) return { count, digest, lastTxId: cursor.txId, lastPosition: cursor.position };
  }
}

/** Writes a checkpoint over every event since the last one, or nothing when there are none. */
export async function writeCheckpoint(db: Database): Promise<CheckpointPayload | null> {
  return db.transaction(async (tx) => {
    // First statement, before this transaction holds an id of its own.
    const [{ xmin }] = await tx.query<{ xmin: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as xmin');
    const [last] = await tx.query<{ stream_version: number; payload: CheckpointPayload }>(
      'select stream_version, payload from events where stream_id = $1 order by stream_version desc limit 1',
      [CHECKPOINT_STREAM],
    );
    const from = last ? { txId: last.payload.toTxId, position: last.payload.toPosition } : { txId: '0', position: '0' };
    const previousDigest = last ? last.payload.digest : GENESIS_HASH;
    const run = await chainDigest(tx, from, previousDigest, { beforeTxId: xmin });
    if (run.count === 0) return null;
    const payload: CheckpointPayload = {
      fromTxId: from.txId,
      fromPosition: from.position,
      toTxId: run.lastTxId,
      toPosition: run.lastPosition,
      count: run.count,
      previousDigest,
      digest: run.digest,
    };
    await appendToStream(tx, CHECKPOINT_STREAM, last ? last.stream_version : 0, [{ type: CHECKPOINT_EVENT, payload }], {
      actor: { kind: 'system', id: 'ledger-checkpoint' },
      correlationId: `checkpoint-${run.lastPosition}`,
    });
    return payload;
  });
}
