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
  const adminToken = async (username: string) => (await request(server()).post('/admin-api/auth/login').send({ username, password: ADMIN_PASSWORD }).expect(200)).body.token as string;

  beforeAll(async () => {
    t = await startTestApp({ QUEUE_PREFIX: prefix, REDIS_URL: testRedisUrl() });
    await seedBasics(t.db.app);
    connection = new IORedis(testRedisUrl(), { maxRetriesPerRequest: null });
    mail = new Queue(QUEUE.mail, { connection, prefix });
    // One mail job that fails for good, as a processor whose SMTP server refuses would.
    await mail.add('PasswordResetRequested', { position: '1', type: 'PasswordResetRequested', streamId: 'member-100000' }, { jobId: 'mail-1', attempts: 1 });
    const failing = new Worker(QUEUE.mail, async () => { throw new Error('SMTP 550 mailbox unavailable'); }, { connection, prefix });
    await new Promise<void>((resolve) => failing.once('failed', () => resolve()));
    await failing.close();
  });
  afterAll(async () => {
    await mail.obliterate({ force: true });
    await mail.close();
    await connection.quit();
    await t.close();
  });

  it('counts each queue and lists the failed job with its reason, for the auditor too', async () => {
    const auditor = await adminToken('auditor');
    const queues = await request(server()).get('/admin-api/queues').set('Authorization', `Bearer ${auditor}`).expect(200);
    expect(queues.headers['content-range']).toBe(`queues 0-${Object.keys(QUEUE).length - 1}/${Object.keys(QUEUE).length}`);
    expect(queues.body.find((q: { id: string }) => q.id === 'mail')).toMatchObject({ failed: 1, waiting: 0 });
    const failed = await request(server()).get('/admin-api/failed-jobs').query({ filter: JSON.stringify({ queue: 'mail' }) }).set('Authorization', `Bearer ${auditor}`).expect(200);
    expect(failed.headers['content-range']).toBe('failed-jobs 0-0/1');
    expect(failed.body[0]).toMatchObject({ id: 'mail:mail-1', queue: 'mail', job_id: 'mail-1', failed_reason: 'SMTP 550 mailbox unavailable', attempts_made: 1 });
    await request(server()).get('/admin-api/failed-jobs').query({ filter: JSON.stringify({ queue: 'nope' }) }).set('Authorization', `Bearer ${auditor}`).expect(200, []);
    await request(server()).post('/admin-api/failed-jobs/mail:mail-1/retry').set('Authorization', `Bearer ${auditor}`).expect(403);
    await request(server()).post('/admin-api/failed-jobs/mail:mail-1/retry').set('Authorization', `Bearer ${await adminToken('approver')}`).expect(403);
  });

  it('lets a superadmin retry a failed job once; anything else is a 404 or a 409', async () => {
    const superadmin = await adminToken('superadmin');
    const retried = await request(server()).post('/admin-api/failed-jobs/mail:mail-1/retry').set('Authorization', `Bearer ${superadmin}`).expect(200);
    expect(retried.body).toMatchObject({ id: 'mail:mail-1', failed_reason: 'SMTP 550 mailbox unavailable' });
    expect(await (await mail.getJob('mail-1'))?.getState()).toBe('waiting');
    await request(server()).post('/admin-api/failed-jobs/mail:mail-1/retry').set('Authorization', `Bearer ${superadmin}`).expect(409);
    await request(server()).post('/admin-api/failed-jobs/mail:nope/retry').set('Authorization', `Bearer ${superadmin}`).expect(404);
    await request(server()).post('/admin-api/failed-jobs/garbage/retry').set('Authorization', `Bearer ${superadmin}`).expect(404);
    const counts = await request(server()).get('/admin-api/queues').set('Authorization', `Bearer ${superadmin}`).expect(200);
    expect(counts.body.find((q: { id: string }) => q.id === 'mail')).toMatchObject({ failed: 0, waiting: 1 });
  });
});
