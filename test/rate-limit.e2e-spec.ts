import request from 'supertest';
import { eventCount, ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

describe('rate limits on login, forgot password and id look-ups', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      RATE_LIMIT_FORGOT_PER_MINUTE: '2',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '4',
    });
    await seedBasics(t.db.app);
  });
  afterAll(() => t.close());

  it('answers 429 past the per-minute limit and writes nothing for refused attempts', async () => {
    const server = t.app.getHttpServer();
    for (let i = 0; i < 3; i++)
      expect((await request(server).post('/api/login').send({ uid: '999999', password: 'x' })).status).toBe(200);
    const before = await eventCount(t.db.app);
    const refused = await request(server).post('/api/login').send({ uid: ROOT, password: 'x' }).expect(429);
    expect(refused.body.result).toBe('Too many requests. Please try again later.');
    expect(await eventCount(t.db.app)).toBe(before);

    for (let i = 0; i < 2; i++) await request(server).post('/api/ForgetPassword').send({ uid: '999999' }).expect(200);
    await request(server).post('/api/ForgetPassword').send({ uid: '999999' }).expect(429);

    for (let i = 0; i < 4; i++) await request(server).get('/api/check_sponsorid').query({ uid: ROOT }).expect(200);
    await request(server).get('/api/check_sponsorid').query({ uid: ROOT }).expect(429);
    // Buckets are separate: the country list is not limited.
    await request(server).get('/api/countryList').expect(200);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', async () => {
    const server = t.app.getHttpServer();
    const lookup = (from: string) =>
      request(server).get('/api/check_sponsorid').set('X-Forwarded-For', from).query({ uid: ROOT });
    for (let i = 1; i <= 4; i++) await lookup(`2001:db8:42:1::${i}`).expect(200);
    await lookup('2001:db8:42:1:ffff:ffff:ffff:ffff').expect(429);
    await lookup('2001:db8:42:2::1').expect(200);

    for (let i = 0; i < 4; i++) await lookup('198.51.100.9').expect(200);
    await lookup('::ffff:198.51.100.9').expect(429);
  });
});
