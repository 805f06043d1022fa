import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { decideRequestHelp } from '../src/modules/help/domain/help.decide';
import { decideApproval } from '../src/modules/help/domain/help-request.decide';
import { helpRequestStream } from '../src/modules/help/domain/help.events';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { decideRequestWithdrawal, decideWithdrawal } from '../src/modules/wallet/domain/withdrawal.decide';
import { withdrawalStream } from '../src/modules/wallet/domain/withdrawal.events';
import { QUEUE } from '../src/platform/jobs/queues';
import { StreamAppend } from '../src/platform/event-store/event-store';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { testSigningKeyPem } from './support/ledger-keys';
import { Network } from './support/network';
import { EntryProcess, startEntry } from './support/processes';
import { ledgerOn, ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp, testRedisUrl } from './support/test-app';

/**
 * Issue 11's fault proof: the real worker process (`node src/main.ts --role=worker`), SIGKILLed in
 * the middle of a matching run and in the middle of expiring many overdue links, then restarted.
 * After each kill the ledger holds no half link (verify, replay); after each restart the work
 * resumes and completes, no amount is matched twice, and no expiry is lost.
 *
 * The queues are seeded through the ledger with the domain's own deciders (members, approved help
 * requests, approved withdrawals — without the income a real withdrawal needs, which is not this
 * test's subject), many entries per transaction.
 */

/**
 * Verify's checks but the one that a withdrawal stays within the balance at its position: the seeded
 * withdrawals come without the income that would fund them (not this test's subject), so that one
 * rule would name every one of them.
 */
const CHECKS = LEDGER_CHECKS.filter((c) => c.name !== 'withdrawal-within-balance');

const HOUR = 3_600_000;
const GH_PAISE = 20_000n; // ₹200 withdrawals
const TIER_PAISE = 1_000_000n; // ₹10,000 help requests (EpintypeA)
/** Matching phase: 30 senders × 50 links = 1,500 links = 3 transactions of 500. */
const SENDERS = 30;
const RECEIVERS = 15;
/** Expiry phase: 2 more senders, 100 links with a one-hour deadline. */
const LATE_SENDERS = 2;
const LATE_RECEIVERS = 2;
const LINKS_PER_SENDER = Number(TIER_PAISE / GH_PAISE);

async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Progress on stderr: where the test's time goes (worker starts, seeding, verify and replay) on a busy machine. */
const T0 = Date.now();
const mark = (what: string) => process.stderr.write(`[faults +${((Date.now() - T0) / 1000).toFixed(1)}s] ${what}\n`);

describe('the worker SIGKILLed during matching and during expiry, restarted (issue 11, fault)', () => {
  const prefix = `sahyog-help-faults-${process.pid}`;
  let t: TestApp;
  let net: Network;
  let redis: IORedis;
  let matching: Queue;
  let uidSeq = 900000;
  const workers: EntryProcess[] = [];

  const workerEnv = (aheadMs = 0): Record<string, string> => ({
    NODE_ENV: 'test',
    DATABASE_URL: t.db.ownerUrl,
    APP_DATABASE_URL: t.db.appUrl,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: prefix,
    JWT_SECRET: 'test-secret-of-sufficient-length',
    PUBLIC_URL: 'http://sahyog.test',
    LEDGER_SIGNING_KEY: testSigningKeyPem(),
    AUDITOR_REDACTION_SALT: 'test-redaction-salt-of-sufficient-length',
    ...(aheadMs
      ? {
          NODE_OPTIONS: `--require ${join(__dirname, 'support', 'clock-ahead.cjs')}`,
          TEST_CLOCK_AHEAD_MS: String(aheadMs),
        }
      : {}),
  });
  const startWorker = async (aheadMs = 0): Promise<EntryProcess> => {
    const worker = startEntry(['--role=worker'], workerEnv(aheadMs));
    workers.push(worker);
    await worker.waitFor(/worker running/, 60_000);
    return worker;
  };
  const kill = async (worker: EntryProcess) => {
    worker.child.kill('SIGKILL');
    expect(await worker.exited).toBeNull();
  };

  /** A setting changed with a second superadmin's approval (four eyes, decision 0034). */
  const setting = async (key: string, value: unknown) => expect((await net.setting(key, value)).status).toBe(200);
  /** A matching tick now (the worker's own tick runs on the minute; `matchingIntervalMinutes` is 1 when matching is wanted). */
  const tick = () => matching.add('tick', {});

  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    (await t.db.owner.query<{ n: number }>(sql, params))[0].n;
  const links = () => count('select count(*)::int as n from help_links');

  const verifyAndReplay = async () => {
    expect((await verifyLedger(t.db.app, CHECKS)).problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  };

  /** Members, then per sender an approved ₹10,000 help request, per receiver `perReceiver` approved ₹100 withdrawals. */
  async function seedQueues(senders: number, receivers: number, perReceiver: number): Promise<void> {
    const ledger = ledgerOn(t.db.app);
    const meta = { actor: { kind: 'system' as const, id: 'fault-seed' }, correlationId: `fault-seed-${randomUUID()}` };
    const member = (role: string) => {
      const uid = String(uidSeq++);
      return {
        streamId: `member-${uid}`,
        expectedVersion: 0,
        events: [
          {
            type: 'MemberRegistered',
            payload: {
              uid,
              sponsorUid: ROOT,
              name: `${role} ${uid}`,
              email: `${uid}@faults.test`,
              mobile: `9${uid}000`,
              countryId: 101,
              city: 'Pune',
              state: 'Maharashtra',
              upiNumber: `${uid}@upi`,
              walletAddress: '',
              credentialVersion: 1,
            },
          },
        ],
      };
    };
    const senderStreams = Array.from({ length: senders }, () => member('Sender'));
    const receiverStreams = Array.from({ length: receivers }, () => member('Receiver'));
    const requests: StreamAppend[] = senderStreams.map((s) => {
      const uid = s.streamId.slice('member-'.length);
      const id = randomUUID();
      const requested = decideRequestHelp({ id, uid, epinType: 'EpintypeA' }, 'Activate', '0');
      const approved = decideApproval(
        { id, uid, status: 'awaiting-approval', tierPaise: TIER_PAISE, givenPaise: 0n, failures: 0 },
        { decision: 'approve', by: 'fault-seed', remark: '' },
      );
      if (!approved.ok) throw new Error(approved.text);
      return { streamId: helpRequestStream(id), expectedVersion: 0, events: [...requested, ...approved.events] };
    });
    await ledger.run(meta, (tx) => tx.appendAll([...senderStreams, ...receiverStreams, ...requests]));
    const withdrawals: StreamAppend[] = receiverStreams.flatMap((r) => {
      const uid = r.streamId.slice('member-'.length);
      return Array.from({ length: perReceiver }, () => {
        const id = `WD${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
        const requested = decideRequestWithdrawal(
          { id, uid, rupees: GH_PAISE / 100n },
          { netBalancePaise: GH_PAISE },
          { withdrawalMinRupees: 100, withdrawalChargePercent: 0 },
        );
        if (!requested.ok) throw new Error(requested.outcome.text);
        const approved = decideWithdrawal(
          { id, uid, status: 'Requested', amountPaise: GH_PAISE, chargePaise: 0n, payoutPaise: GH_PAISE },
          { decision: 'approve', by: 'fault-seed', remark: '' },
        );
        if (!approved.ok) throw new Error(approved.text);
        return {
          streamId: withdrawalStream(id),
          expectedVersion: 0,
          events: [...requested.events, ...approved.events],
        };
      });
    });
    // 500 withdrawals (1,000 events) per transaction, the most one append takes.
    for (let i = 0; i < withdrawals.length; i += 500)
      await ledger.run(meta, (tx) => tx.appendAll(withdrawals.slice(i, i + 500)));
  }

  beforeAll(async () => {
    t = await startTestApp({ REDIS_URL: testRedisUrl(), QUEUE_PREFIX: prefix });
    await seedBasics(t.db.app);
    net = new Network(t);
    redis = new IORedis(testRedisUrl(), { maxRetriesPerRequest: null });
    matching = new Queue(QUEUE.helpMatching, { connection: redis, prefix });
  });
  afterAll(async () => {
    for (const worker of workers)
      if (worker.child.exitCode === null && worker.child.signalCode === null) await worker.stop();
    await matching?.close();
    await redis?.quit();
    await t?.close();
  });

  it('killed mid-run: no half link; restarted, the run completes and nothing is matched twice', async () => {
    await setting('linkDeadlineHours', 720);
    await setting('matchingIntervalMinutes', 1);
    mark('settings');
    await seedQueues(SENDERS, RECEIVERS, (SENDERS * LINKS_PER_SENDER) / RECEIVERS);
    mark('seeded');
    const total = SENDERS * LINKS_PER_SENDER;

    const first = await startWorker();
    mark('worker 1 started');
    await tick();
    // Some of the run's transactions have committed (each makes 500 links at once), not all: kill.
    await until(async () => (await links()) > 0, 'the first links');
    await kill(first);
    const atKill = await links();
    mark(`killed at ${atKill}`);
    expect(atKill % 500).toBe(0);
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(total);
    // No half link: every link row has its event and the event's postings, the queues equal their accounts.
    await verifyAndReplay();
    mark('verified');

    await startWorker();
    mark('worker 2 started');
    await tick();
    await until(async () => (await links()) === total, 'every link');
    mark('all linked');
    expect(await count('select count(*)::int as n from queue_entries where remaining_paise > 0')).toBe(0);
    // Nothing matched twice: each entry's links add up to exactly its amount, each ₹200 entry is in one link.
    expect(
      await count(
        `select count(*)::int as n from queue_entries q
          left join (select e, sum(amount_paise) as s from help_links, lateral (values (ph_entry_id), (gh_entry_id)) v(e) group by e) l on l.e = q.id
         where l.s is distinct from q.amount_paise`,
      ),
    ).toBe(0);
    expect(await count('select count(distinct gh_entry_id)::int as n from help_links')).toBe(total);
    await verifyAndReplay();
  }, 240_000);

  it("a worker whose clock is a month fast expires no link before its deadline by the database's clock", async () => {
    // Only the fast worker runs: whatever expires, it decided.
    for (const worker of workers)
      if (worker.child.exitCode === null && worker.child.signalCode === null) await worker.stop();
    const pending = await count("select count(*)::int as n from help_links where state = 'Pending'");
    expect(pending).toBe(SENDERS * LINKS_PER_SENDER); // 720 hours left on each (the first test's setting)
    const expiry = new Queue(QUEUE.helpLinkExpiry, { connection: redis, prefix });
    const sweep = new Queue(QUEUE.helpSweep, { connection: redis, prefix });
    try {
      expect(await expiry.getDelayedCount()).toBeGreaterThan(0); // each link's job, due at its deadline
      const fast = await startWorker(31 * 24 * HOUR);
      mark('fast worker started');
      // By its own clock every deadline has passed: it takes each delayed expiry job at once, and its
      // sweep at start looks for overdue links. Both ask the database's clock, and find nothing due.
      await until(
        async () => {
          const [e, w] = [
            await expiry.getJobCounts('delayed', 'waiting', 'active'),
            await sweep.getJobCounts('waiting', 'active'),
          ];
          return e.delayed + e.waiting + e.active + w.waiting + w.active === 0;
        },
        'the fast worker to run every expiry job and its sweep',
        120_000,
      );
      await kill(fast);
      mark('fast worker done');
    } finally {
      await expiry.close();
      await sweep.close();
    }
    expect(await count("select count(*)::int as n from help_links where state = 'Pending'")).toBe(pending);
    expect(await count("select count(*)::int as n from events where type = 'HelpLinkExpired'")).toBe(0);
  }, 240_000);

  it('killed mid-expiry: no half expiry; restarted, every overdue link ends Expired exactly once', async () => {
    const before = await links();
    await setting('linkDeadlineHours', 1);
    await seedQueues(LATE_SENDERS, LATE_RECEIVERS, (LATE_SENDERS * LINKS_PER_SENDER) / LATE_RECEIVERS);
    const late = LATE_SENDERS * LINKS_PER_SENDER;
    mark('late seeded');
    // Deadlines follow the database's clock, which a test cannot move: the late links are made by a
    // worker whose clock is two hours slow, so their one-hour deadline is an hour past when they are
    // made. That worker's expiry jobs (due at once) start expiring them, and it is killed meanwhile.
    const overdue = async () =>
      (
        await t.db.owner.query<{ state: string; n: number }>(
          `select state, count(*)::int as n from help_links where deadline <= now() group by state`,
        )
      ).reduce<Record<string, number>>((all, r) => ({ ...all, [r.state]: r.n }), {});
    const expiring = await startWorker(-2 * HOUR);
    mark('slow worker started');
    await tick();
    await until(async () => (await links()) === before + late, 'the late links');
    mark('late linked');
    // No more matching (the returned amounts stay in the queues).
    await setting('matchingIntervalMinutes', 1440);
    await until(async () => ((await overdue()).Expired ?? 0) >= 20, 'the first expiries');
    await kill(expiring);
    const atKill = await overdue();
    mark(`killed at ${JSON.stringify(atKill)}`);
    expect(atKill.Expired).toBeGreaterThan(0);
    expect(atKill.Pending).toBeGreaterThan(0);
    expect((atKill.Expired ?? 0) + (atKill.Pending ?? 0)).toBe(late);
    expect((await verifyLedger(t.db.app, CHECKS)).problems).toEqual([]);

    await startWorker();
    mark('restarted');
    await until(async () => (await overdue()).Expired === late, 'every overdue link expired', 60_000);
    mark('all expired');
    // Each expired once, its amounts returned once; the links with 720 hours left are untouched.
    expect(
      await count(
        `select count(*)::int as n from help_links l where l.state = 'Expired' and l.settled
            and (select count(*) from events e where e.stream_id = 'help-link-' || l.id and e.type = 'HelpLinkExpired') = 1
            and (select count(*) from events e where e.stream_id = 'help-link-' || l.id and e.type = 'HelpLinkReturned') = 1`,
      ),
    ).toBe(late);
    expect(await count("select count(*)::int as n from help_links where state = 'Pending'")).toBe(before);
    await verifyAndReplay();
  }, 240_000);
});
