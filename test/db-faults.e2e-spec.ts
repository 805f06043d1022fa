import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import request from 'supertest';
import { ALL_MIGRATIONS } from '../migrations';
import { createApiApp } from '../src/app.factory';
import { appUrlFrom } from '../src/config/config';
import { createDataSource, Database } from '../src/platform/db/database';
import { migrate } from '../src/platform/db/migrate';
import { testRedisUrl } from './support/env';
import { testSigningKeyPem } from './support/ledger-keys';
import { OwnPostgres, startOwnPostgres } from './support/own-postgres';
import { ADMIN_PASSWORD, PASSWORD, ROOT, seedBasics } from './support/seed';

const UNAVAILABLE = {
  result: 'Service temporarily unavailable. Please try again.',
  code: 'SERVICE.UNAVAILABLE',
};

/**
 * Issue 19 §2: a database that is stopped or frozen makes every call a 503 with one body within
 * about 5 s (DB_CONNECT_TIMEOUT_MS), never a 401 that would log the web apps' users out, and the same
 * token works once it is back. The test stops and freezes a PostgreSQL of its own, never the shared one.
 */
describe('PostgreSQL stopped or frozen: 503 SERVICE.UNAVAILABLE, never 401', () => {
  let pg: OwnPostgres;
  let app: NestFastifyApplication;
  let member: string;
  let admin: string;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    const ownerUrl = pg.url('sahyog_faults');
    const setup = new Client({ connectionString: pg.url() });
    await setup.connect();
    await setup.query('create database sahyog_faults');
    await setup.end();
    await migrate(ownerUrl, 'sahyog_app', ALL_MIGRATIONS);
    const appUrl = appUrlFrom(ownerUrl, {});
    const ds = await createDataSource(appUrl, { poolSize: 2 }).initialize();
    await seedBasics(new Database(ds));
    await ds.destroy();
    Object.assign(process.env, {
      NODE_ENV: 'test',
      DATABASE_URL: ownerUrl,
      APP_DATABASE_URL: appUrl,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: `sahyog-db-faults-${process.pid}`,
      JWT_SECRET: 'test-secret-of-sufficient-length',
      PUBLIC_URL: 'http://sahyog.test',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_FORGOT_PER_MINUTE: '100000',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000',
      LEDGER_SIGNING_KEY: testSigningKeyPem(),
      AUDITOR_REDACTION_SALT: 'test-redaction-salt-of-sufficient-length',
    });
    app = await createApiApp({ logger: false, root: '/nonexistent' });
    member = (await request(app.getHttpServer()).post('/api/login').send({ uid: ROOT, password: PASSWORD }).expect(200))
      .body.token;
    admin = (
      await request(app.getHttpServer())
        .post('/admin-api/auth/login')
        .send({ username: 'superadmin', password: ADMIN_PASSWORD })
        .expect(200)
    ).body.token;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pg?.destroy();
  });

  const memberCall = () =>
    request(app.getHttpServer()).get('/api/getEpinData').query({ uid: ROOT }).set('Authorization', `Bearer ${member}`);
  const adminCall = () => request(app.getHttpServer()).get('/admin-api/events').set('Authorization', `Bearer ${admin}`);

  /** Calls until it answers 200 (503 meanwhile, nothing else), for at most 30 s. */
  async function untilAnswered(call: () => request.Test): Promise<void> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await call();
      if (answer.status === 200) return;
      expect(answer.status).toBe(503);
      if (Date.now() > deadline) throw new Error('no 200 within 30 s of the database coming back');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The answer and how long it took. */
  async function timed(call: () => request.Test): Promise<{ status: number; body: unknown; ms: number }> {
    const started = Date.now();
    const response = await call();
    return { status: response.status, body: response.body, ms: Date.now() - started };
  }

  it('answers signed-in calls 503 with the one body while PostgreSQL is stopped, and the same tokens work after', async () => {
    await memberCall().expect(200);
    await adminCall().expect(200);
    await pg.stop();
    for (const call of [memberCall, adminCall]) {
      const answer = await timed(call);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject(UNAVAILABLE);
      expect(answer.ms).toBeLessThan(6500);
    }
    // A call that needs no token, too: a 503, not a 500.
    const login = await request(app.getHttpServer()).post('/api/login').send({ uid: ROOT, password: PASSWORD });
    expect(login.status).toBe(503);
    expect(login.body).toMatchObject(UNAVAILABLE);
    await pg.start();
    // Back within a second or two (the watchdog's next answered probe); the same tokens work.
    await untilAnswered(memberCall);
    await adminCall().expect(200);
  }, 90_000);

  it('answers 503 within about 5 s, not a hang, while PostgreSQL is frozen', async () => {
    await untilAnswered(memberCall);
    pg.freeze();
    try {
      // Signed-in calls, and a login, which has no token to check: each on a connection that was open before.
      const login = () => request(app.getHttpServer()).post('/api/login').send({ uid: ROOT, password: PASSWORD });
      // The login first and alone: it takes a connection the pool holds open, to a server that answers nothing.
      const answers = [await timed(login), ...(await Promise.all([timed(memberCall), timed(adminCall)]))];
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject(UNAVAILABLE);
        expect(answer.ms).toBeLessThan(6500);
      }
    } finally {
      pg.thaw();
    }
    // Back: the pool gives up the connections that hung and opens new ones.
    await untilAnswered(memberCall);
  }, 90_000);
});
