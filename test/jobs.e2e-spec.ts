import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import request from 'supertest';
import { QUEUE } from '../src/platform/jobs/queues';
import { ADMIN_PASSWORD, seedBasics } from './support/seed';
import { startTestApp, TestApp, testRedisUrl } from './support/test-app';

// Proves architecture §4's "failures are visible in admin": a job that failed in the worker is
// listed with its reason, counted per queue, and a superadmin (only) can put it back to run.
describe('the admin view of the job queues', () => {
  const prefix = `sahyog-jobs-test-${process.pid}`;
  let t: TestApp;
  let connection: IORedis;
  let mail: Queue;
  const server = () => t.app.getHttpServer();
  const adminToken = async (username: string) =>
    (await request(server()).post('/admin-api/auth/login').send({ username, password: ADMIN_PASSWORD }).expect(200))
      .body.token as string;

  beforeAll(async () => {
    t = await startTestApp({ QUEUE_PREFIX: prefix, REDIS_URL: testRedisUrl() });
    await seedBasics(t.db.app);
    connection = new IORedis(testRedisUrl(), { maxRetriesPerRequest: null });
    mail = new Queue(QUEUE.mail, { connection, prefix });
    // One mail job that fails for good, as a processor whose SMTP server refuses would.
    await mail.add(
      'PasswordResetRequested',
      { position: '1', type: 'PasswordResetRequested', streamId: 'member-100000' },
      { jobId: 'mail-1', attempts: 1 },
    );
    const failing = new Worker(
      QUEUE.mail,
      async () => {
        throw new Error('SMTP 550 mailbox unavailable');
      },
      { connection, prefix },
    );
    await new Promise<void>((resolve) => failing.once('failed', () => resolve()));
    await failing.close();
    // A mail that failed quoting its recipient, as SMTP servers do.
    await mail.add(
      'MemberRegistered',
      {
        position: '2',
        type: 'MemberRegistered',
        streamId: 'member-100000',
        to: 'priya.jobs@example.com',
        note: 'for priya.jobs@example.com',
      },
      { jobId: 'mail-2', attempts: 1 },
    );
    const quoting = new Worker(
      QUEUE.mail,
      async () => {
        throw new Error('SMTP 550 5.1.1 <priya.jobs@example.com>: mailbox unavailable');
      },
      { connection, prefix },
    );
    await new Promise<void>((resolve) => quoting.once('failed', () => resolve()));
    await quoting.close();
  });
  afterAll(async () => {
    await mail.obliterate({ force: true });
    await mail.close();
    await connection.quit();
    await t.close();
  });

  it('counts each queue and lists the failed job with its reason, for the auditor too', async () => {
    const auditor = await adminToken('auditor');
    const queues = await request(server())
      .get('/admin-api/queues')
      .set('Authorization', `Bearer ${auditor}`)
      .expect(200);
    expect(queues.headers['content-range']).toBe(
      `queues 0-${Object.keys(QUEUE).length - 1}/${Object.keys(QUEUE).length}`,
    );
    expect(queues.body.find((q: { id: string }) => q.id === 'mail')).toMatchObject({ failed: 2, waiting: 0 });
    const failed = await request(server())
      .get('/admin-api/failed-jobs')
      .query({ filter: JSON.stringify({ queue: 'mail' }) })
      .set('Authorization', `Bearer ${auditor}`)
      .expect(200);
    expect(failed.headers['content-range']).toBe('failed-jobs 0-1/2');
    expect(failed.body.find((j: { id: string }) => j.id === 'mail:mail-1')).toMatchObject({
      id: 'mail:mail-1',
      queue: 'mail',
      job_id: 'mail-1',
      failed_reason: 'SMTP 550 mailbox unavailable',
      attempts_made: 1,
    });
    await request(server())
      .get('/admin-api/failed-jobs')
      .query({ filter: JSON.stringify({ queue: 'nope' }) })
      .set('Authorization', `Bearer ${auditor}`)
      .expect(200, []);
    await request(server())
      .post('/admin-api/failed-jobs/mail:mail-1/retry')
      .set('Authorization', `Bearer ${auditor}`)
      .expect(403);
    await request(server())
      .post('/admin-api/failed-jobs/mail:mail-1/retry')
      .set('Authorization', `Bearer ${await adminToken('approver')}`)
      .expect(403);
  });

  it("gives the auditor a failed job without the recipient's address, in its reason or its data; the superadmin reads it whole", async () => {
    const read = async (username: string) => {
      const failed = await request(server())
        .get('/admin-api/failed-jobs')
        .query({ filter: JSON.stringify({ queue: 'mail' }) })
        .set('Authorization', `Bearer ${await adminToken(username)}`)
        .expect(200);
      return failed.body.find((j: { id: string }) => j.id === 'mail:mail-2') as {
        failed_reason: string;
        data: Record<string, string>;
      };
    };
    const audited = await read('auditor');
    expect(JSON.stringify(audited)).not.toContain('priya.jobs@example.com');
    expect(audited.failed_reason).toMatch(/^SMTP 550 5\.1\.1 <redacted:[0-9a-f]{32}>: mailbox unavailable$/);
    expect(audited.data).toMatchObject({
      streamId: 'member-100000',
      type: 'MemberRegistered',
      to: expect.stringMatching(/^redacted:[0-9a-f]{32}$/),
    });
    // One address, one token, wherever it appears.
    expect(audited.failed_reason).toContain(audited.data.to);
    expect(audited.data.note).toBe(`for ${audited.data.to}`);
    const whole = await read('superadmin');
    expect(whole.failed_reason).toContain('<priya.jobs@example.com>');
    expect(whole.data.to).toBe('priya.jobs@example.com');
  });

  it('lets a superadmin retry a failed job once; anything else is a 404 or a 409', async () => {
    const superadmin = await adminToken('superadmin');
    const retried = await request(server())
      .post('/admin-api/failed-jobs/mail:mail-1/retry')
      .set('Authorization', `Bearer ${superadmin}`)
      .expect(200);
    expect(retried.body).toMatchObject({ id: 'mail:mail-1', failed_reason: 'SMTP 550 mailbox unavailable' });
    expect(await (await mail.getJob('mail-1'))?.getState()).toBe('waiting');
    await request(server())
      .post('/admin-api/failed-jobs/mail:mail-1/retry')
      .set('Authorization', `Bearer ${superadmin}`)
      .expect(409);
    await request(server())
      .post('/admin-api/failed-jobs/mail:nope/retry')
      .set('Authorization', `Bearer ${superadmin}`)
      .expect(404);
    await request(server())
      .post('/admin-api/failed-jobs/garbage/retry')
      .set('Authorization', `Bearer ${superadmin}`)
      .expect(404);
    const counts = await request(server())
      .get('/admin-api/queues')
      .set('Authorization', `Bearer ${superadmin}`)
      .expect(200);
    expect(counts.body.find((q: { id: string }) => q.id === 'mail')).toMatchObject({ failed: 1, waiting: 1 });
  });
});
