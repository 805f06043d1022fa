import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { join } from 'node:path';
import request from 'supertest';
import { QUEUE } from '../src/platform/jobs/queues';
import { testSigningKeyPem } from './support/ledger-keys';
import { OwnRedis, startOwnRedis } from './support/own-redis';
import { EntryProcess, startEntry } from './support/processes';
import { SecondAdmin } from './support/four-eyes';
import { validRegistration } from './support/seed';
import { TestApp } from './support/test-app';
import { startTestAppWithWorker } from './support/with-worker';

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Issue 19 §1: Redis is not the source of truth. After a FLUSHALL with level-income jobs waiting the
 * reconciler pays every one of them, and the periodic jobs come back; a worker whose clock is a day
 * fast moves no schedule. Redis here is the test's own (a FLUSHALL on the shared one would empty the
 * other files' queues).
 */
describe('the reconciler: nothing lost whatever Redis loses; schedules on the database clock', () => {
  const prefix = `sahyog-reconciler-${process.pid}`;
  let redisServer: OwnRedis;
  let t: TestApp;
  let redis: IORedis;
  let admin: string;

  const server = () => t.app.getHttpServer();
  const queue = (name: string) => new Queue(name, { connection: redis, prefix });
  const checkpointedUpTo = async () =>
    Number(
      (
        await t.db.owner.query<{ p: string | null }>(
          `select max((payload->>'toPosition')::bigint)::text as p from events where stream_id = 'ledger-checkpoints'`,
        )
      )[0].p ?? 0,
    );
  const lastPosition = async () =>
    Number(
      (
        await t.db.owner.query<{ p: string }>(
          "select max(position)::text as p from events where stream_id <> 'ledger-checkpoints'",
        )
      )[0].p,
    );

  beforeAll(async () => {
    redisServer = await startOwnRedis();
    t = await startTestAppWithWorker({
      REDIS_URL: redisServer.url,
      QUEUE_PREFIX: prefix,
      LEDGER_CHECKPOINT_EVERY_MS: '1000',
      RECONCILE_EVERY_MS: '2000',
    });
    redis = new IORedis(redisServer.url, { maxRetriesPerRequest: null });
    admin = (
      await request(server()).post('/admin-api/auth/login').send({ username: 'superadmin', password: 'Admin@123' })
    ).body.token;
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
    await redisServer?.stop();
  });

  /** An upline and `n` downlines, each activated with a type-B e-pin: `n` top-ups paying the upline level income. */
  async function topUps(n: number): Promise<string[]> {
    const upline = (
      await request(server())
        .post('/api/registrationWeb')
        .send(validRegistration({ name: 'Upline Earner' }))
    ).body.uid_output as string;
    const downlines: string[] = [];
    for (let i = 0; i < n; i++)
      downlines.push(
        (
          await request(server())
            .post('/api/registrationWeb')
            .send(validRegistration({ sid: upline, name: `Downline ${'ABCDEFGH'[i]}` }))
        ).body.uid_output,
      );
    // Issuing e-pins without a payment is a four-eyes action (decision 0034): a second admin approves it.
    const issued = await new SecondAdmin(t).approve(
      request(server())
        .post('/admin-api/epins/issue')
        .set('Authorization', `Bearer ${admin}`)
        .send({ owner: upline, type: 'EpintypeB', quantity: n + 1 }),
    );
    expect(issued.status).toBe(200);
    const pins = issued.body.numbers as string[];
    const token = (await request(server()).post('/api/login').send({ uid: upline, password: 'Member@123' })).body
      .token as string;
    for (const [i, uid] of [upline, ...downlines].entries())
      await request(server())
        .post('/api/ActivateId')
        .set('Authorization', `Bearer ${token}`)
        .send({ touid: uid, epin: pins[i] })
        .expect(200);
    return downlines;
  }

  const paidFrom = async (uids: string[]) =>
    (
      await t.db.owner.query<{ n: number }>(
        'select count(*)::int as n from level_income where from_uid = any($1) and level = 1 and paid',
        [uids],
      )
    )[0].n;

  it('pays every level income whose job a FLUSHALL took, within 60 s, and the periodic jobs come back', async () => {
    const income = queue(QUEUE.levelIncome);
    try {
      // The workers take nothing from the level-income queue: its jobs wait there.
      await income.pause();
      const downlines = await topUps(3);
      await until(
        'the relay enqueued the income jobs',
        async () => {
          const c = await income.getJobCounts('waiting', 'paused');
          return (c.waiting ?? 0) + (c.paused ?? 0) >= 4;
        },
        20_000,
      );
      expect(await paidFrom(downlines)).toBe(0);
      // A reconcile pass or two sees them waiting (and must not take them for done).
      await new Promise((resolve) => setTimeout(resolve, 4500));
      await redisServer.flushAll();
      const flushedAt = Date.now();
      // Everything Redis held is gone: the queued jobs, the pause, every periodic job.
      await until('all three incomes paid', async () => (await paidFrom(downlines)) === 3, 60_000);
      expect(Date.now() - flushedAt).toBeLessThan(60_000);
      // Checkpoints are written again: the last income event gets covered.
      const last = await lastPosition();
      await until('a checkpoint covering the incomes', async () => (await checkpointedUpTo()) >= last, 20_000);
      const matching = queue(QUEUE.helpMatching);
      await until(
        'a help matching tick ran again',
        async () => (await matching.getJobCounts('completed')).completed > 0,
        20_000,
      );
      await matching.close();
      // Paid once each, whatever ran twice.
      const [{ n }] = await t.db.owner.query<{ n: number }>(
        'select count(*)::int as n from level_income where from_uid = any($1) and level = 1',
        [downlines],
      );
      expect(n).toBe(3);
    } finally {
      await income.close();
    }
  }, 120_000);

  it('a worker whose clock is a day fast moves no schedule', async () => {
    let fast: EntryProcess | undefined;
    try {
      fast = startEntry(['--role=worker'], {
        NODE_ENV: 'test',
        DATABASE_URL: t.db.ownerUrl,
        APP_DATABASE_URL: t.db.appUrl,
        REDIS_URL: redisServer.url,
        QUEUE_PREFIX: prefix,
        JWT_SECRET: 'test-secret-of-sufficient-length',
        PUBLIC_URL: 'http://sahyog.test',
        LEDGER_SIGNING_KEY: testSigningKeyPem(),
        LEDGER_CHECKPOINT_EVERY_MS: '1000',
        AUDITOR_REDACTION_SALT: 'test-redaction-salt-of-sufficient-length',
        NODE_OPTIONS: `--require ${join(__dirname, 'support', 'clock-ahead.cjs')}`,
        TEST_CLOCK_AHEAD_MS: String(DAY_MS),
      });
      await fast.waitFor(/worker running/, 90_000);
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      await fast?.stop();
    }
    // No periodic job waits a day: the latest scheduled run of each is at most one interval away.
    for (const name of [QUEUE.ledgerCheckpoint, QUEUE.helpMatching, QUEUE.helpSweep]) {
      const q = queue(name);
      const delayed = await q.getDelayed();
      await q.close();
      for (const job of delayed) expect(job.timestamp + (job.opts.delay ?? 0)).toBeLessThan(Date.now() + 5 * 60_000);
    }
    // The normal worker still writes checkpoints on time.
    await request(server())
      .post('/api/registrationWeb')
      .send(validRegistration({ name: 'After The Fast Worker' }));
    const last = await lastPosition();
    await until('a checkpoint after the fast worker ran', async () => (await checkpointedUpTo()) >= last, 20_000);
  }, 180_000);
});
