import { Client } from 'pg';
import request from 'supertest';
import { ContentionError, MAX_TRANSACTION_ATTEMPTS } from '../src/platform/db/database';
import { freePort, refusal, startEntry } from './support/processes';
import { PASSWORD, seedBasics } from './support/seed';
import { testSigningKeyPem } from './support/ledger-keys';
import { Network } from './support/network';
import { createTestDatabase, startTestApp, TestApp, TestDatabase, testRedisUrl } from './support/test-app';

/**
 * Safety nets that only show when something is wrong: the real API and worker processes refusing
 * to start (production without payment gateways; a ledger restored into a new cluster), and the
 * transaction retries on serialization failures and deadlocks that PostgreSQL really raises.
 */

const PAYMENTS_REFUSAL =
  'NODE_ENV=production needs CRYPTO_GATEWAY_URL and UPI_GATEWAY_URL, or PAYMENTS_USE_DOUBLE=true to run the local payment doubles (no real money moves)';

describe('the API and the worker refuse to start (started for real: node src/main.ts --role=…)', () => {
  let db: TestDatabase;
  const queuePrefix = `sahyog-safety-${process.pid}`;
  /** What a production deployment sets besides the gateways (MAIL_USE_CATCHER: the mail check is not this test's subject). */
  const productionEnv = async (extra: Record<string, string> = {}) => {
    const port = await freePort();
    return {
      NODE_ENV: 'production',
      DATABASE_URL: db.ownerUrl,
      APP_DATABASE_URL: db.appUrl,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: queuePrefix,
      JWT_SECRET: 'a-production-secret-of-32-characters',
      MAIL_USE_CATCHER: 'true',
      LEDGER_SIGNING_KEY: testSigningKeyPem(),
      AUDITOR_REDACTION_SALT: 'a-production-salt-of-32-characters',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WORKER_HEALTH_PORT: '0', // several workers on one machine: each its own health port
      ...extra,
    };
  };
  const both = async (extra: Record<string, string> = {}) => [
    startEntry(['--role=api'], await productionEnv(extra)),
    startEntry(['--role=worker'], await productionEnv(extra)),
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedBasics(db.app);
  });
  afterAll(() => db.drop());

  it('production without both gateway URLs and without PAYMENTS_USE_DOUBLE=true: both exit non-zero, naming what is missing', async () => {
    // Both roles with nothing set; the API alone with a yes that is not `true`, and with only the crypto gateway.
    const entries = [
      ...(await both()),
      startEntry(['--role=api'], await productionEnv({ PAYMENTS_USE_DOUBLE: 'yes' })),
      startEntry(
        ['--role=api'],
        await productionEnv({
          CRYPTO_GATEWAY_URL: 'https://nowpayments.test',
          CRYPTO_GATEWAY_API_KEY: 'k',
          CRYPTO_GATEWAY_IPN_SECRET: 's',
        }),
      ),
    ];
    for (const { code, output } of await Promise.all(entries.map((entry) => refusal(entry)))) {
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(output).toContain(PAYMENTS_REFUSAL);
    }
  }, 180_000);

  it('production with PAYMENTS_USE_DOUBLE=true starts both (the refusal above is about the gateways, nothing else)', async () => {
    const [api, worker] = await both({ PAYMENTS_USE_DOUBLE: 'true' });
    try {
      await Promise.all([
        api.waitFor(/Sahyog API listening on http:\/\/127\.0\.0\.1:\d+/),
        worker.waitFor(/worker running/),
      ]);
    } finally {
      await Promise.all([api.stop(), worker.stop()]);
    }
  }, 180_000);

  it("a ledger whose transaction ids are ahead of the server's (a logical restore into a new cluster): both exit non-zero naming both numbers", async () => {
    // As a pg_dump of an older, busier cluster would bring it: a stored transaction id far above this server's.
    await db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute(
        "update events set tx_id = '9000000000000'::xid8 where position = (select max(position) from events)",
      );
    });
    const [{ next: before }] = await db.owner.query<{ next: string }>(
      'select pg_snapshot_xmax(pg_current_snapshot())::text as next',
    );
    const outcomes = await Promise.all((await both({ PAYMENTS_USE_DOUBLE: 'true' })).map((entry) => refusal(entry)));
    for (const { code, output } of outcomes) {
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const named =
        /the ledger's transaction ids \(up to (\d+)\) are ahead of this PostgreSQL server's \(next (\d+)\)/.exec(
          output,
        );
      expect(named).not.toBeNull();
      expect(named![1]).toBe('9000000000000');
      expect(BigInt(named![2])).toBeGreaterThanOrEqual(BigInt(before));
      expect(BigInt(named![2])).toBeLessThan(9000000000000n);
      expect(output).not.toMatch(/Sahyog API listening|worker running/);
    }
  }, 180_000);
});

/** Runs `work` until it resolves true or `timeoutMs` passes. */
async function until(work: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await work())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('retries on serialization failures (40001) and deadlocks (40P01), caused for real in PostgreSQL', () => {
  let t: TestApp;
  let net: Network;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    await t.db.owner.query('create table retry_probe (id int primary key, n int not null)');
    await t.db.owner.query('insert into retry_probe values (1, 0), (2, 0)');
  });
  afterAll(() => t.close());

  /** A second session of the superuser, outside the product's pools, to hold locks and commit in between. */
  const session = async (): Promise<Client> => {
    const c = new Client({ connectionString: t.db.ownerUrl });
    await c.connect();
    return c;
  };

  it('a serialization failure (40001) re-runs the whole transaction, which then succeeds', async () => {
    const other = await session();
    try {
      let attempts = 0;
      const result = await t.db.owner.transaction(
        async (tx) => {
          attempts++;
          const [{ n }] = await tx.query<{ n: number }>('select n from retry_probe where id = 1');
          // Another transaction changes the row after this one's snapshot was taken (first attempt only).
          if (attempts === 1) await other.query('update retry_probe set n = n + 10 where id = 1');
          await tx.execute('update retry_probe set n = $1 where id = 1', [n + 1]);
          return n + 1;
        },
        { isolation: 'REPEATABLE READ' },
      );
      expect(attempts).toBe(2);
      expect(result).toBe(11); // the re-run read the other transaction's 10: no update lost
      expect((await t.db.owner.query<{ n: number }>('select n from retry_probe where id = 1'))[0].n).toBe(11);
    } finally {
      await other.end();
    }
  });

  it('out of attempts on serialization failures: a ContentionError after exactly MAX_TRANSACTION_ATTEMPTS runs, nothing written', async () => {
    const other = await session();
    try {
      let attempts = 0;
      const failing = t.db.owner.transaction(
        async (tx) => {
          attempts++;
          await tx.query('select n from retry_probe where id = 2');
          await other.query('update retry_probe set n = n + 1 where id = 2');
          await tx.execute('update retry_probe set n = -1 where id = 2');
        },
        { isolation: 'REPEATABLE READ' },
      );
      const error: unknown = await failing.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentionError);
      expect(error).toMatchObject({
        code: 'DB.CONTENTION',
        kind: 'conflict',
        attempts: MAX_TRANSACTION_ATTEMPTS,
        cause: expect.objectContaining({ code: '40001' }),
      });
      expect(attempts).toBe(MAX_TRANSACTION_ATTEMPTS);
      expect((await t.db.owner.query<{ n: number }>('select n from retry_probe where id = 2'))[0].n).toBe(
        MAX_TRANSACTION_ATTEMPTS,
      );
    } finally {
      await other.end();
    }
  });

  /**
   * Makes a member's login deadlock with another session `times` times: the other session holds the
   * `members` table in SHARE mode, so the login, which locks its member row first, waits at its
   * update of that row; then the other session asks for that row — a cycle, which PostgreSQL breaks
   * by aborting the login's transaction (40P01: the login started waiting first, so its deadlock check
   * runs first; the other session's deadlock_timeout is long so that it always does). The other session gives the row up again (rollback to a savepoint) and keeps the table
   * lock for the next attempt. Answers the login's HTTP answer.
   */
  async function loginThroughDeadlocks(uid: string, times: number) {
    const holder = await session();
    try {
      await holder.query('begin');
      // The victim of a deadlock is whichever backend's check runs first. The login's does, since it
      // waits first, unless a loaded machine delays it past the holder's; a long deadlock_timeout
      // here keeps the holder from ever being the one aborted (one CI run lost this race).
      await holder.query("set local deadlock_timeout = '60s'");
      await holder.query('lock table members in share mode');
      const login = request(t.app.getHttpServer())
        .post('/api/login')
        .send({ uid, password: PASSWORD })
        .then((r) => r);
      for (let i = 1; i <= times; i++) {
        await until(
          async () =>
            (
              await holder.query(
                "select 1 from pg_locks where locktype = 'relation' and relation = 'members'::regclass and not granted and pid <> pg_backend_pid()",
              )
            ).rowCount === 1,
          `the login's attempt ${i} to wait for the members table`,
        );
        await holder.query('savepoint deadlock');
        await holder.query('select 1 from members where uid = $1 for update', [uid]); // granted once PostgreSQL aborted the login's attempt
        await holder.query('rollback to savepoint deadlock');
      }
      await holder.query('rollback');
      return await login;
    } finally {
      await holder.end();
    }
  }

  const loginsOf = async (uid: string) =>
    (await t.db.owner.query("select 1 from events where stream_id = $1 and type = 'MemberLoggedIn'", [`member-${uid}`]))
      .length;
  const deadlocks = async () =>
    Number(
      (
        await t.db.owner.query<{ n: string }>(
          'select deadlocks::text as n from pg_stat_database where datname = current_database()',
        )
      )[0].n,
    );

  it('a member command that deadlocks (40P01) is re-run and succeeds: one login recorded', async () => {
    const uid = await net.register();
    const before = await deadlocks();
    const res = await loginThroughDeadlocks(uid, 1);
    expect([res.status, res.body.result]).toEqual([200, 'Successfull']);
    expect(await loginsOf(uid)).toBe(1);
    await until(async () => (await deadlocks()) >= before + 1, 'the deadlock in pg_stat_database');
  });

  it('a member command that deadlocks on every attempt: after MAX_TRANSACTION_ATTEMPTS a clear 409 over HTTP, no internals, nothing written', async () => {
    const uid = await net.register();
    const res = await loginThroughDeadlocks(uid, MAX_TRANSACTION_ATTEMPTS);
    const message = 'Too many requests are changing the same records at this moment. Please try again.';
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, result: message, message, code: 'DB.CONTENTION' });
    expect(res.text).not.toMatch(/deadlock|40P01|members/i);
    expect(await loginsOf(uid)).toBe(0);
    // Nothing left waiting: the member logs in normally now.
    expect(
      (await request(t.app.getHttpServer()).post('/api/login').send({ uid, password: PASSWORD })).body.result,
    ).toBe('Successfull');
  });
});
