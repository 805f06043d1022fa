import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Database } from '../../platform/db/database';
import { CheckpointPayload, SignedDigest, writeCheckpoints } from '../../platform/event-store/checkpoint';
import { LedgerKeys } from '../../platform/event-store/signing';
import { checkAgainst, parseSavedDigest, SavedDigest } from './against';

/**
 * The signer witnesses its own signatures (decision 0015): after each signing run it keeps the last
 * digest it signed in a file beside its key, outside the database. Before signing again it checks
 * that the ledger still extends that digest, so a superuser who rewrites covered events and deletes
 * the checkpoints over them cannot get the forged tail signed; `verify` uses the file as an implicit
 * `--against`. The file is public data (a signed digest), not a secret.
 */
export function readLastDigest(file: string): SavedDigest | null {
  if (!existsSync(file)) return null;
  return parseSavedDigest(readFileSync(file, 'utf8'));
}

/** Written beside and renamed over the old one, so a crash never leaves half a file. */
export function saveLastDigest(file: string, digest: SignedDigest): void {
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, JSON.stringify(digest, null, 2) + '\n', { mode: 0o644 });
  renameSync(next, file);
}

export function signedDigestOf(p: CheckpointPayload): SignedDigest {
  return {
    position: p.toPosition,
    txId: p.toTxId,
    digest: p.digest,
    time: p.signedAt,
    keyId: p.keyId,
    signature: p.signature,
  };
}

/** Thrown when the ledger no longer extends what this signer signed last: it signs nothing. */
export class RefusedToSign extends Error {}

/**
 * Writes the due checkpoints, as writeCheckpoints does, but only on a ledger that still extends the
 * last digest this signer signed (`file`; none yet, or no file configured: nothing to check), and
 * records the new last digest. The check re-chains the ledger up to that digest once per run.
 */
export async function signCheckpoints(
  db: Database,
  keys: LedgerKeys,
  file: string | null,
): Promise<{ written: number; last: CheckpointPayload | null }> {
  if (file) {
    let saved: SavedDigest | null;
    try {
      saved = readLastDigest(file);
    } catch (error) {
      throw new RefusedToSign(`REFUSING TO SIGN ledger checkpoints: ${file}: ${(error as Error).message}`);
    }
    if (saved) {
      const digest = saved;
      const problem = await db.transaction((tx) => checkAgainst(tx, keys, digest), {
        retry: false,
        isolation: 'REPEATABLE READ',
        readOnly: true,
      });
      if (problem)
        throw new RefusedToSign(
          `REFUSING TO SIGN ledger checkpoints: ${problem.reason} (the last digest this signer signed, kept in ${file}); run \`npm run ledger -- verify\``,
        );
    }
  }
  const result = await writeCheckpoints(db, keys);
  if (file && result.last) saveLastDigest(file, signedDigestOf(result.last));
  return result;
}
