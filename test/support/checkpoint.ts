import { Database } from '../../src/platform/db/database';
import { writeCheckpoint } from '../../src/platform/event-store/checkpoint';
import { LedgerKeys } from '../../src/platform/event-store/signing';
import { testLedgerKeys } from './ledger-keys';

/** How long a test waits for the cluster's oldest transaction to move past its events. */
const COVER_WITHIN_MS = 20_000;

/**
 * Writes checkpoints until one covers the event at `position`, as the worker's schedule does.
 * Checkpoints stop below the cluster's oldest open transaction, and other test files share the
 * cluster, so the first pass may end short of an event that has already committed.
 */
export async function checkpointCovering(
  database: Database,
  position: string,
  keys: LedgerKeys = testLedgerKeys(),
): Promise<boolean> {
  for (const deadline = Date.now() + COVER_WITHIN_MS; Date.now() < deadline;) {
    await writeCheckpoint(database, keys);
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from events c, events p
        where c.stream_id = 'ledger-checkpoints' and p.position = $1
          and (p.tx_id, p.position) <= ((c.payload->>'toTxId')::xid8, (c.payload->>'toPosition')::bigint)`,
      [position],
    );
    if (row.n > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The newest event's position. */
export async function lastPosition(database: Database): Promise<string> {
  const [row] = await database.query<{ p: string }>('select max(position)::text as p from events');
  return row.p;
}
