import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { WorkerHealthServer } from '../src/platform/observability/worker-health';
import { WorkerModule } from '../src/worker/worker.module';
import { DbFaultProxy } from './support/db-fault-proxy';
import { testPgUrl } from './support/env';
import { testSigningKeyPem } from './support/ledger-keys';
import { createApiApp } from '../src/app.factory';
import { Network } from './support/network';
import { freePort, startEntry } from './support/processes';
import { ADMIN_PASSWORD, PASSWORD, seedBasics, validRegistration } from './support/seed';
import { createTestDatabase, startTestApp, TestApp, TestDatabase, testRedisUrl } from './support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const METRICS_TOKEN = 'metrics-token-of-sufficient-length';

/** The value of the sample `name` whose labels include `labels` (in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** Issue 19 §3: health, logs and metrics. */
describe('observability: health, logs, metrics', () => {
  describe('health and metrics of the API and the worker', () => {
    let t: TestApp;
    let proxy: DbFaultProxy;
    let worker: INestApplicationContext;
    let workerUrl: string;

    beforeAll(async () => {
      const pg = new URL(testPgUrl());
      proxy = new DbFaultProxy(pg.hostname, Number(pg.port));
      await proxy.start();
      const first = await startTestApp({ METRICS_TOKEN: '', QUEUE_PREFIX: `sahyog-obs-${process.pid}` });
      await seedBasics(first.db.app);
      await first.app.close();
      // The same database, reached through the proxy by the app and the worker (their requests and
      // their probes), so the test can hang or stop "the database" for them alone.
      process.env.APP_DATABASE_URL = proxy.urlFor(first.db.appUrl);
      const app = await createApiApp({ logger: false, root: '/nonexistent' });
      t = {
        app,
        db: first.db,
        close: async () => {
          await app.close();
          await first.db.drop();
        },
      };
      worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
      await worker.init();
      workerUrl = `http://127.0.0.1:${worker.get(WorkerHealthServer).port}`;
    });
    afterAll(async () => {
      proxy?.restore();
      await worker?.close();
      await t?.close();
      await proxy?.stop();
    });

    it('answers live and ready (database, Redis, relay) with 200 while everything answers; /api/health answers as ready', async () => {
      const server = t.app.getHttpServer();
      await request(server).get('/api/health/live').expect(200, { status: 'ok' });
      for (const path of ['/api/health/ready', '/api/health']) {
        const ready = await request(server).get(path).expect(200);
        expect(ready.body).toMatchObject({
          status: 'ok',
          checks: {
            database: { status: 'up' },
            redis: { status: 'up' },
            relay: { status: 'up', lagEvents: expect.any(Number), bound: 10000 },
          },
        });
      }
      const live = await fetch(`${workerUrl}/health/live`);
      expect(live.status).toBe(200);
      const ready = await fetch(`${workerUrl}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ok',
        checks: { database: { status: 'up' }, redis: { status: 'up' }, relay: { status: 'up' } },
      });
    });

    it('answers ready with 503 within about 2 s when the database hangs, and again when it is down; live stays 200; /metrics still answers', async () => {
      const server = t.app.getHttpServer();
      proxy.freeze();
      try {
        for (const path of ['/api/health/ready', '/api/health']) {
          const started = Date.now();
          const answer = await request(server).get(path);
          expect(Date.now() - started).toBeLessThan(2500);
          expect(answer.status).toBe(503);
          expect(answer.body).toMatchObject({
            status: 'error',
            checks: { database: { status: 'down' }, redis: { status: 'up' }, relay: { status: 'down' } },
          });
        }
        const started = Date.now();
        const workerReady = await fetch(`${workerUrl}/health/ready`);
        expect(Date.now() - started).toBeLessThan(2500);
        expect(workerReady.status).toBe(503);
        await request(server).get('/api/health/live').expect(200);

        const scrapeStarted = Date.now();
        const scrape = await request(server).get('/metrics').expect(200);
        expect(Date.now() - scrapeStarted).toBeLessThan(3500);
        expect(sample(scrape.text, 'sahyog_scrape_source_up', { source: 'database' })).toBe(0);
        expect(sample(scrape.text, 'sahyog_ledger_position')).toBeNaN();
        expect(scrape.text).toContain('process_cpu_user_seconds_total');
      } finally {
        proxy.restore();
      }

      await proxy.refuse();
      try {
        const started = Date.now();
        const answer = await request(server).get('/api/health/ready');
        expect(Date.now() - started).toBeLessThan(2500);
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ status: 'error', checks: { database: { status: 'down' } } });
      } finally {
        proxy.restore();
      }
      // Back: ready again once the database answers.
      for (const deadline = Date.now() + 10_000; ;) {
        const again = await request(server).get('/api/health/ready');
        if (again.status === 200) break;
        if (Date.now() > deadline) throw new Error(`still ${again.status}: ${JSON.stringify(again.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });

    it('answers 503 when the relay is more events behind than HEALTH_MAX_RELAY_LAG, and counts the top-ups whose income is unpaid', async () => {
      // Another API on a database no worker serves: its events stay unrelayed, its top-ups unpaid.
      process.env.HEALTH_MAX_RELAY_LAG = '3';
      const alone = await startTestApp({ METRICS_TOKEN: '', QUEUE_PREFIX: `sahyog-obs-alone-${process.pid}` });
      process.env.HEALTH_MAX_RELAY_LAG = '';
      try {
        await seedBasics(alone.db.app);
        const net = new Network(alone);
        const upline = await net.register();
        const downline = await net.register(upline);
        const [own, forDownline] = await net.issue(upline, 2);
        expect((await net.as(upline, '/api/ActivateId', { touid: upline, epin: own })).body.result).toBe(
          ' Activation Successfull',
        );
        expect((await net.as(upline, '/api/ActivateId', { touid: downline, epin: forDownline })).body.result).toBe(
          ' Activation Successfull',
        );
        const answer = await request(alone.app.getHttpServer()).get('/api/health/ready').expect(503);
        expect(answer.body).toMatchObject({
          status: 'error',
          checks: {
            database: { status: 'up' },
            redis: { status: 'up' },
            relay: { status: 'down', bound: 3, lagEvents: 4 },
          },
        });
        const text = (await request(alone.app.getHttpServer()).get('/metrics').expect(200)).text;
        expect(sample(text, 'sahyog_income_pending')).toBe(2);
        expect(sample(text, 'sahyog_relay_lag_events')).toBeGreaterThan(3);
      } finally {
        await alone.close();
      }
      await request(t.app.getHttpServer()).get('/api/health/ready').expect(200);
    });

    it('answers ready with 503 naming Redis when Redis does not answer, within about a second', async () => {
      const deadRedis = `redis://127.0.0.1:${await freePort()}`;
      const noRedis = await startTestApp({ METRICS_TOKEN: '', REDIS_URL: deadRedis });
      try {
        const started = Date.now();
        const answer = await request(noRedis.app.getHttpServer()).get('/api/health/ready').expect(503);
        expect(Date.now() - started).toBeLessThan(2500);
        expect(answer.body).toMatchObject({
          status: 'error',
          checks: { database: { status: 'up' }, redis: { status: 'down', message: expect.any(String) } },
        });
        const scrape = await request(noRedis.app.getHttpServer()).get('/metrics').expect(200);
        expect(sample(scrape.text, 'sahyog_scrape_source_up', { source: 'redis' })).toBe(0);
      } finally {
        process.env.REDIS_URL = testRedisUrl();
        await noRedis.close();
      }
    });

    it('serves Prometheus metrics on the API and the worker: process defaults, the request histogram by route pattern, and the ledger gauges', async () => {
      const server = t.app.getHttpServer();
      await request(server).get('/api/check_sponsorid?uid=100000').expect(200);
      await request(server).get('/api/health/live').expect(200);
      await request(server).get('/admin-api/events/12345').expect(401);
      await request(server).get('/no/such/route/anywhere').expect(404);
      const scrape = await request(server).get('/metrics').expect(200);
      expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = scrape.text;
      for (const name of [
        'process_cpu_user_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'http_request_duration_seconds_bucket',
        'sahyog_relay_lag_events',
        'sahyog_checkpoint_age_seconds',
        'sahyog_queue_jobs',
        'sahyog_ledger_position',
        'sahyog_income_pending',
        'sahyog_help_links',
      ])
        expect(text).toContain(`# TYPE ${name.replace(/_bucket$/, '')} `);
      expect(text).toMatch(/# TYPE http_request_duration_seconds histogram/);
      const count = (route: string, status: string) =>
        sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status, role: 'api' });
      expect(count('/api/check_sponsorid', '200')).toBeGreaterThanOrEqual(1);
      // The liveness probe is a plain Fastify route now (decision 0058): still counted, by its path.
      expect(count('/api/health/live', '200')).toBeGreaterThanOrEqual(1);
      expect(count('/admin-api/events/:position', '401')).toBeGreaterThanOrEqual(1);
      expect(count('unmatched', '404')).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'http_request_duration_seconds_bucket', { route: '/api/check_sponsorid', le: '+Inf' }),
      ).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('uid=');
      // In no label (a sample's value may happen to hold these digits, e.g. the virtual memory size).
      expect(text).not.toMatch(/"[^"\n]*12345[^"\n]*"/);
      expect(text).not.toContain('/no/such/route');
      expect(sample(text, 'sahyog_ledger_position')).toBeGreaterThan(0);
      expect(sample(text, 'sahyog_relay_lag_events')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sahyog_checkpoint_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sahyog_income_pending')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sahyog_queue_jobs', { queue: 'level-income', state: 'waiting' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sahyog_scrape_source_up', { source: 'database' })).toBe(1);

      // The alert rules and the dashboard in deploy/ name only metrics the processes expose.
      for (const file of ['deploy/prometheus/sahyog-alerts.yml', 'deploy/grafana/sahyog-dashboard.json']) {
        const named = new Set(
          readFileSync(join(__dirname, '..', file), 'utf8').match(/\b(sahyog|http|process|nodejs)_[a-z0-9_]+/g),
        );
        expect(named.size).toBeGreaterThan(3);
        for (const name of named) expect([file, text.includes(name)]).toEqual([file, true]);
      }

      const fromWorker = await fetch(`${workerUrl}/metrics`);
      expect(fromWorker.status).toBe(200);
      const workerText = await fromWorker.text();
      expect(workerText).toContain('process_cpu_user_seconds_total');
      expect(
        sample(workerText, 'sahyog_queue_jobs', { queue: 'mail', state: 'completed', role: 'worker' }),
      ).toBeGreaterThanOrEqual(0);
      expect(sample(workerText, 'sahyog_ledger_position', { role: 'worker' })).toBeGreaterThan(0);
    });
  });

  describe('METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ METRICS_TOKEN, QUEUE_PREFIX: `sahyog-obs-token-${process.pid}` });
    });
    afterAll(async () => {
      process.env.METRICS_TOKEN = '';
      await t?.close();
    });

    it('answers /metrics only with the bearer token when METRICS_TOKEN is set', async () => {
      const server = t.app.getHttpServer();
      const without = await request(server).get('/metrics').expect(401);
      expect(without.text).not.toContain('process_cpu');
      await request(server)
        .get('/metrics')
        .set('Authorization', 'Bearer wrong-token-of-the-same-size!!!!!!')
        .expect(401);
      await request(server).get('/metrics').set('Authorization', METRICS_TOKEN).expect(401);
      const ok = await request(server).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      expect(ok.text).toContain('http_request_duration_seconds');
      // Not the member app's HTML any more, whatever the token.
      expect(without.headers['content-type']).not.toMatch(/html/);
    });
  });

  describe('logs of the real API process', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
      await seedBasics(db.app);
    });
    afterAll(() => db.drop());

    it('writes one JSON object per line with level, time, msg and reqId, one access line per request with uid where known, echoes X-Request-Id, and never a password or token', async () => {
      const port = await freePort();
      const api = startEntry(['--role=api'], {
        NODE_ENV: 'test',
        DATABASE_URL: db.ownerUrl,
        APP_DATABASE_URL: db.appUrl,
        REDIS_URL: testRedisUrl(),
        JWT_SECRET: 'test-secret-of-sufficient-length',
        LEDGER_SIGNING_KEY: testSigningKeyPem(),
        AUDITOR_REDACTION_SALT: 'test-redaction-salt-of-sufficient-length',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
      });
      let stdout = '';
      api.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      try {
        await api.waitFor(/Sahyog API listening/);
        const base = `http://127.0.0.1:${port}`;
        const sent = `trace-${randomUUID()}`;
        const login = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-request-id': sent },
          body: JSON.stringify({ uid: '100000', password: PASSWORD }),
        });
        expect(login.headers.get('x-request-id')).toBe(sent);
        const { token } = (await login.json()) as { token: string };
        expect(token).toBeTruthy();
        const wrong = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ uid: '100000', password: 'Not-The-Password-42', cpassword: 'Cpass-Secret-77' }),
        });
        const generated = wrong.headers.get('x-request-id');
        expect(generated).toMatch(UUID);
        // An id with unsafe characters or too long is replaced, never echoed.
        for (const bad of ['a b', 'x'.repeat(200), 'evil;id', '<script>']) {
          const answer = await fetch(`${base}/api/health/live`, { headers: { 'x-request-id': bad } });
          expect(answer.headers.get('x-request-id')).toMatch(UUID);
        }
        // The probes write their access line too, the plain Fastify liveness route included (decision 0058).
        for (const probe of ['live', 'ready'])
          expect(
            (await fetch(`${base}/api/health/${probe}`, { headers: { 'x-request-id': `${sent}-probe-${probe}` } }))
              .status,
          ).toBe(200);
        const profile = await fetch(`${base}/api/UserInformation`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'x-request-id': `${sent}-2`,
          },
          body: JSON.stringify({ uid: '100000' }),
        });
        expect(profile.headers.get('x-request-id')).toBe(`${sent}-2`);
        const adminLogin = await fetch(`${base}/admin-api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'superadmin', password: ADMIN_PASSWORD }),
        });
        const { token: adminToken } = (await adminLogin.json()) as { token: string };
        await fetch(`${base}/admin-api/events/1`, {
          headers: { authorization: `Bearer ${adminToken}`, 'x-request-id': `${sent}-admin` },
        });
        await new Promise((resolve) => setTimeout(resolve, 500)); // the last lines reach stdout

        const lines = stdout.split('\n').filter((line) => line !== '');
        const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        for (const record of records) {
          expect(typeof record.level).toBe('string');
          expect(typeof record.time).toBe('string');
          expect(typeof record.msg).toBe('string');
        }
        const access = records.filter((r) => r.msg === 'request');
        const ofLogin = access.find((r) => r.reqId === sent);
        expect(ofLogin).toMatchObject({
          method: 'POST',
          route: '/api/login',
          status: 200,
          durationMs: expect.any(Number),
        });
        expect(access.find((r) => r.reqId === generated)).toMatchObject({ route: '/api/login' });
        for (const probe of ['live', 'ready'])
          expect(access.find((r) => r.reqId === `${sent}-probe-${probe}`)).toMatchObject({
            method: 'GET',
            route: `/api/health/${probe}`,
            status: 200,
          });
        expect(access.find((r) => r.reqId === `${sent}-2`)).toMatchObject({
          method: 'POST',
          route: '/api/UserInformation',
          uid: '100000',
        });
        expect(access.find((r) => r.reqId === `${sent}-admin`)).toMatchObject({
          route: '/admin-api/events/:position',
          admin: 'superadmin',
        });
        for (const secret of [PASSWORD, ADMIN_PASSWORD, 'Not-The-Password-42', 'Cpass-Secret-77', token, adminToken])
          expect(stdout).not.toContain(secret);
      } finally {
        await api.stop();
      }
    }, 120_000);

    it('records the request id in the metadata of the events the request appended', async () => {
      const t = await startTestApp({ METRICS_TOKEN: '' });
      try {
        await seedBasics(t.db.app);
        const sent = `reg-${randomUUID()}`;
        const answer = await request(t.app.getHttpServer())
          .post('/api/registrationWeb')
          .set('X-Request-Id', sent)
          .send(validRegistration({ name: 'Traced Member', email: 'traced@example.com' }));
        expect(answer.headers['x-request-id']).toBe(sent);
        const uid = answer.body.uid_output as string;
        expect(uid).toMatch(/^\d{6}$/);
        const [event] = await t.db.owner.query<{ request_id: string }>(
          "select metadata->>'requestId' as request_id from events where stream_id = $1 order by stream_version limit 1",
          [`member-${uid}`],
        );
        expect(event.request_id).toBe(sent);
      } finally {
        await t.close();
      }
    });
  });
});
