import request from 'supertest';
import { eventCount, ROOT, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

describe('rate limits on login, forgot password and id look-ups', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      RATE_LIMIT_FORGOT_PER_MINUTE: '2',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '4',
      RATE_LIMIT_REGISTER_PER_MINUTE: '5',
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

  // Issue 18 §6: 16 identical registrations made 16 accounts in a second.
  it('limits registrations per client address: the sixth in a minute answers 429 and writes nothing', async () => {
    const server = t.app.getHttpServer();
    const register = (i: number, from = '203.0.113.7') =>
      request(server)
        .post('/api/registrationWeb')
        .set('X-Forwarded-For', from)
        .send(validRegistration({ email: `limit${i}@example.com`, mobile: `98765000${String(i).padStart(2, '0')}` }));
    for (let i = 0; i < 5; i++) expect((await register(i)).body.result).toBe('Registration Successfull');
    const before = await eventCount(t.db.app);
    const refused = await register(5).expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      result: 'Too many requests. Please try again later.',
      message: 'Too many requests. Please try again later.',
    });
    expect(await eventCount(t.db.app)).toBe(before);
    // Another address has its own count.
    expect((await register(6, '203.0.113.8')).body.result).toBe('Registration Successfull');
  });
});
