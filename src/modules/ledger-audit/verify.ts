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
import { EventRow, hashedContentOf } from '../../platform/event-store/event.types';
import { settleAll } from '../../platform/projections/projection';
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
 * Where verify's parts run when they may run side by side (decision 0056): `run` gives `work` a
 * connection of its own in verify's one snapshot (a transaction that imported it), and `count`
 * such connections take the parts off one queue, the longest first.
 */
export interface VerifyLanes {
  count: number;
  run<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
}

/** What the walk over every stream found: its counts and its problems (at most MAX_PROBLEMS). */
interface WalkResult {
  eventsChecked: number;
  streamsChecked: number;
  postingsChecked: number;
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
 *
 * The parts (the walk, the checkpoints, `against`, each check, the projections) find what they
 * find whichever order they run in; their problems are listed in that order (the walk's first),
 * so the report is the same whether they ran one after another on `sql` or side by side in
 * `lanes` (verifyWhole).
 */
export async function verifyLedger(
  sql: Sql,
  extraChecks: readonly LedgerCheck[] = [],
  keys: LedgerKeys = new LedgerKeys(ledgerKeyConfigFrom()),
  options: {
    against?: SavedDigest;
    /**
     * What compareProjections found (every read table rebuilt from the events and compared with
     * the live one, in snapshots of its own, or in verify's own when given its snapshot): each
     * difference becomes a problem. A promise is awaited after every other part.
     */
    projections?: ProjectionsReport | Promise<ProjectionsReport>;
    /** Run the parts side by side on connections of their own in one snapshot (else one after another on `sql`). */
    lanes?: VerifyLanes;
  } = {},
): Promise<VerifyReport> {
  let walked: WalkResult | undefined;
  let checkpointsChecked = 0;
  const parts: Array<(sql: Sql) => Promise<Problem[]>> = [
    async (on) => {
      walked = await walkStreams(on);
      return walked.problems;
    },
    async (on) => {
      const found: Problem[] = [];
      checkpointsChecked = await verifyCheckpoints(
        on,
        keys,
        (p) => void (found.length < MAX_PROBLEMS && found.push(p)),
      );
      return found;
    },
    async (on) => {
      const problem = options.against ? await checkAgainst(on, keys, options.against) : null;
      return problem ? [problem] : [];
    },
    ...extraChecks.map((check) => (on: Sql) => check.run(on)),
  ];
  const found = await runParts(sql, parts, options.lanes);

  const problems: Problem[] = [];
  const note = (p: Problem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  for (const part of found) part.forEach(note);
  const projections = (await options.projections) ?? null;
  if (projections) for (const problem of differenceProblems(projections)) note(problem);

  problems.sort((a, b) =>
    BigInt(a.position) < BigInt(b.position) ? -1 : BigInt(a.position) > BigInt(b.position) ? 1 : 0,
  );
  return {
    ok: problems.length === 0,
    eventsChecked: walked!.eventsChecked,
    streamsChecked: walked!.streamsChecked,
    checkpointsChecked,
    postingsChecked: walked!.postingsChecked,
    projections,
    firstBad: problems[0] ?? null,
    problems,
  };
}

/**
 * Each part's problems, in the parts' order: one after another on `sql`, or taken off a queue by
 * `lanes.count` lanes (the parts are listed longest first where it matters: the walk leads). A
 * failing part stops the lanes taking more and fails verify, as it would one after another.
 */
async function runParts(
  sql: Sql,
  parts: ReadonlyArray<(sql: Sql) => Promise<Problem[]>>,
  lanes: VerifyLanes | undefined,
): Promise<Problem[][]> {
  const found: Problem[][] = parts.map(() => []);
  if (!lanes) {
    for (const [i, part] of parts.entries()) found[i] = await part(sql);
    return found;
  }
  const queue = [...parts.keys()];
  const lane = () =>
    lanes.run(async (on) => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        try {
          found[i] = await parts[i](on);
        } catch (error) {
          queue.length = 0; // the other lanes stop after the part they are on
          throw error;
        }
      }
    });
  await settleAll(Array.from({ length: Math.max(1, Math.min(lanes.count, parts.length)) }, lane));
  return found;
}

/**
 * Every stream in (stream, version) order: versions 1, 2, 3…, each hash over its content and
 * the stream's previous hash (by the event's own hash rule), postings that sum to zero; then the
 * events that went back to hash rule 1 after the ledger moved to rule 2.
 */
async function walkStreams(sql: Sql): Promise<WalkResult> {
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
    const rows = sql.query<WalkRow>(
      `select ${WALK_COLUMNS} from events where (stream_id, stream_version) > ($1, $2) order by stream_id, stream_version limit ${VERIFY_BATCH}`,
      [from.stream, from.version],
    );
    rows.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
    return rows;
  };
  for (let next: Promise<WalkRow[]> | null = page(after); next !== null;) {
    const rows: WalkRow[] = await next;
    if (rows.length < VERIFY_BATCH) next = null;
    else {
      const last = rows[rows.length - 1];
      after = { stream: last.stream_id, version: last.stream_version };
      next = page(after);
    }
    for (const row of rows) {
      eventsChecked += 1;
      if (row.stream_id !== current.stream) {
        streamsChecked += 1;
        current = { stream: row.stream_id, version: 0, hash: GENESIS_HASH };
      }
      if (row.stream_version !== current.version + 1) {
        note({
          position: row.position,
          stream_id: row.stream_id,
          reason: `stream version ${row.stream_version} follows ${current.version}: an event is missing`,
        });
      }
      if (row.hash_rule === LEGACY_HASH_RULE || row.hash_rule === CURRENT_HASH_RULE) {
        const position = BigInt(row.position);
        if (row.hash_rule === LEGACY_HASH_RULE && (lastRule1 === null || position > lastRule1)) lastRule1 = position;
        if (row.hash_rule === CURRENT_HASH_RULE && (firstRule2 === null || position < firstRule2))
          firstRule2 = position;
        if (eventHash(current.hash, hashedContentOf(row), row.hash_rule) !== row.hash)
          note({
            position: row.position,
            stream_id: row.stream_id,
            reason: 'hash does not match the event content and the previous hash: the event was altered',
          });
      } else {
        note({
          position: row.position,
          stream_id: row.stream_id,
          reason: `unknown hash rule ${row.hash_rule}: the event's hash cannot be checked`,
        });
      }
      const postings = (row.payload as { postings?: Posting[] } | null)?.postings;
      if (Array.isArray(postings)) {
        postingsChecked += postings.length;
        let balanced = false;
        try {
          balanced = postingsBalance(postings) === 0n;
        } catch {
          balanced = false;
        }
        if (!balanced)
          note({ position: row.position, stream_id: row.stream_id, reason: 'postings do not sum to zero' });
      }
      current = { stream: row.stream_id, version: row.stream_version, hash: row.hash };
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
  return { eventsChecked, streamsChecked, postingsChecked, problems };
}

/** The columns the walk reads: what the hash covers, the hash and its rule (no transaction id). */
const WALK_COLUMNS =
  'position::text as position, stream_id, stream_version, type, schema_version, payload, metadata, recorded_at, hash, hash_rule';
type WalkRow = Omit<EventRow, 'tx_id'>;

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
