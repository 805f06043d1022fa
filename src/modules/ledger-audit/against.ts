import { Sql } from '../../platform/db/sql';
import { GENESIS_HASH } from '../../platform/event-store/canonical';
import { chainDigest, CHECKPOINT_STREAM, SignedDigest } from '../../platform/event-store/checkpoint';
import { LedgerKeys } from '../../platform/event-store/signing';
import type { Problem } from './problem';

/** A digest someone saved earlier (GET /api/ledger/digest, `npm run ledger -- digest`); what they may add is ignored. */
export type SavedDigest = SignedDigest;

/** Reads a saved digest's JSON, or throws a message saying what is wrong with it. */
export function parseSavedDigest(text: string): SavedDigest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('the saved digest is not JSON');
  }
  const d = value as Record<string, unknown>;
  const fields: Array<[keyof SavedDigest, RegExp]> = [
    ['position', /^\d{1,19}$/],
    ['txId', /^\d{1,20}$/],
    ['digest', /^[0-9a-f]{64}$/],
    ['time', /^\d{4}-\d\d-\d\dT[\d:.]+Z$/],
    ['keyId', /^[0-9a-f]{16}$/],
    ['signature', /^[A-Za-z0-9+/=]{1,200}$/],
  ];
  for (const [field, shape] of fields) {
    if (typeof d?.[field] !== 'string' || !shape.test(d[field] as string))
      throw new Error(`the saved digest's "${field}" is missing or malformed`);
  }
  return {
    position: d.position as string,
    txId: d.txId as string,
    digest: d.digest as string,
    time: d.time as string,
    keyId: d.keyId as string,
    signature: d.signature as string,
  };
}

/**
 * The live ledger still extends a digest saved earlier: the saved digest is signed by a published
 * key, and chaining the live events from the start up to its (transaction id, position) gives it
 * again. A ledger rewritten wholesale — every hash and checkpoint recomputed — fails here even if
 * it could somehow pass every other check.
 */
export async function checkAgainst(sql: Sql, keys: LedgerKeys, saved: SavedDigest): Promise<Problem | null> {
  const at = { position: saved.position, stream_id: CHECKPOINT_STREAM };
  const unsigned = keys.check(
    { keyId: saved.keyId, txId: saved.txId, position: saved.position, digest: saved.digest, time: saved.time },
    saved.signature,
  );
  if (unsigned) return { ...at, reason: `the saved digest ${unsigned}` };
  const run = await chainDigest(sql, { txId: '0', position: '0' }, GENESIS_HASH, {
    toTxId: saved.txId,
    toPosition: saved.position,
  });
  if (run.digest === saved.digest) return null;
  return {
    ...at,
    reason: `the live ledger does not extend the saved digest of ${saved.time} (position ${saved.position}): the events up to there were rewritten`,
  };
}
