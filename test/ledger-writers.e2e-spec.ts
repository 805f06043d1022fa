import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { payLevelIncome } from '../src/modules/income';
import { Tx } from '../src/platform/db/pipelined-tx';
import { appendToStream } from '../src/platform/event-store/event-store';
import { EventMetadata } from '../src/platform/event-store/event.types';
import { REGISTER_LEDGER_WRITER_SQL } from '../src/platform/event-store/ledger-order';
import { writeCheckpoint } from '../src/platform/event-store/checkpoint';
import { OutboxRelay, RelayStallWatch } from '../src/platform/outbox/relay';
import { testPgUrl, withDatabase } from './support/env';
import { testLedgerKeys } from './support/ledger-keys';
import { Network } from './support/network';
import { ledgerOn } from './support/seed';
import { TestApp } from './support/test-app';
import { startTestAppWithWorker } from './support/with-worker';

// Decision 0036: the readers of the ledger (outbox relay → level income, checkpoints) wait only for
// registered ledger writers, not for every transaction of the PostgreSQL server.

const meta: EventMetadata = { actor: { kind: 'system', id: 'test' }, correlationId: 'ledger-writers-test' };

async function until<T>(probe: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A transaction that holds a transaction id and stays open until `end`, as a long report or a stuck session would. */
async function openTransactionWithId(url: string): Promise<{ xid: string; client: Client; end: () => Promise<void> }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  const [{ xid }] = (await client.query<{ xid: string }>('select pg_current_xact_id()::text as xid')).rows;
  return {
    xid,
    client,
    end: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

describe('ledger readers wait only for ledger writers (decision 0036)', () => {
  let t: TestApp;
  let net: Network;
  const otherDatabase = `sahyog_other_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    t = await startTestAppWithWorker({
      QUEUE_PREFIX: `sahyog-writers-test-${process.pid}`,
      LEDGER_CHECKPOINT_EVERY_MS: '500',
    });
    net = new Network(t);
    const admin = new Client({ connectionString: testPgUrl() });
    await admin.connect();
    await admin.query(`create database ${otherDatabase}`);
    await admin.end();
  });
  afterAll(async () => {
    await t?.close();
    const admin = new Client({ connectionString: testPgUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${otherDatabase} with (force)`);
    await admin.end();
  });

  /** An Active upline and a downline with an unused e-pin: the downline's top-up pays the upline. */
  async function uplineAndDownline(): Promise<{ upline: string; downline: string; pin: string }> {
    const upline = await net.register();
    const downline = await net.register(upline);
    const [own, pin] = await net.issue(upline, 2);
    expect((await net.as(upline, '/api/ActivateId', { touid: upline, epin: own })).body.result).toBe(
      ' Activation Successfull',
    );
    return { upline, downline, pin };
  }

  async function topUpPosition(uid: string): Promise<string> {
    const [row] = await t.db.owner.query<{ p: string }>(
      "select max(position)::text as p from events where type = 'MemberToppedUp' and stream_id = $1",
      [`member-${uid}`],
    );
    return row.p;
  }

  const incomePaid = async (downline: string) => {
    const [row] = await t.db.owner.query<{ amount: string }>(
      'select amount_paise::text as amount from level_income where from_uid = $1 and level = 1 and paid',
      [downline],
    );
    return row?.amount;
  };

  const checkpointCovers = async (position: string) => {
    const [row] = await t.db.owner.query<{ n: number }>(
      `select count(*)::int as n from events c, events p
        where c.stream_id = 'ledger-checkpoints' and p.position = $1
          and (p.tx_id, p.position) <= ((c.payload->>'toTxId')::xid8, (c.payload->>'toPosition')::bigint)`,
      [position],
    );
    return row.n > 0;
  };

  it('pays level income and signs checkpoints while a long transaction that never appends stays open, in this database and in another', async () => {
    const { upline, downline, pin } = await uplineAndDownline();
    const sameDatabase = await openTransactionWithId(t.db.appUrl);
    const elsewhere = await openTransactionWithId(withDatabase(testPgUrl(), otherDatabase));
    try {
      // Both are older than the top-up: a reader waiting on the server's oldest transaction would wait for them.
      const started = Date.now();
      expect((await net.as(upline, '/api/ActivateId', { touid: downline, epin: pin })).body.result).toBe(
        ' Activation Successfull',
      );
      const position = await topUpPosition(downline);
      const [{ older }] = await t.db.owner.query<{ older: boolean }>(
        'select $1::xid8 < tx_id and $2::xid8 < tx_id as older from events where position = $3',
        [sameDatabase.xid, elsewhere.xid, position],
      );
      expect(older).toBe(true);

      expect(await until(() => incomePaid(downline), 10_000)).toBe('2990');
      expect(await until(() => checkpointCovers(position), 10_000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
      // Neither transaction ended meanwhile.
      for (const open of [sameDatabase, elsewhere]) {
        const [{ status }] = (
          await open.client.query<{ status: string }>('select pg_xact_status($1::xid8) as status', [open.xid])
        ).rows;
        expect(status).toBe('in progress');
      }
    } finally {
      await sameDatabase.end();
      await elsewhere.end();
    }
  });

  it('holds the relay, level income and checkpoints back while a registered writer older than the top-up is open, even before its first append, and delivers in (transaction id, position) order once it commits', async () => {
    const { upline, downline, pin } = await uplineAndDownline();
    const delivered: Array<{ type: string; position: string }> = [];
    const relay = new OutboxRelay(
      t.db.app,
      { RelayProbe: 'probe', MemberToppedUp: 'probe' },
      { add: async (_queue, name, data) => void delivered.push({ type: name, position: data.position }) },
      `test-relay-${randomBytes(4).toString('hex')}`,
    );
    await relay.pumpOnce(100_000); // past everything already in the ledger
    delivered.length = 0;

    const runner = t.db.app.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('READ COMMITTED');
      await runner.query(REGISTER_LEDGER_WRITER_SQL);
      const writer = new Tx(runner);
      // It has a transaction id, older than the top-up's, and has appended nothing yet.
      await writer.query('select pg_current_xact_id()');
      expect((await net.as(upline, '/api/ActivateId', { touid: downline, epin: pin })).body.result).toBe(
        ' Activation Successfull',
      );
      const topUp = await topUpPosition(downline);

      await relay.pumpOnce();
      expect(delivered).toEqual([]);
      await expect(payLevelIncome(ledgerOn(t.db.app), topUp, { settleWaitMs: 0 })).rejects.toThrow(
        /a transaction older than the top-up's is still open/,
      );
      await writeCheckpoint(t.db.app, testLedgerKeys());
      expect(await checkpointCovers(topUp)).toBe(false);
      expect(await incomePaid(downline)).toBeUndefined();

      // Its event takes a higher position than the top-up's, yet comes first in the ledger's order.
      const [late] = await appendToStream(
        writer,
        `probe-writer-${topUp}`,
        0,
        [{ type: 'RelayProbe', payload: {} }],
        meta,
      );
      expect(BigInt(late.position)).toBeGreaterThan(BigInt(topUp));
      await runner.commitTransaction();

      await until(async () => {
        await relay.pumpOnce();
        return delivered.length >= 2;
      }, 10_000);
      expect(delivered).toEqual([
        { type: 'RelayProbe', position: late.position },
        { type: 'MemberToppedUp', position: topUp },
      ]);
      expect(await until(() => incomePaid(downline), 10_000)).toBe('2990');
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it("names the ledger writer that holds the horizon — xid, pid, application_name, query — in level income's error and the relay's log", async () => {
    const { downline, upline, pin } = await uplineAndDownline();
    const relayCursor = `test-relay-${randomBytes(4).toString('hex')}`;
    const relay = new OutboxRelay(t.db.app, {}, { add: async () => undefined }, relayCursor);
    await relay.pumpOnce(100_000); // past everything already in the ledger
    const holder = new Client({ connectionString: t.db.appUrl, application_name: 'long-ledger-writer' });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(REGISTER_LEDGER_WRITER_SQL);
      const [{ xid, pid }] = (
        await holder.query<{ xid: string; pid: number }>(
          'select pg_current_xact_id()::text as xid, pg_backend_pid() as pid /* the long writer */',
        )
      ).rows;
      expect((await net.as(upline, '/api/ActivateId', { touid: downline, epin: pin })).body.result).toBe(
        ' Activation Successfull',
      );
      const topUp = await topUpPosition(downline);
      const named = new RegExp(
        `xid ${xid} \\(ledger writer\\) pid ${pid} application_name "long-ledger-writer" .*state idle in transaction .*query ".*the long writer`,
      );
      await expect(
        payLevelIncome(ledgerOn(t.db.app), topUp, { settleWaitMs: 300, nameHoldersAfterMs: 200 }),
      ).rejects.toThrow(named);

      const told: string[] = [];
      const watch = new RelayStallWatch(t.db.app, (message) => told.push(message), relayCursor, 200);
      // As the worker's relay loop does: a pass, then the watch. What committed below the horizon is
      // delivered; the top-up waits behind the open writer, and after 200 ms the watch names it, once.
      const pass = async () => watch.afterPass(await relay.pumpOnce());
      await pass();
      expect(told).toEqual([]);
      await until(async () => {
        await pass();
        return told.length > 0;
      }, 10_000);
      await watch.afterPass(0, Date.now() + 5_000);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(/^the outbox relay has waited \d+ s to deliver the events of transaction \d+: held by /);
      expect(told[0]).toMatch(named);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
  });

  it('refuses an append from a transaction that did not register as a writer first', async () => {
    const probe = (tx: Tx) =>
      appendToStream(
        tx,
        `probe-unregistered-${randomBytes(4).toString('hex')}`,
        0,
        [{ type: 'RelayProbe', payload: {} }],
        meta,
      );
    // Declared as not appending: no registration.
    await expect(t.db.app.transaction(probe, { appends: false })).rejects.toThrow(
      /only a registered ledger writer may append to events \(state: not registered\)/,
    );
    // Registered after it already held a transaction id: too late, the readers may have passed it.
    await expect(
      t.db.app.transaction(
        async (tx) => {
          await tx.query('select pg_current_xact_id()');
          await tx.query(REGISTER_LEDGER_WRITER_SQL);
          return probe(tx);
        },
        { appends: false },
      ),
    ).rejects.toThrow(/\(state: late\)/);
    // Outside any transaction of Database's, and from the owner too.
    await expect(
      t.db.owner.execute(
        "insert into events (stream_id, stream_version, type, payload, metadata, recorded_at, hash, hash_rule) values ('x', 1, 'X', '{}', '{}', now(), repeat('0', 64), 2)",
      ),
    ).rejects.toThrow(/registered ledger writer/);
    // The default transaction registers, and appends.
    await expect(t.db.app.transaction(probe)).resolves.toHaveLength(1);
  });
});
