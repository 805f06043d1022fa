import { Database } from '../../platform/db/database';
import { LedgerKeys } from '../../platform/event-store/signing';
import { ProjectionRunner } from '../../platform/projections/projection';
import { SavedDigest } from './against';
import { LedgerCheck } from './problem';
import { compareProjections, ValueView } from './projection-diff';
import { importSnapshot } from './replay';
import { verifyLedger, VerifyLanes, VerifyReport } from './verify';

/**
 * Connections that take verify's parts (the walk, the checkpoints, each check) side by side,
 * beside the rebuild's own lanes: the walk is the client's work, most checks the server's, so
 * on two cores two lanes keep both busy (decision 0056).
 */
export const VERIFY_LANES = 2;

/**
 * Verify as the CLI and the auditor's action run it (decision 0056): every read table rebuilt
 * from the events and compared (compareProjections), the streams' chains, the checkpoints, the
 * saved digest and every check (verifyLedger) — all in ONE snapshot, exported by a read-only
 * REPEATABLE READ transaction that stays open until the last part is done, so the rebuild and the
 * walk judge the very same ledger however many appends commit meanwhile. The rebuild runs beside
 * the walk and the checks, which take `lanes` connections of their own in that snapshot. The
 * report is the one verifyLedger gives when the same parts run one after another.
 */
export async function verifyWhole(
  db: Database,
  runner: ProjectionRunner,
  checks: readonly LedgerCheck[],
  keys: LedgerKeys,
  options: {
    against?: SavedDigest;
    /** compareProjections' schema and view (the auditor's action: verify_scratch, values as tokens). */
    schema?: string;
    view?: ValueView;
    lanes?: number;
  } = {},
): Promise<VerifyReport> {
  const inSnapshot = { retry: false, isolation: 'REPEATABLE READ', readOnly: true } as const;
  return db.transaction(async (holder) => {
    // The holder only keeps the snapshot alive for the others: idle, for as long as they work.
    await holder.execute('set local idle_in_transaction_session_timeout = 0');
    const [{ id }] = await holder.query<{ id: string }>('select pg_export_snapshot() as id');
    let started = () => {};
    const rebuilding = new Promise<void>((resolve) => (started = resolve));
    const projections = compareProjections(db, runner, {
      schema: options.schema,
      view: options.view,
      snapshot: id,
      onStart: () => started(),
    });
    projections.catch(() => undefined); // awaited by verifyLedger, or below when a part fails first
    // Another verify holding the scratch schema refuses this one (VerifyAlreadyRunning) before any walking.
    await Promise.race([rebuilding, projections]);
    const lanes: VerifyLanes = {
      count: options.lanes ?? VERIFY_LANES,
      run: (work) =>
        db.transaction(async (lane) => {
          await importSnapshot(lane, id);
          return work(lane);
        }, inSnapshot),
    };
    try {
      return await verifyLedger(holder, checks, keys, { against: options.against, projections, lanes });
    } catch (error) {
      // Nothing of this verify goes on working after it has failed (the rebuild drops its tables).
      await Promise.allSettled([projections]);
      throw error;
    }
  }, inSnapshot);
}
