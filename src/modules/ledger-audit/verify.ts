import { Sql } from '../../platform/db/database';
import { CHECKPOINT_STREAM, CheckpointPayload, chainDigest } from '../../platform/event-store/checkpoint';
import { eventHash, GENESIS_HASH } from '../../platform/event-store/canonical';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { Posting, postingsBalance } from '../../platform/money';

/** Events read per batch while verifying. */
export const VERIFY_BATCH = 5000;
/** Problems listed in a report at the most (the first bad event is always among them). */
export const MAX_PROBLEMS = 100;

export interface Problem {
  position: string;
  stream_id: string;
  reason: string;
}

export interface VerifyReport {
  ok: boolean;
  eventsChecked: number;
  streamsChecked: number;
  checkpointsChecked: number;
  postingsChecked: number;
  firstBad: Problem | null;
  problems: Problem[];
}

/** A check that extends verify (e-pins used once, counts equal projections…), added by later features. */
export interface LedgerCheck {
  name: string;
  run(sql: Sql): Promise<Problem[]>;
}

/**
 * Re-derives everything the ledger promises from the event rows alone: every stream's versions
 * run 1, 2, 3… and each hash covers its content and the previous hash; every checkpoint's digest
 * matches the events it covers; every event's postings sum to zero. Names the first bad event
 * (lowest position) among all problems found.
 */
export async function verifyLedger(sql: Sql, extraChecks: readonly LedgerCheck[] = []): Promise<VerifyReport> {
  const problems: Problem[] = [];
  const note = (p: Problem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  let eventsChecked = 0;
  let streamsChecked = 0;
  let postingsChecked = 0;

  let after = { stream: '', version: 0 };
  let current = { stream: '', version: 0, hash: GENESIS_HASH };
  for (;;) {
    const rows = await sql.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where (stream_id, stream_version) > ($1, $2) order by stream_id, stream_version limit ${VERIFY_BATCH}`,
      [after.stream, after.version],
    );
    for (const row of rows) {
      const event = toStoredEvent(row);
      eventsChecked += 1;
      if (event.streamId !== current.stream) {
        streamsChecked += 1;
        current = { stream: event.streamId, version: 0, hash: GENESIS_HASH };
      }
      if (event.streamVersion !== current.version + 1) {
        note({ position: event.position, stream_id: event.streamId, reason: `stream version ${event.streamVersion} follows ${current.version}: an event is missing` });
      }
      const expected = eventHash(current.hash, event);
      if (expected !== event.hash) note({ position: event.position, stream_id: event.streamId, reason: 'hash does not match the event content and the previous hash: the event was altered' });
      const postings = (event.payload as { postings?: Posting[] } | null)?.postings;
      if (Array.isArray(postings)) {
        postingsChecked += postings.length;
        let balanced = false;
        try {
          balanced = postingsBalance(postings) === 0n;
        } catch {
          balanced = false;
        }
        if (!balanced) note({ position: event.position, stream_id: event.streamId, reason: 'postings do not sum to zero' });
      }
      current = { stream: event.streamId, version: event.streamVersion, hash: event.hash };
    }
    if (rows.length < VERIFY_BATCH) break;
    const last = rows[rows.length - 1];
    after = { stream: last.stream_id, version: last.stream_version };
  }

  const checkpoints = await sql.query<{ position: string; payload: CheckpointPayload }>(
    'select position::text as position, payload from events where stream_id = $1 order by stream_version',
    [CHECKPOINT_STREAM],
  );
  let previous = { txId: '0', position: '0', digest: GENESIS_HASH };
  for (const checkpoint of checkpoints) {
    const p = checkpoint.payload;
    if (p.fromTxId !== previous.txId || p.fromPosition !== previous.position || p.previousDigest !== previous.digest) {
      note({ position: checkpoint.position, stream_id: CHECKPOINT_STREAM, reason: 'checkpoint does not continue the previous one' });
    }
    const run = await chainDigest(sql, { txId: p.fromTxId, position: p.fromPosition }, p.previousDigest, { toTxId: p.toTxId, toPosition: p.toPosition });
    if (run.count !== p.count || run.digest !== p.digest) {
      const culprit = await firstDivergence(sql, p);
      note({
        position: culprit ?? checkpoint.position,
        stream_id: CHECKPOINT_STREAM,
        reason: `checkpoint digest over ${p.count} events does not match (${run.count} found): events were deleted, inserted or reordered`,
      });
    }
    previous = { txId: p.toTxId, position: p.toPosition, digest: p.digest };
  }

  for (const check of extraChecks) for (const problem of await check.run(sql)) note(problem);

  problems.sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : BigInt(a.position) > BigInt(b.position) ? 1 : 0));
  return {
    ok: problems.length === 0,
    eventsChecked,
    streamsChecked,
    checkpointsChecked: checkpoints.length,
    postingsChecked,
    firstBad: problems[0] ?? null,
    problems,
  };
}

/** Where a checkpoint's range first goes wrong is not recoverable from a digest; the range start is the best pointer. */
async function firstDivergence(sql: Sql, p: CheckpointPayload): Promise<string | null> {
  const [row] = await sql.query<{ position: string }>(
    'select position::text as position from events where (tx_id, position) > ($1::xid8, $2::bigint) order by events.tx_id, events.position limit 1',
    [p.fromTxId, p.fromPosition],
  );
  return row?.position ?? null;
}
