import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { appendToStream } from '../src/platform/event-store/event-store';
import { EventMetadata } from '../src/platform/event-store/event.types';
import { ledgerHorizon, REGISTER_LEDGER_WRITER_SQL } from '../src/platform/event-store/ledger-order';
import { OutboxRelay } from '../src/platform/outbox/relay';
import { createTestDatabase, TestDatabase } from './support/test-app';

// Decision 0050: the horizon of decision 0036 must hold while ledger writers commit *during* its read of
// `pg_locks`. PostgreSQL clears a committing backend's local transaction id (pg_locks.virtualtransaction)
// when it leaves the proc array, before it releases its locks, and pg_locks reads that id per row, without
// the proc array's lock: a writer committing between the reads of its transaction-id lock and of its
// writer lock showed the two with different virtual transactions, so it was taken for a transaction that
// never registered. Its id was in the reader's snapshot, so its events were not, and the horizon let the
// relay pass them: one top-up in 6,000 never paid in the top-up bench. The race is widened here by a
// lock table made long (each pg_locks read takes longer, so more commits land inside one), and the
// writers commit in a tight loop.

const meta: EventMetadata = { actor: { kind: 'system', id: 'test' }, correlationId: 'ledger-horizon-race' };
const WRITERS = 6;
/** Advisory locks held by one idle transaction so that every read of pg_locks takes a while. */
const PADDING_LOCKS = 6000;
const RUN_MS = 8000;

async function connect(url: string, applicationName: string): Promise<Client> {
  const client = new Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  return client;
}

/** Holds PADDING_LOCKS advisory locks (keys no app code uses) in an open transaction until `end`. */
async function padLockTable(url: string): Promise<() => Promise<void>> {
  const client = await connect(url, 'horizon-race-padding');
  await client.query('begin');
  await client.query('select count(pg_advisory_xact_lock_shared(4242, g)) from generate_series(1, $1::int) g', [
    PADDING_LOCKS,
  ]);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

/** Parses `xmin:xmax:xip,…` (pg_snapshot's text form). */
function snapshotOf(text: string): { xmax: bigint; xip: bigint[] } {
  const [, xmax, xip] = text.split(':');
  return { xmax: BigInt(xmax), xip: xip ? xip.split(',').map((x) => BigInt(x)) : [] };
}

describe('the ledger horizon while writers commit during its read (decision 0050)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('never rises above a registered writer that the same statement saw running', async () => {
    const unpad = await padLockTable(db.ownerUrl);
    const writers = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => connect(db.appUrl, `horizon-race-writer-${i}`)),
    );
    const reader = await connect(db.appUrl, 'horizon-race-reader');
    const writerXids = new Set<bigint>();
    const samples: Array<{ horizon: bigint; snapshot: string }> = [];
    const until = Date.now() + RUN_MS;
    try {
      const write = async (client: Client) => {
        while (Date.now() < until) {
          await client.query('begin');
          await client.query(REGISTER_LEDGER_WRITER_SQL);
          const { rows } = await client.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
          writerXids.add(BigInt(rows[0].xid));
          await client.query('commit');
        }
      };
      const read = async () => {
        const text = `select ${ledgerHorizon('pg_current_snapshot()')}::text as horizon, pg_current_snapshot()::text as snapshot`;
        while (Date.now() < until) {
          const { rows } = await reader.query<{ horizon: string; snapshot: string }>(text);
          samples.push({ horizon: BigInt(rows[0].horizon), snapshot: rows[0].snapshot });
        }
      };
      await Promise.all([...writers.map(write), read()]);
    } finally {
      for (const client of [...writers, reader]) await client.end();
      await unpad();
    }

    // A writer the statement's snapshot saw running (its events not visible) must hold the horizon at or below its id.
    const passed = samples.flatMap(({ horizon, snapshot }) =>
      snapshotOf(snapshot)
        .xip.filter((xid) => writerXids.has(xid) && xid < horizon)
        .map((xid) => `writer ${xid} running in ${snapshot}, horizon ${horizon}`),
    );
    expect(samples.length).toBeGreaterThan(100);
    expect(passed.slice(0, 5)).toEqual([]);
  });

  it('the outbox relay delivers every event while writers commit during its passes', async () => {
    const unpad = await padLockTable(db.ownerUrl);
    const delivered = new Set<string>();
    const cursor = `race-relay-${randomBytes(4).toString('hex')}`;
    const relay = new OutboxRelay(
      db.app,
      { RelayProbe: 'probe' },
      { add: async (_queue, _name, data) => void delivered.add(data.position) },
      cursor,
    );
    await relay.pumpOnce(100_000); // past everything already in the ledger
    delivered.clear();
    const appended: string[] = [];
    const until = Date.now() + RUN_MS;
    let writing = true;
    try {
      const write = async (w: number) => {
        for (let n = 0; Date.now() < until; n++) {
          const [event] = await db.app.transaction((tx) =>
            appendToStream(tx, `race-${cursor}-${w}-${n}`, 0, [{ type: 'RelayProbe', payload: { w, n } }], meta),
          );
          appended.push(event.position);
        }
      };
      const pump = async () => {
        while (writing) await relay.pumpOnce();
      };
      const pumping = pump();
      await Promise.all(Array.from({ length: WRITERS }, (_, w) => write(w)));
      writing = false;
      await pumping;
      // every writer has ended: one more pass delivers whatever is left
      while ((await relay.pumpOnce()) > 0);
    } finally {
      writing = false;
      await unpad();
    }
    const missed = appended.filter((p) => !delivered.has(p));
    expect(appended.length).toBeGreaterThan(100);
    expect(missed).toEqual([]);
  });
});
