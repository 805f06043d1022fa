import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApiApp } from '../src/app.factory';
import { OwnRedis, startOwnRedis } from './support/own-redis';
import { ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 19 §4 (decision 0037): the rate limits are counted in Redis, so two API instances (two Nest
 * apps here, as two processes or replicas would be) give no more attempts than one; with Redis
 * unreachable a limited call answers 503, never unlimited and never a 500.
 */
describe('rate limits shared by API instances through Redis', () => {
  let redis: OwnRedis;
  let a: TestApp;
  let b: NestFastifyApplication;

  beforeAll(async () => {
    redis = await startOwnRedis();
    a = await startTestApp({
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `sahyog-shared-limits-${process.pid}`,
      RATE_LIMIT_LOGIN_PER_MINUTE: '4',
    });
    await seedBasics(a.db.app);
    // The second instance: the same configuration (process.env as the first left it), its own process state.
    b = await createApiApp({ logger: false, root: '/nonexistent' });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  const login = (app: NestFastifyApplication, from: string) =>
    request(app.getHttpServer())
      .post('/api/login')
      .set('X-Forwarded-For', from)
      .send({ uid: ROOT, password: 'wrong-password' });

  it('counts logins on both instances against one limit; the answer past it stays 429', async () => {
    const from = '203.0.113.7';
    for (const app of [a.app, b, a.app, b]) expect((await login(app, from)).status).toBe(200);
    for (const app of [a.app, b]) {
      const refused = await login(app, from);
      expect(refused.status).toBe(429);
      expect(refused.body.result).toBe('Too many requests. Please try again later.');
    }
    // Another address has its own count; the admin surface its own.
    expect((await login(b, '203.0.113.8')).status).toBe(200);
    expect(
      (
        await request(b.getHttpServer())
          .post('/admin-api/auth/login')
          .set('X-Forwarded-For', from)
          .send({ username: 'superadmin', password: 'wrong-password' })
      ).status,
    ).not.toBe(429);
  });

  it('answers a limited call 503 SERVICE.UNAVAILABLE while Redis is down, and counts again once it is back', async () => {
    await redis.stop();
    const started = Date.now();
    const answer = await login(a.app, '203.0.113.9');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      result: 'Service temporarily unavailable. Please try again.',
      code: 'SERVICE.UNAVAILABLE',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await login(b, '203.0.113.9')).status).toBe(503);
    // Calls no limit guards do not need Redis.
    await request(a.app.getHttpServer()).get('/api/countryList').expect(200);
    await redis.start();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const status = (await login(a.app, '203.0.113.9')).status;
      if (status === 200) break;
      expect(status).toBe(503);
      if (Date.now() > deadline) throw new Error('the limiter did not come back with Redis');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 60_000);
});
