import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { settleTimeouts, sweepHelp } from '../src/modules/help';
import { QUEUE } from '../src/platform/jobs/queues';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ledgerOn } from './support/seed';
import { TestApp, testRedisUrl } from './support/test-app';
import { startTestAppWithWorker } from './support/with-worker';

const HOUR = 3_600_000;

async function until<T>(probe: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the help circle with the worker: expiry jobs per link, the sweeper behind them', () => {
  const prefix = `sahyog-help-worker-${process.pid}`;
  let t: TestApp;
  let help: HelpCircle;
  let redis: IORedis;
  let expiry: Queue;

  beforeAll(async () => {
    t = await startTestAppWithWorker({ QUEUE_PREFIX: prefix });
    help = new HelpCircle(t, new Network(t));
    redis = new IORedis(testRedisUrl(), { maxRetriesPerRequest: null });
    expiry = new Queue(QUEUE.helpLinkExpiry, { connection: redis, prefix });
  });
  afterAll(async () => {
    await expiry?.close();
    await redis?.quit();
    await t?.close();
  });

  it('each new link gets a delayed expiry job whose id is the link id, due at its deadline; a lost job is caught by the sweeper', async () => {
    const b = await help.memberWithIncome(1, 'Worker Receiver');
    const a = await help.net.register(b, 'Worker Sender');
    await help.approvedHelp(a);
    await help.approvedWithdrawal(b, 100);
    expect((await help.match()).links).toBe(1);
    const [link] = await help.phLog(a);
    const job = await until(() => expiry.getJob(link.id), 20_000);
    expect(job.id).toBe(link.id);
    const dueAt = job.timestamp + (job.opts.delay ?? 0);
    expect(Math.abs(dueAt - new Date(link.ddd).getTime())).toBeLessThan(5_000);
    expect(await job.getState()).toBe('delayed');

    // The job is lost (Redis emptied, a worker killed mid-expiry): the link still expires once its time is up.
    await job.remove();
    const ledger = ledgerOn(t.db.app);
    expect(await sweepHelp(ledger, new Date(Date.now() + 25 * HOUR))).toEqual({ links: 1, entitlements: 0 });
    // A late or repeated run of the job changes nothing more.
    expect(await settleTimeouts(ledger, link.id, new Date(Date.now() + 26 * HOUR))).toBe('nothing due (Expired)');
    const [events] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where stream_id = $1 and type = 'HelpLinkExpired'",
      [`help-link-${link.id}`],
    );
    expect(events.n).toBe(1);
  });
});
