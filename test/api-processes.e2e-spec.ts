import { readFileSync } from 'node:fs';
import request from 'supertest';
import { testSigningKeyPem } from './support/ledger-keys';
import { EntryProcess, freePort, startEntry } from './support/processes';
import { seedBasics } from './support/seed';
import { createTestDatabase, TestDatabase, testRedisUrl } from './support/test-app';

/**
 * Issue 19 §4: `node src/main.ts` (dist/main.js) runs API_PROCESSES processes on one port; they count
 * one login limit between them (Redis), and SIGTERM stops them all.
 */
describe('API_PROCESSES: several API processes on one port, one limit', () => {
  let db: TestDatabase;
  let api: EntryProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedBasics(db.app);
  });
  afterAll(async () => {
    await api?.stop();
    await db?.drop();
  });

  it('starts two processes that share the port and the login limit, and stops both on SIGTERM', async () => {
    const port = await freePort();
    api = startEntry(['--role=api'], {
      NODE_ENV: 'test',
      PORT: String(port),
      API_PROCESSES: '2',
      DATABASE_URL: db.ownerUrl,
      APP_DATABASE_URL: db.appUrl,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: `sahyog-api-processes-${process.pid}`,
      JWT_SECRET: 'test-secret-of-sufficient-length',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LEDGER_SIGNING_KEY: testSigningKeyPem(),
      AUDITOR_REDACTION_SALT: 'test-redaction-salt-of-sufficient-length',
      RATE_LIMIT_LOGIN_PER_MINUTE: '6',
    });
    await api.waitFor(/(Sahyog API listening[^\n]*\n[\s\S]*){2}/, 120_000);
    const pids = new Set([...api.output().matchAll(/Sahyog API listening on \S+ \(pid (\d+)\)/g)].map((m) => m[1]));
    expect(pids.size).toBe(2);
    // Decision 0055: the forked processes start with two malloc arenas (glibc reads it at start).
    for (const pid of pids)
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain(
        `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX || '2'}`,
      );
    // Decision 0059: and with V8's heap bounded (8 MiB semi-spaces, a growing factor of 2).
    for (const pid of pids)
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(
        expect.arrayContaining(['--max-semi-space-size=8', '--heap-growing-percent=100']),
      );
    const base = `http://127.0.0.1:${port}`;
    // Each attempt on a new connection, so the kernel spreads them over both processes.
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await request(base).post('/api/login').set('Connection', 'close').send({ uid: '999999', password: 'wrong' }))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    expect(await api.stop()).toBe(0);
  }, 180_000);
});
