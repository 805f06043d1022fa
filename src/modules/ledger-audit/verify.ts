import { Sql } from '../../platform/db/sql';
import {
  CHECKPOINT_STREAM,
  checkpointStatement,
  CheckpointPayload,
  chainDigest,
  Leaf,
} from '../../platform/event-store/checkpoint';
import { LedgerKeys } from '../../platform/event-store/signing';
import { ledgerKeyConfigFrom } from '../../config/config';
import { checkAgainst, SavedDigest } from './against';
import { LedgerCheck, MAX_PROBLEMS, Problem } from './problem';
import { differenceProblems, ProjectionsReport } from './projection-diff';

export { MAX_PROBLEMS } from './problem';
export type { LedgerCheck, Problem } from './problem';
import {
  CURRENT_HASH_RULE,
  digestStep,
  eventHash,
  GENESIS_HASH,
  LEGACY_HASH_RULE,
} from '../../platform/event-store/canonical';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { Posting, postingsBalance } from '../../platform/money';

/** Events read per batch while verifying. */
export const VERIFY_BATCH = 5000;

export interface VerifyReport {
  ok: boolean;
  eventsChecked: number;
  streamsChecked: number;
  checkpointsChecked: number;
  postingsChecked: number;
  /**
   * Every read table rebuilt from the events and compared with the live one (null: not asked
   * for); each difference is also a problem, at the rebuild's highest position.
   */
  projections: ProjectionsReport | null;
  firstBad: Problem | null;
  problems: Problem[];
}

/**
 * Re-derives everything the ledger promises from the event rows alone: every stream's versions
 * run 1, 2, 3… and each hash covers its content and the previous hash; every checkpoint's digest
 * matches the events it covers and carries a valid signature of a published key; every event's
 * postings sum to zero; with `against`, the ledger still extends a digest saved earlier; with
 * `projections`, every read table equals the same table rebuilt from the events. Names the
 * first bad event (lowest position) among all problems found. `keys` defaults to this process's
 * configured ones (LEDGER_SIGNING_KEY and the retired public keys), never keys from the database.
 */
export async function verifyLedger(
  sql: Sql,
  extraChecks: readonly LedgerCheck[] = [],
  keys: LedgerKeys = new LedgerKeys(ledgerKeyConfigFrom()),
  options: {
    against?: SavedDigest;
    /**
     * What compareProjections found (every read table rebuilt from the events and compared with
     * the live one, in snapshots of its own): each difference becomes a problem.
     */
    projections?: ProjectionsReport;
  } = {},
): Promise<VerifyReport> {
  const problems: Problem[] = [];
  const note = (p: Problem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  let eventsChecked = 0;
  let streamsChecked = 0;
  let postingsChecked = 0;

  let after = { stream: '', version: 0 };
  let current = { stream: '', version: 0, hash: GENESIS_HASH };
  // The upgrade to rule 2 happened once, at one point in position order: the migration's ALTER
  // TABLE waited for every transaction that had inserted into events and held new ones back until
  // it committed, so every rule-1 event has a lower position than every rule-2 event. A rule-1
  // event past the first rule-2 one is a downgrade (its redacted export line could not be linked
  // into its chain). Two numbers kept during the walk; the offenders are looked up only if there are any.
  let lastRule1: bigint | null = null;
  let firstRule2: bigint | null = null;
  // The next batch is asked for before this one is hashed: the server reads it while the client hashes.
  const page = (from: { stream: string; version: number }) => {
    const rows = sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where (stream_id, stream_version) > ($1, $2) order by stream_id, stream_version limit ${VERIFY_BATCH}`,
      [from.stream, from.version],
    );
    rows.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
    return rows;
  };
  for (let next: Promise<EventRow[]> | null = page(after); next !== null;) {
    const rows: EventRow[] = await next;
    if (rows.length < VERIFY_BATCH) next = null;
    else {
      const last = rows[rows.length - 1];
      after = { stream: last.stream_id, version: last.stream_version };
      next = page(after);
    }
    for (const row of rows) {
      const event = toStoredEvent(row);
      eventsChecked += 1;
      if (event.streamId !== current.stream) {
        streamsChecked += 1;
        current = { stream: event.streamId, version: 0, hash: GENESIS_HASH };
      }
      if (event.streamVersion !== current.version + 1) {
        note({
          position: event.position,
          stream_id: event.streamId,
          reason: `stream version ${event.streamVersion} follows ${current.version}: an event is missing`,
        });
      }
      if (event.hashRule === LEGACY_HASH_RULE || event.hashRule === CURRENT_HASH_RULE) {
        const position = BigInt(event.position);
        if (event.hashRule === LEGACY_HASH_RULE && (lastRule1 === null || position > lastRule1)) lastRule1 = position;
        if (event.hashRule === CURRENT_HASH_RULE && (firstRule2 === null || position < firstRule2))
          firstRule2 = position;
        if (eventHash(current.hash, event, event.hashRule) !== event.hash)
          note({
            position: event.position,
            stream_id: event.streamId,
            reason: 'hash does not match the event content and the previous hash: the event was altered',
          });
      } else {
        note({
          position: event.position,
          stream_id: event.streamId,
          reason: `unknown hash rule ${event.hashRule}: the event's hash cannot be checked`,
        });
      }
      const postings = (event.payload as { postings?: Posting[] } | null)?.postings;
      if (Array.isArray(postings)) {
        postingsChecked += postings.length;
        let balanced = false;
        try {
          balanced = postingsBalance(postings) === 0n;
        } catch {
          balanced = false;
        }
        if (!balanced)
          note({ position: event.position, stream_id: event.streamId, reason: 'postings do not sum to zero' });
      }
      current = { stream: event.streamId, version: event.streamVersion, hash: event.hash };
    }
  }

  if (lastRule1 !== null && firstRule2 !== null && lastRule1 > firstRule2) {
    const downgraded = await sql.query<{ position: string; stream_id: string }>(
      `select position::text as position, stream_id from events where hash_rule = $1 and events.position > $2 order by events.position limit ${MAX_PROBLEMS}`,
      [LEGACY_HASH_RULE, firstRule2.toString()],
    );
    for (const row of downgraded)
      note({
        ...row,
        reason: `hash rule 1 (the previous release's) on an event recorded after the ledger moved to rule 2 at event ${firstRule2}: a downgrade`,
      });
  }

  const checkpointsChecked = await verifyCheckpoints(sql, keys, note);
  if (options.against) {
    const problem = await checkAgainst(sql, keys, options.against);
    if (problem) note(problem);
  }

  for (const check of extraChecks) for (const problem of await check.run(sql)) note(problem);
  const projections = options.projections ?? null;
  if (projections) for (const problem of differenceProblems(projections)) note(problem);

  problems.sort((a, b) =>
    BigInt(a.position) < BigInt(b.position) ? -1 : BigInt(a.position) > BigInt(b.position) ? 1 : 0,
  );
  return {
    ok: problems.length === 0,
    eventsChecked,
    streamsChecked,
    checkpointsChecked,
    postingsChecked,
    projections,
    firstBad: problems[0] ?? null,
    problems,
  };
}

/**
 * The previous release's checkpoint: no key, no signing time, no signature (decision 0015,
 * "Upgrading an existing ledger"). Anything else unsigned is a failed signature.
 */
function isLegacyCheckpoint(p: Partial<CheckpointPayload>): boolean {
  return p.keyId === undefined && p.signedAt === undefined && p.signature === undefined;
}

/**
 * Every checkpoint continues the previous one, carries a valid signature of a published key, and
 * its digest and count match the events it covers now. When they do not, the checkpoint's witness
 * (the leaves it signed) names the first event that changed, provided the witness still chains to
 * the signed digest; otherwise the range start is the best pointer.
 *
 * The previous release's checkpoints carry no signature. They pass only before the first signed
 * one and only as that release wrote them (hash rule 1): the first signed checkpoint's digest
 * chains over theirs, and over every event they covered, so its signature vouches for them too.
 * An unsigned checkpoint after a signed one, or hashed by this release's rule, is a forgery.
 */
async function verifyCheckpoints(sql: Sql, keys: LedgerKeys, note: (p: Problem) => void): Promise<number> {
  const checkpoints = await sql.query<{
    position: string;
    stream_version: number;
    hash_rule: number;
    payload: CheckpointPayload;
  }>(
    'select position::text as position, stream_version, hash_rule, payload from events where stream_id = $1 order by stream_version',
    [CHECKPOINT_STREAM],
  );
  let previous = { txId: '0', position: '0', digest: GENESIS_HASH };
  let firstSigned: string | null = null;
  // The newest key (in rotation order) that has signed a checkpoint so far: older keys are revoked from then on.
  let newestKey: string | null = null;
  for (const checkpoint of checkpoints) {
    const p = checkpoint.payload;
    const at = { position: checkpoint.position, stream_id: CHECKPOINT_STREAM };
    if (p.fromTxId !== previous.txId || p.fromPosition !== previous.position || p.previousDigest !== previous.digest) {
      note({ ...at, reason: 'checkpoint does not continue the previous one' });
    }
    const legacy = isLegacyCheckpoint(p);
    let unsigned: string | null = null;
    if (!legacy) {
      unsigned = keys.check(checkpointStatement(p), p.signature);
      if (unsigned)
        note({ ...at, reason: `checkpoint ${unsigned}: the checkpoint was not written by this ledger's signer` });
      else {
        const revoked = keys.revoked(p.keyId, newestKey);
        if (revoked) note({ ...at, reason: `checkpoint ${revoked}` });
        newestKey = keys.newer(newestKey, p.keyId);
      }
      firstSigned ??= checkpoint.position;
    } else if (firstSigned !== null) {
      note({
        ...at,
        reason: `unsigned checkpoint after signed checkpoint ${firstSigned}: only checkpoints of the release before signing may be unsigned`,
      });
    } else if (checkpoint.hash_rule !== LEGACY_HASH_RULE) {
      note({
        ...at,
        reason: `unsigned checkpoint under hash rule ${checkpoint.hash_rule}: this release signs every checkpoint it writes`,
      });
    }
    const leaves: Leaf[] = [];
    const run = await chainDigest(
      sql,
      { txId: p.fromTxId, position: p.fromPosition },
      p.previousDigest,
      { toTxId: p.toTxId, toPosition: p.toPosition },
      { leaves },
    );
    if (run.count !== p.count || run.digest !== p.digest) {
      // A legacy checkpoint has no witness (the table came with signing): the checkpoint is the pointer.
      const changed = unsigned || legacy ? null : await firstChangedLeaf(sql, checkpoint.stream_version, p, leaves);
      note(
        changed
          ? {
              ...changed,
              reason: `${changed.reason}: it no longer matches what signed checkpoint ${checkpoint.position} covered`,
            }
          : {
              ...at,
              reason: `checkpoint digest over ${p.count} events does not match (${run.count} found): events were deleted, inserted, reordered or altered`,
            },
      );
    }
    previous = { txId: p.toTxId, position: p.toPosition, digest: p.digest };
  }
  return checkpoints.length;
}

/**
 * Compares a checkpoint's witness, leaf by leaf, with the events it covers now and names the first
 * that differs — but only if the witness itself chains to the signed digest (a witness edited by a
 * superuser is no evidence, and then nothing is named).
 */
async function firstChangedLeaf(
  sql: Sql,
  version: number,
  p: CheckpointPayload,
  live: readonly Leaf[],
): Promise<Problem | null> {
  const [witness] = await sql.query<{ positions: string[]; hashes: string[] }>(
    'select positions::text[] as positions, hashes from checkpoint_witnesses where checkpoint_version = $1',
    [version],
  );
  if (!witness || witness.positions.length !== p.count) return null;
  let digest = p.previousDigest;
  witness.positions.forEach((position, i) => (digest = digestStep(digest, position, witness.hashes[i])));
  if (digest !== p.digest) return null;
  for (let i = 0; i < witness.positions.length; i++) {
    const signed = { position: witness.positions[i], hash: witness.hashes[i] };
    const now = live[i];
    if (now && now.position === signed.position && now.hash === signed.hash) continue;
    const named = now && BigInt(now.position) < BigInt(signed.position) ? now : signed;
    const [row] = await sql.query<{ stream_id: string; hash: string }>(
      'select stream_id, hash from events where position = $1',
      [named.position],
    );
    const reason = !row
      ? `event ${named.position} is missing`
      : named === now && now.position !== signed.position
        ? `event ${named.position} was inserted`
        : `event ${named.position}'s hash changed (signed ${signed.hash.slice(0, 12)}…, now ${row.hash.slice(0, 12)}…), its content was altered and re-hashed`;
    return { position: named.position, stream_id: row?.stream_id ?? '', reason };
  }
  return null;
}
