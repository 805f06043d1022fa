import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { runLedgerCommand } from '../src/cli/ledger';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { Tx } from '../src/platform/db/pipelined-tx';
import { writeCheckpoint } from '../src/platform/event-store/checkpoint';
import { assertTransactionIdsAhead, REGISTER_LEDGER_WRITER_SQL } from '../src/platform/event-store/ledger-order';
import { migrate } from '../src/platform/db/migrate';
import { ALL_MIGRATIONS } from '../migrations';
import { appendToStream } from '../src/platform/event-store/event-store';
import { EventMetadata } from '../src/platform/event-store/event.types';
import { ConcurrencyError, InvariantViolation } from '../src/platform/errors';
import { OutboxRelay } from '../src/platform/outbox/relay';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { checkpointCovering } from './support/checkpoint';
import { testLedgerKeys } from './support/ledger-keys';
import { withScratchLedger } from './support/scratch';
import { testRedisUrl } from './support/env';
import { eventCount, ledgerOn, seedBasics } from './support/seed';
import { createTestDatabase, TestDatabase } from './support/test-app';

const meta: EventMetadata = { actor: { kind: 'system', id: 'test' }, correlationId: 'ledger-core-test' };

describe('ledger core (real PostgreSQL, application role)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedBasics(db.app);
  });
  afterAll(() => db.drop());

  it('refuses UPDATE, DELETE and TRUNCATE of events from the application role', async () => {
    await expect(db.app.execute("update events set type = 'X' where position = 1")).rejects.toThrow(
      /permission denied/,
    );
    await expect(db.app.execute('delete from events where position = 1')).rejects.toThrow(/permission denied/);
    await expect(db.app.execute('truncate events')).rejects.toThrow(/permission denied/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE even from the owner, through the trigger', async () => {
    await expect(db.owner.execute("update events set type = 'X' where position = 1")).rejects.toThrow(/append-only/);
    await expect(db.owner.execute('delete from events where position = 1')).rejects.toThrow(/append-only/);
    await expect(db.owner.execute('truncate events')).rejects.toThrow(/append-only/);
  });

  it('lets exactly one of many concurrent appends at the same expected version win', async () => {
    const stream = `race-${randomBytes(4).toString('hex')}`;
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        db.app.transaction((tx) => appendToStream(tx, stream, 0, [{ type: 'Raced', payload: { i } }], meta), {
          retry: false,
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const losers = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(losers).toHaveLength(11);
    for (const loser of losers) expect(loser.reason).toBeInstanceOf(ConcurrencyError);
    const rows = await db.app.query<{ n: number }>('select count(*)::int as n from events where stream_id = $1', [
      stream,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('chains each stream: every hash covers the previous one, so the chain verifies', async () => {
    const stream = `chain-${randomBytes(4).toString('hex')}`;
    const first = await db.app.transaction((tx) =>
      appendToStream(
        tx,
        stream,
        0,
        [
          { type: 'A', payload: { n: 1 } },
          { type: 'B', payload: { n: 2 } },
        ],
        meta,
      ),
    );
    const third = await db.app.transaction((tx) =>
      appendToStream(tx, stream, 2, [{ type: 'C', payload: { n: 3 } }], meta),
    );
    expect(first.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(third[0].streamVersion).toBe(3);
    expect(new Set([...first, ...third].map((e) => e.hash)).size).toBe(3);
    const report = await verifyLedger(db.app);
    expect(report).toMatchObject({ ok: true, firstBad: null });
  });

  it('rolls the append back when an inline projection fails: no event without its read rows', async () => {
    const before = await eventCount(db.app);
    // LoginFailed for a member the projection has never seen breaks its invariant.
    await expect(
      ledgerOn(db.app).run(meta, (tx) =>
        tx.append('member-999999', 0, [{ type: 'LoginFailed', payload: { failures: 1 } }]),
      ),
    ).rejects.toBeInstanceOf(InvariantViolation);
    expect(await eventCount(db.app)).toBe(before);
  });

  it('refuses postings that do not sum to zero before anything is written', async () => {
    const before = await eventCount(db.app);
    const unbalanced = {
      postings: [
        { account: 'member:100000:income', amountPaise: '100' },
        { account: 'platform:level-income', amountPaise: '-99' },
      ],
    };
    await expect(
      ledgerOn(db.app).run(meta, (tx) =>
        tx.append(`money-${randomBytes(3).toString('hex')}`, 0, [{ type: 'Moved', payload: unbalanced }]),
      ),
    ).rejects.toBeInstanceOf(InvariantViolation);
    expect(await eventCount(db.app)).toBe(before);
  });

  it('names an event altered by a database superuser as the first bad event', async () => {
    await withScratchLedger(async (scratch) => {
      await writeCheckpoint(scratch.app, testLedgerKeys());
      expect((await verifyLedger(scratch.app)).ok).toBe(true);
      const [victim] = await scratch.owner.query<{ position: string }>(
        "select position::text as position from events where stream_id = 'admin-auditor'",
      );
      await scratch.owner.transaction(async (tx) => {
        await tx.execute('set local session_replication_role = replica'); // a superuser switching the trigger off
        await tx.execute(
          `update events set payload = jsonb_set(payload, '{role}', '"superadmin"') where position = $1`,
          [victim.position],
        );
      });
      const report = await verifyLedger(scratch.app);
      expect(report.ok).toBe(false);
      expect(report.firstBad).toMatchObject({ position: victim.position, stream_id: 'admin-auditor' });
      expect(report.firstBad?.reason).toMatch(/altered/);
    });
  });

  it('detects a deleted event through the stream versions and names it through the signed checkpoint', async () => {
    await withScratchLedger(async (scratch) => {
      const stream = 'gap-stream';
      const written = await scratch.app.transaction((tx) =>
        appendToStream(
          tx,
          stream,
          0,
          [
            { type: 'A', payload: {} },
            { type: 'B', payload: {} },
            { type: 'C', payload: {} },
          ],
          meta,
        ),
      );
      expect(await checkpointCovering(scratch.app, written[2].position)).toBe(true);
      const [middle] = await scratch.owner.query<{ position: string }>(
        'select position::text as position from events where stream_id = $1 and stream_version = 2',
        [stream],
      );
      await scratch.owner.transaction(async (tx) => {
        await tx.execute('set local session_replication_role = replica');
        await tx.execute('delete from events where position = $1', [middle.position]);
      });
      const report = await verifyLedger(scratch.app);
      expect(report.ok).toBe(false);
      const reasons = report.problems.map((p) => p.reason).join('\n');
      expect(reasons).toMatch(/an event is missing/);
      // The signed checkpoint's witness names the deleted event itself, not the checkpoint.
      expect(report.firstBad).toMatchObject({
        position: middle.position,
        reason: expect.stringMatching(
          /^event \d+ is missing: it no longer matches what signed checkpoint \d+ covered$/,
        ),
      });
    });
  });

  it("names stored postings that do not sum to zero (written past the command layer's check)", async () => {
    await withScratchLedger(async (scratch) => {
      const unbalanced = {
        postings: [
          { account: 'member:100000:level-income', amountPaise: '500' },
          { account: 'platform:level-income', amountPaise: '-400' },
        ],
      };
      // appendToStream alone hashes and chains correctly; only LedgerTx.append refuses the postings.
      const [bad] = await scratch.app.transaction((tx) =>
        appendToStream(tx, 'forged-money', 0, [{ type: 'Moved', payload: unbalanced }], meta),
      );
      const report = await verifyLedger(scratch.app);
      expect(report.ok).toBe(false);
      expect(report.firstBad).toMatchObject({
        position: bad.position,
        stream_id: 'forged-money',
        reason: 'postings do not sum to zero',
      });
    });
  });

  it('replay reports a read-table row that the events do not explain, naming the table', async () => {
    await withScratchLedger(async (scratch) => {
      const projections = new ProjectionRunner(ALL_PROJECTIONS);
      expect((await replayLedger(scratch.owner, projections)).differences).toBe(0);
      await scratch.owner.execute("update members set name = 'Someone Else' where uid = '100000'");
      const report = await replayLedger(scratch.owner, projections);
      expect(report.ok).toBe(false);
      expect(report.differences).toBe(2); // the live row is not replayed, the replayed row is not live
      expect(report.tables.filter((t) => t.onlyLive + t.onlyReplayed > 0).map((t) => t.table)).toEqual(['members']);
      const examples = report.tables.find((t) => t.table === 'members')?.examples;
      expect(examples).toEqual([
        { side: 'live', row: expect.objectContaining({ uid: '100000', name: 'Someone Else' }) },
        { side: 'replayed', row: expect.objectContaining({ uid: '100000', name: 'Sahyog Foundation' }) },
      ]);
    });
  });

  it('replays a live ledger as of one snapshot: appends committed meanwhile, a lower position among them, cause no difference', async () => {
    await withScratchLedger(async (scratch) => {
      const projections = new ProjectionRunner(ALL_PROJECTIONS);
      const registration = (uid: string) => ({
        type: 'MemberRegistered',
        payload: {
          uid,
          sponsorUid: '100000',
          name: `Member ${uid}`,
          email: `${uid}@sahyog.test`,
          mobile: '9000000001',
          countryId: 101,
          city: 'Nashik',
          state: 'Maharashtra',
          upiNumber: '',
          walletAddress: '',
          credentialVersion: 1,
        },
      });
      const register = (uid: string) =>
        ledgerOn(scratch.app).run(meta, (tx) => tx.append(`member-${uid}`, 0, [registration(uid)]));
      // A registration whose transaction takes its position now and commits only while the replay runs.
      const runner = scratch.app.dataSource.createQueryRunner();
      await runner.connect();
      let held = true;
      try {
        await runner.startTransaction('READ COMMITTED');
        await runner.query(REGISTER_LEDGER_WRITER_SQL);
        const open = new Tx(runner);
        const [early] = await appendToStream(open, 'member-200001', 0, [registration('200001')], meta);
        await projections.apply(open, [early]);
        const [later] = await register('200002');
        expect(BigInt(later.position)).toBeGreaterThan(BigInt(early.position));
        const before = await eventCount(scratch.owner);

        let sessions: Array<{ state: string; has_xid: boolean }> = [];
        const report = await replayLedger(scratch.owner, projections, {
          onProgress: async () => {
            // The replay's snapshot is taken: the lower position commits, and one more member registers.
            await runner.commitTransaction();
            held = false;
            await register('200003');
            // The replay's open snapshot holds no transaction id, so it holds back neither the relay nor the
            // checkpoints (they read below the oldest open one). Other test files' databases share the server's
            // transaction ids, so this looks at this database's sessions only.
            sessions = await scratch.owner.query<{ state: string; has_xid: boolean }>(
              'select state, backend_xid is not null as has_xid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null',
            );
          },
        });
        expect(sessions).toContainEqual({ state: 'idle in transaction', has_xid: false }); // the replay's snapshot
        expect(sessions.filter((x) => x.has_xid)).toEqual([]);
        expect(report.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
        expect(report).toMatchObject({
          ok: true,
          differences: 0,
          eventsReplayed: before,
          asOfPosition: later.position,
        });
      } finally {
        if (held) await runner.rollbackTransaction();
        await runner.release();
      }

      const after = await replayLedger(scratch.owner, projections);
      expect(after).toMatchObject({ ok: true, differences: 0, eventsReplayed: await eventCount(scratch.owner) });
      expect(
        (
          await scratch.owner.query<{ n: string }>(
            "select count(*)::text as n from members where uid in ('200001', '200002', '200003')",
          )
        )[0].n,
      ).toBe('3');
    });
  });

  it("refuses a ledger whose transaction ids are ahead of the server's (a logical restore into a new cluster), in migrate and in the guard the API and the worker run at start-up", async () => {
    await withScratchLedger(async (scratch) => {
      const guard = () => assertTransactionIdsAhead((text) => scratch.owner.query(text));
      await expect(guard()).resolves.toBeUndefined();
      await expect(migrate(scratch.ownerUrl, 'sahyog_app', ALL_MIGRATIONS)).resolves.toEqual([]);
      // As a pg_dump of an older, busier cluster would bring it: a stored transaction id far above this server's.
      await scratch.owner.transaction(async (tx) => {
        await tx.execute('set local session_replication_role = replica');
        await tx.execute(
          "update events set tx_id = '9000000000000'::xid8 where position = (select max(position) from events)",
        );
      });
      await expect(guard()).rejects.toThrow(
        /transaction ids \(up to 9000000000000\) are ahead of this PostgreSQL server's/,
      );
      await expect(migrate(scratch.ownerUrl, 'sahyog_app', ALL_MIGRATIONS)).rejects.toThrow(
        /restored into a new cluster without its transaction-id epoch/,
      );
    });
  });

  it('the ledger CLI exits 0 on a sound ledger and 1 with the first bad event on a tampered one', async () => {
    await withScratchLedger(async (scratch) => {
      const lines: string[] = [];
      const progress: string[] = [];
      const out = {
        log: (line: string) => void lines.push(line),
        progress: (text: string) => void progress.push(text),
      };
      expect(await runLedgerCommand(scratch.owner, 'verify', [], out)).toBe(0);
      expect(lines.at(-1)).toMatch(/^ledger verified: \d+ events/);
      expect(await runLedgerCommand(scratch.owner, 'replay', [], out)).toBe(0);
      expect(lines.at(-1)).toMatch(
        /^replay matches the live tables in one snapshot \(highest position \d+\): \d+ events, \d+ tables, 0 differences$/,
      );
      // Progress through both long parts: the events, then each table's comparison.
      expect(progress.join('')).toMatch(
        /^\rreplayed \d+ events\ncomparing table 1 of (\d+): \w+ *(\rcomparing table \d+ of \1: \w+ *)+\n$/,
      );

      const [victim] = await scratch.owner.query<{ position: string }>(
        "select position::text as position from events where stream_id = 'member-100000'",
      );
      await scratch.owner.transaction(async (tx) => {
        await tx.execute('set local session_replication_role = replica');
        await tx.execute(`update events set payload = jsonb_set(payload, '{name}', '"Mallory"') where position = $1`, [
          victim.position,
        ]);
      });
      expect(await runLedgerCommand(scratch.owner, 'verify', [], out)).toBe(1);
      expect(lines.at(-1)).toBe(
        `LEDGER BROKEN at event ${victim.position} (member-100000): hash does not match the event content and the previous hash: the event was altered`,
      );
      expect(await runLedgerCommand(scratch.owner, 'nonsense', [], out)).toBe(2);
    });
  });

  describe('with a transaction committing out of position order', () => {
    const queueName = `relay-test-${randomBytes(4).toString('hex')}`;
    let connection: IORedis;
    let queue: Queue;

    beforeAll(() => {
      connection = new IORedis(testRedisUrl(), { maxRetriesPerRequest: null });
      queue = new Queue(queueName, { connection, prefix: 'sahyog-test' });
    });
    afterAll(async () => {
      await queue.obliterate({ force: true });
      await queue.close();
      await connection.quit();
    });

    /** Holds a transaction open after appending, until `commit` is called. */
    async function openAppend(
      stream: string,
    ): Promise<{ position: string; txId: string; commit: () => Promise<void> }> {
      const runner = db.app.dataSource.createQueryRunner();
      await runner.connect();
      await runner.startTransaction('READ COMMITTED');
      await runner.query(REGISTER_LEDGER_WRITER_SQL);
      const [event] = await appendToStream(new Tx(runner), stream, 0, [{ type: 'RelayProbe', payload: {} }], meta);
      return {
        position: event.position,
        txId: event.txId,
        commit: async () => {
          await runner.commitTransaction();
          await runner.release();
        },
      };
    }

    async function queuedPositions(): Promise<string[]> {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'completed', 'active']);
      return jobs.map((j) => String(j.data.position)).sort();
    }

    it('delivers both events, once each, even though the later position committed first', async () => {
      const routes = { RelayProbe: queueName };
      const relay = new OutboxRelay(
        db.app,
        routes,
        { add: async (q, name, data, jobId) => void (await queue.add(name, data, { jobId })) },
        `test-relay-${queueName}`,
      );
      await relay.pumpOnce(); // move the cursor past everything already in the ledger
      const early = await openAppend(`probe-early-${queueName}`); // lower position, commits last
      const late = await openAppend(`probe-late-${queueName}`);
      expect(BigInt(early.position)).toBeLessThan(BigInt(late.position));
      await late.commit();
      // A position-only reader would deliver `late` here and skip `early` forever. This relay reads
      // nothing at or above the oldest open transaction, and `early` is still open.
      await relay.pumpOnce();
      expect(await queuedPositions()).toEqual([]);
      await early.commit();
      // Other test files share the cluster and may hold an older transaction open for a moment,
      // so pump until both arrive, exactly as the worker's relay keeps pumping.
      const both = [early.position, late.position].sort();
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        await relay.pumpOnce();
        if ((await queuedPositions()).length >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await queuedPositions()).toEqual(both);

      // A relay that crashed before saving its cursor re-reads the same events: jobIds dedupe them.
      await db.app.execute("update subscription_cursors set tx_id = '0', position = 0 where name = $1", [
        `test-relay-${queueName}`,
      ]);
      await relay.pumpOnce(100_000);
      expect(await queuedPositions()).toEqual(both);
    });

    it('checkpoints only what no in-flight transaction can still precede, and verifies afterwards', async () => {
      const [earlier] = await db.app.transaction((tx) =>
        appendToStream(tx, `probe-cp-earlier-${queueName}`, 0, [{ type: 'RelayProbe', payload: {} }], meta),
      );
      const pending = await openAppend(`probe-cp-${queueName}`);
      // An append committed after the pending one opened: a higher position, a younger transaction.
      const [later] = await db.app.transaction((tx) =>
        appendToStream(tx, `probe-cp-later-${queueName}`, 0, [{ type: 'RelayProbe', payload: {} }], meta),
      );
      expect(BigInt(later.position)).toBeGreaterThan(BigInt(pending.position));
      // While it is open, checkpoints are written up to the committed event before it…
      expect(await checkpointCovering(db.app, earlier.position)).toBe(true);
      await writeCheckpoint(db.app, testLedgerKeys());
      // No checkpoint reaches the pending transaction: each ends below it in (transaction id, position)
      // order, and none signed its event or the later one that a checkpoint covering it would have to include.
      const reach = await db.owner.query<{ below: boolean; signed: boolean }>(
        `select ((c.payload->>'toTxId')::xid8, (c.payload->>'toPosition')::bigint) < ($1::xid8, $2::bigint) as below,
                exists (select 1 from checkpoint_witnesses w where w.checkpoint_version = c.stream_version and w.positions && array[$2::bigint, $3::bigint]) as signed
           from events c where c.stream_id = 'ledger-checkpoints'`,
        [pending.txId, pending.position, later.position],
      );
      // …and none reaches it.
      expect(reach.length).toBeGreaterThanOrEqual(1);
      expect(reach.filter((c) => !c.below || c.signed)).toEqual([]);
      await pending.commit();
      expect(await checkpointCovering(db.app, pending.position)).toBe(true);
      const report = await verifyLedger(db.app);
      expect(report.ok).toBe(true);
      expect(report.checkpointsChecked).toBeGreaterThanOrEqual(1);
    });
  });

  it('replays every projection from event 1 into a scratch schema with zero differences', async () => {
    const report = await replayLedger(db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(report.differences).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.eventsReplayed).toBeGreaterThan(10); // more than 9: positions must sort as numbers, not text
  });
});
