import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { LOGIN_ADDRESS_KEYS_FROM_EVENTS } from '../migrations/1763800011013-login-address-key';
import { createApiApp } from '../src/app.factory';
import { loadConfig } from '../src/config/config';
import { StrangerTurns } from '../src/modules/identity/login-gate';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { CatcherTransport } from '../src/platform/mail/mail';
import { processMailJob } from '../src/worker/mail.processor';
import { mailLinkKey } from '../src/platform/mail/link-secrets';
import { ADMIN_PASSWORD, eventCount, PASSWORD, ROOT, seedBasics, validRegistration } from './support/seed';
import { SecondAdmin } from './support/four-eyes';
import { startTestApp, TestApp } from './support/test-app';
import { testSigningKeyPem } from './support/ledger-keys';

const JWT_SECRET = 'test-secret-of-sufficient-length';
const IMPERSONATION_REFUSED =
  'Not allowed in a "Log in as" session: only a superadmin may move money or change credentials for a member';
const LOCKED = 'Too many failed attempts. Try again after 15 minutes.';
/** The slow-down of this file's app (LOGIN_SLOWDOWN_MS): a slowed login takes at least this long. */
const SLOWDOWN_MS = 3000;

describe('accounts and sessions: reset links, impersonation, admin and member lock-outs, identity checks', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  let seq = 0;
  /** A client address of its own for each call site, so tests never share lock-out counters. */
  const address = () => `10.0.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

  const register = async (name: string, email = 'member@example.com') =>
    (await request(server()).post('/api/registrationWeb').send(validRegistration({ name, email })).expect(200)).body
      .uid_output as string;
  const login = (uid: string, password: string, from: string) =>
    request(server()).post('/api/login').set('X-Forwarded-For', from).send({ uid, password });
  const adminLogin = (username: string, password: string, from: string) =>
    request(server()).post('/admin-api/auth/login').set('X-Forwarded-For', from).send({ username, password });
  const adminToken = async (username = 'superadmin', password = ADMIN_PASSWORD) =>
    (await adminLogin(username, password, address()).expect(200)).body.token as string;
  const memberToken = async (uid: string) => (await login(uid, PASSWORD, address()).expect(200)).body.token as string;
  const asAdmin = (token: string, call: request.Test) => call.set('Authorization', `Bearer ${token}`);
  const impersonate = async (uid: string, admin: string) =>
    (await asAdmin(admin, request(server()).post(`/admin-api/members/${uid}/impersonate`)).expect(200)).body
      .token as string;
  const redeem = (link: string) => request(server()).post('/api/loginAdmin').send({ token: link });
  /** E-pins issued and, as four eyes require (decision 0034), approved by a second admin. */
  const issue = async (owner: string, quantity: number) => {
    const issued = await new SecondAdmin(t).approve(
      asAdmin(await adminToken(), request(server()).post('/admin-api/epins/issue')).send({
        owner,
        type: 'EpintypeB',
        quantity,
      }),
    );
    expect(issued.status).toBe(200);
    return issued.body.numbers as string[];
  };
  /** An admin created (a superadmin or approver with a second superadmin's approval); its token. */
  const createAdmin = async (username: string, role: string) => {
    const created = await new SecondAdmin(t).approve(
      asAdmin(await adminToken(), request(server()).post('/admin-api/admin-users')).send({
        username,
        password: 'Helpdesk-pass-2026',
        role,
      }),
    );
    expect([201, 200]).toContain(created.status);
    return adminToken(username, 'Helpdesk-pass-2026');
  };

  /**
   * Watches the strangers' turns (login-gate.ts) from now on: a login that takes none does not wait.
   * Wall time alone cannot tell that apart from a slow login on a loaded machine.
   */
  // Shared turns (Redis, decision 0037) are claimed through `claim`: its results are promises of the wait.
  const turnsTaken = () => jest.spyOn(t.app.get(StrangerTurns), 'claim');

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_SLOWDOWN_MS: String(SLOWDOWN_MS) });
    await seedBasics(t.db.app);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t.close());

  describe('1. reset links', () => {
    it('never shows a usable reset link to staff: support cannot read the catcher, a superadmin and the log see it masked', async () => {
      const uid = await register('Reset Seeker', 'seeker@example.com');
      await request(server()).post('/api/ForgetPassword').send({ uid }).expect(200);
      const [row] = await t.db.owner.query<{ id: string; body: string; event_position: string }>(
        "select id::text as id, body, event_position::text as event_position from mail_outbox where to_address = 'seeker@example.com'",
      );
      // Issue 18 §6: the stored row holds no usable link; the worker renders it at sending time.
      const delivered: string[] = [];
      const key = mailLinkKey('test-secret-of-sufficient-length');
      const smtp = { name: 'smtp', send: async (mail: { body: string }) => void delivered.push(mail.body) };
      await processMailJob(
        t.db.app,
        smtp,
        { position: row.event_position, type: 'PasswordResetRequested', streamId: `member-${uid}` },
        key,
      );
      const secret = /ResetPassword\?token=(\S+)/.exec(delivered[0])![1];
      const [tokenId, linkSecretPart] = secret.split('.');
      expect(linkSecretPart.length).toBeGreaterThan(20);
      const [stored] = await t.db.owner.query<{ body: string }>('select body from mail_outbox where id = $1', [row.id]);
      expect(stored.body).toContain(tokenId);
      expect(stored.body).not.toContain(linkSecretPart);
      await t.db.owner.execute('update mail_outbox set sent_at = null where id = $1', [row.id]);

      await asAdmin(await adminToken('support'), request(server()).get('/admin-api/mails')).expect(403);
      await asAdmin(await adminToken('support'), request(server()).get(`/admin-api/mails/${row.id}`)).expect(403);
      const superadmin = await adminToken();
      const list = await asAdmin(superadmin, request(server()).get('/admin-api/mails')).expect(200);
      const shown = await asAdmin(superadmin, request(server()).get(`/admin-api/mails/${row.id}`)).expect(200);
      for (const body of [JSON.stringify(list.body), shown.body.body as string]) {
        expect(body).not.toContain(secret);
        expect(body).toContain('/ResetPassword?token=[hidden]');
      }

      const lines: string[] = [];
      expect(
        await processMailJob(
          t.db.app,
          new CatcherTransport((line) => lines.push(line)),
          {
            position: row.event_position,
            type: 'PasswordResetRequested',
            streamId: `member-${uid}`,
          },
          key,
        ),
      ).toBe('sent');
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain(secret);
      expect(lines[0]).toContain('/ResetPassword?token=[hidden]');
      // The real link still works for its owner: only what staff can see is masked.
      await request(server())
        .post('/api/ResetPassword')
        .send({ token: secret, password: 'NewPass1' })
        .expect(200, { result: 'Password Reset Successfully' });
    });

    it('refuses to start in production without MAIL_URL unless MAIL_USE_CATCHER=true', async () => {
      const production = {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u:p@localhost:5432/x',
        JWT_SECRET,
        LEDGER_SIGNING_KEY: testSigningKeyPem(),
        AUDITOR_REDACTION_SALT: 's'.repeat(32),
      };
      expect(() => loadConfig(production)).toThrow(
        'NODE_ENV=production needs MAIL_URL, or MAIL_USE_CATCHER=true to keep mail in the local catcher',
      );
      expect(loadConfig({ ...production, MAIL_USE_CATCHER: 'true' }).mailUrl).toBeNull();
      expect(loadConfig({ ...production, MAIL_URL: 'smtp://u:p@mail.example.com:587' }).mailUrl).toBe(
        'smtp://u:p@mail.example.com:587',
      );
      expect(() => loadConfig({ ...production, MAIL_USE_CATCHER: 'yes' })).toThrow(
        'MAIL_USE_CATCHER must be true, false or unset',
      );

      // And the API itself does not start.
      const saved = { ...process.env };
      Object.assign(process.env, {
        NODE_ENV: 'production',
        PAYMENTS_USE_DOUBLE: 'true',
        MAIL_URL: '',
        MAIL_USE_CATCHER: '',
      });
      try {
        await expect(createApiApp({ logger: false, root: '/nonexistent' })).rejects.toThrow(/MAIL_URL/);
      } finally {
        for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
        Object.assign(process.env, saved);
      }
    });
  });

  describe('2. impersonation', () => {
    it("ends a disabled or demoted admin's impersonated sessions and unredeemed links at once", async () => {
      const uid = await register('Helped Member');
      for (const [username, change] of [
        ['helpdesk1', { disabled: true }],
        ['helpdesk2', { role: 'auditor' }],
      ] as const) {
        const helper = await createAdmin(username, 'support');
        const session = (await redeem(await impersonate(uid, helper)).expect(200)).body.token as string;
        const unredeemed = await impersonate(uid, helper);
        await request(server())
          .post('/api/userDashboard')
          .set('Authorization', `Bearer ${session}`)
          .send({})
          .expect(200);

        await asAdmin(await adminToken(), request(server()).put(`/admin-api/admin-users/${username}`))
          .send(change)
          .expect(200);
        const refused = await request(server())
          .post('/api/userDashboard')
          .set('Authorization', `Bearer ${session}`)
          .send({});
        expect([username, refused.status, refused.body.result]).toEqual([
          username,
          401,
          'Please login to access this resource',
        ]);
        expect([username, (await redeem(unredeemed)).body.result]).toEqual([username, 'Invalid or expired login link']);
      }
    });

    it('keeps an impersonated session to 30 minutes and refuses a longer one', async () => {
      const uid = await register('Short Session');
      const session = (await redeem(await impersonate(uid, await adminToken('support'))).expect(200)).body
        .token as string;
      const jwt = new JwtService({ secret: JWT_SECRET });
      const claims = jwt.decode<{ iat: number; exp: number; imp: string }>(session);
      expect(claims.imp).toBe('support');
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(30 * 60);
      // The same claims signed for 8 hours (what sessions were before) are refused.
      const { iat: _iat, exp: _exp, ...rest } = claims;
      const long = jwt.sign(rest, { expiresIn: '8h' });
      await request(server()).post('/api/userDashboard').set('Authorization', `Bearer ${long}`).send({}).expect(401);
      await request(server()).post('/api/userDashboard').set('Authorization', `Bearer ${session}`).send({}).expect(200);
    });

    it('refuses money calls in a support "Log in as" session, writing nothing; a superadmin may, recorded as the actor', async () => {
      const uid = await register('Pin Holder');
      const receiver = await register('Pin Receiver');
      const [first] = await issue(uid, 3);
      // Orders the member opened themselves, which a deposit call in the session would otherwise take on.
      const own = await memberToken(uid);
      const order = async (path: string) =>
        (
          await request(server())
            .post(path)
            .set('Authorization', `Bearer ${own}`)
            .send({ username: uid, amount: '1000' })
            .expect(200)
        ).body.clientid as string;
      const [cryptoOrder, upiOrder] = [
        await order('/api/genarateOrderIdNPayTRC'),
        await order('/api/genarateOrderIdPayatupi'),
      ];
      const support = (await redeem(await impersonate(uid, await adminToken('support'))).expect(200)).body
        .token as string;
      const before = await eventCount(t.db.app);
      const calls: Array<[string, Record<string, unknown>]> = [
        ['/api/EpinTransfer', { qty: '1', touid: receiver }],
        ['/api/ActivateId', { touid: uid, epin: first }],
        ['/api/GHRequesttoAdmin', { sid: uid, epin: 'EpintypeB' }],
        ['/api/FundRequestBank', { utrno: '412345678901', bankid: '1', qty: '1', epintype: 'EpintypeB' }],
        // Opening a payment order in the member's name, or asking for its status, is a money call too.
        ['/api/genarateOrderIdNPayTRC', { username: uid, amount: '1000' }],
        ['/api/genarateOrderIdPayatupi', { username: uid, amount: '1000' }],
        [
          '/api/depositByNowPayTRC',
          { username: uid, amount: '1000', epin_type: 'EpintypeB', epin_qty: '1', clientid: cryptoOrder },
        ],
        [
          '/api/depositByPayatupi',
          { username: uid, amount: '1000', epin_type: 'EpintypeB', epin_qty: '1', clientid: upiOrder },
        ],
        ['/api/updatePaymentStatus', { uid, clientid: upiOrder, message: 'Success', utr: '412345678901' }],
      ];
      for (const [path, body] of calls) {
        const res = await request(server()).post(path).set('Authorization', `Bearer ${support}`).send(body);
        expect([path, res.status, res.body.result]).toEqual([path, 403, IMPERSONATION_REFUSED]);
      }
      expect(await eventCount(t.db.app)).toBe(before);
      // Reading is still allowed in the session.
      await request(server())
        .post('/api/ActivationHistory')
        .set('Authorization', `Bearer ${support}`)
        .send({ type: 2 })
        .expect(200);

      const superadmin = (await redeem(await impersonate(uid, await adminToken())).expect(200)).body.token as string;
      const moved = await request(server())
        .post('/api/EpinTransfer')
        .set('Authorization', `Bearer ${superadmin}`)
        .send({ qty: '1', touid: receiver })
        .expect(200);
      expect(moved.body).toBe('Success');
      const [event] = await t.db.owner.query<{ metadata: { actor: unknown; impersonatedBy: string } }>(
        "select metadata from events where type = 'EpinTransferred' and payload->>'to' = $1",
        [receiver],
      );
      expect(event.metadata).toMatchObject({
        actor: { kind: 'admin', id: 'superadmin' },
        impersonatedBy: 'superadmin',
      });
    });
  });

  describe('3. admin logins', () => {
    it('locks an admin out of an address after repeated failures: 40 wrong passwords, then the right one, gives no token', async () => {
      await createAdmin('lockme', 'approver');
      const attacker = address();
      for (let i = 0; i < 40; i++) await adminLogin('lockme', `wrong-${i}`, attacker).expect(401);
      const refused = await adminLogin('lockme', 'Helpdesk-pass-2026', attacker).expect(401);
      expect(refused.body).toMatchObject({ message: LOCKED });
      expect(refused.body.token).toBeUndefined();
      const failures = await t.db.owner.query<{ type: string; metadata: { clientIp: string } }>(
        "select type, metadata from events where stream_id = 'admin-lockme' and type in ('AdminLoginFailed', 'AdminLockedOut') order by stream_version",
      );
      expect(failures.map((e) => e.type).slice(0, 5)).toEqual([
        'AdminLoginFailed',
        'AdminLoginFailed',
        'AdminLoginFailed',
        'AdminLoginFailed',
        'AdminLoginFailed',
      ]);
      expect(failures.map((e) => e.type)).toContain('AdminLockedOut');
      expect(failures.every((e) => e.metadata.clientIp === attacker)).toBe(true);
      // The admin's own, clean address still logs in (slowed down, since it never succeeded before).
      expect((await adminLogin('lockme', 'Helpdesk-pass-2026', address()).expect(200)).body.token).toEqual(
        expect.any(String),
      );
    });
  });

  describe('4. member lock-out per (account, address)', () => {
    it('five wrong passwords from five addresses do not lock the member out', async () => {
      const uid = await register('Targeted Member');
      for (let i = 0; i < 5; i++)
        expect((await login(uid, 'wrong-pass', address())).body.result).toBe('Invalid User Id or Password');
      expect((await login(uid, PASSWORD, address())).body.result).toBe('Successfull');
    });

    it('locks the address that failed five times, even with the right password, and no other', async () => {
      const uid = await register('Guessed Member');
      const guesser = address();
      for (let i = 0; i < 4; i++)
        expect((await login(uid, 'wrong-pass', guesser)).body.result).toBe('Invalid User Id or Password');
      expect((await login(uid, 'wrong-pass', guesser)).body.result).toBe(LOCKED);
      expect((await login(uid, PASSWORD, guesser)).body.result).toBe(LOCKED);
      expect((await login(uid, PASSWORD, address())).body.result).toBe('Successfull');
    });

    it("slows down addresses that never succeeded while the account is under attack, not the member's own address", async () => {
      const uid = await register('Attacked Member');
      const home = address();
      expect((await login(uid, PASSWORD, home)).body.result).toBe('Successfull');
      for (let i = 0; i < 5; i++)
        expect((await login(uid, 'wrong-pass', address())).body.result).toBe('Invalid User Id or Password');

      const take = turnsTaken();
      const started = Date.now();
      expect((await login(uid, PASSWORD, address())).body.result).toBe('Successfull');
      expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWDOWN_MS);
      expect(await Promise.all(take.mock.results.map((r) => r.value))).toEqual([SLOWDOWN_MS]);
      // Home takes no turn, so it waits for none (its time, not asserted, is a normal login's, which a
      // loaded machine may stretch past any bound).
      expect((await login(uid, PASSWORD, home)).body.result).toBe('Successfull');
      expect(take).toHaveBeenCalledTimes(1);
    });

    it('gives strangers together at most one password check per slow-down on an account under attack; the rest are answered at once, unchecked; home never waits', async () => {
      const uid = await register('Besieged Member');
      const home = address();
      expect((await login(uid, PASSWORD, home)).body.result).toBe('Successfull');
      for (let i = 0; i < 5; i++)
        expect((await login(uid, 'wrong-pass', address())).body.result).toBe('Invalid User Id or Password');
      const failures = async () =>
        Number(
          (
            await t.db.owner.query<{ n: string }>(
              "select count(*) as n from events where stream_id = $1 and type = 'LoginFailed'",
              [`member-${uid}`],
            )
          )[0].n,
        );
      const [failuresBefore, eventsBefore] = [await failures(), await eventCount(t.db.app)];

      const take = turnsTaken();
      const started = Date.now();
      const burst = Promise.all(Array.from({ length: 20 }, (_, i) => login(uid, `guess-${i}`, address())));
      // The holder's own address logs in while the strangers queue, without waiting: only the 20
      // strangers ask for a turn.
      const own = await login(uid, PASSWORD, home);
      const answers = await burst;
      const elapsed = Date.now() - started;
      expect(own.body.result).toBe('Successfull');
      expect(take).toHaveBeenCalledTimes(20);

      const checked = (await failures()) - failuresBefore;
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(checked).toBeLessThanOrEqual(1 + elapsed / SLOWDOWN_MS);
      // The rest were answered at once, in the login's shape, with nothing written.
      const results = answers.map((a) => [a.status, a.body.result]);
      expect(results.filter(([, r]) => r === 'Invalid User Id or Password')).toHaveLength(checked);
      expect(
        results.filter(([status, r]) => status === 200 && r === 'Too many requests. Please try again later.'),
      ).toHaveLength(20 - checked);
      expect(
        answers
          .filter((a) => a.body.result !== 'Invalid User Id or Password')
          .every((a) => a.body.token === '' && a.body.resultid === ''),
      ).toBe(true);
      expect(await eventCount(t.db.app)).toBe(eventsBefore + checked + 1);
    });

    it('counts an IPv6 client by its /64: two addresses in one /64 share a lock-out, the next /64 does not', async () => {
      const uid = await register('Network Member');
      for (let i = 1; i <= 4; i++)
        expect((await login(uid, 'wrong-pass', `2001:db8:77:1::${i}`)).body.result).toBe('Invalid User Id or Password');
      expect((await login(uid, 'wrong-pass', '2001:db8:77:1:ffff::5')).body.result).toBe(LOCKED);
      expect((await login(uid, PASSWORD, '2001:db8:77:1:abcd:1:2:3')).body.result).toBe(LOCKED);
      expect((await login(uid, PASSWORD, '2001:db8:77:2::1')).body.result).toBe('Successfull');
      // The count is the /64's.
      const [row] = await t.db.owner.query<{ client_ip: string }>(
        'select client_ip from login_addresses where account = $1 and locked_until is not null',
        [`member-${uid}`],
      );
      expect(row.client_ip).toBe('2001:db8:77:1::/64');
    });
  });

  describe('the login_addresses table', () => {
    it('is what the migration computes from the events, and replay rebuilds it with zero differences', async () => {
      // Runs after the lock-out tests above: failures, lock-outs, successes and a password reset from many addresses, IPv6 ones among them.
      const columns = 'account, client_ip, failures, last_failed_at, locked_until, succeeded_at';
      const live = await t.db.owner.query(`select ${columns} from login_addresses order by account, client_ip`);
      expect(live.length).toBeGreaterThan(20);
      expect(
        await t.db.owner.query(
          `select ${columns} from (${LOGIN_ADDRESS_KEYS_FROM_EVENTS}) filled order by account, client_ip`,
        ),
      ).toEqual(live);
      const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
      expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
    });
  });

  describe('13. identity checks without a test until now', () => {
    it("refuses a uid in the query string that is not the token's own", async () => {
      const uid = await register('Query Owner');
      const other = await register('Query Other');
      const token = await memberToken(uid);
      const res = await request(server())
        .get('/api/getEpinData')
        .query({ uid: other })
        .set('Authorization', `Bearer ${token}`)
        .expect(403);
      expect(res.body.result).toBe('Access denied for this user id');
      await request(server())
        .get('/api/getEpinData')
        .query({ uid })
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    });

    it.each(['genarateOrderIdNPayTRC', 'depositByNowPayTRC', 'genarateOrderIdPayatupi', 'depositByPayatupi'])(
      "refuses another member's username on %s, writing nothing",
      async (call) => {
        const uid = await register('Order Owner');
        const token = await memberToken(uid);
        const before = await eventCount(t.db.app);
        const body = call.startsWith('deposit')
          ? { username: ROOT, amount: '299', epin_type: 'EpintypeB', epin_qty: '1', clientid: 'x' }
          : { username: ROOT, amount: '299' };
        const res = await request(server())
          .post(`/api/${call}`)
          .set('Authorization', `Bearer ${token}`)
          .send(body)
          .expect(403);
        expect(res.body.result).toBe('Access denied for this user id');
        expect(await eventCount(t.db.app)).toBe(before);
      },
    );

    it('refuses a member token on the admin API', async () => {
      const token = await memberToken(await register('Not An Admin'));
      for (const path of ['/admin-api/members', '/admin-api/events', '/admin-api/mails']) {
        const res = await request(server()).get(path).set('Authorization', `Bearer ${token}`);
        expect([path, res.status]).toEqual([path, 401]);
      }
      await request(server())
        .post(`/admin-api/members/${ROOT}/impersonate`)
        .set('Authorization', `Bearer ${token}`)
        .expect(401);
    });
  });
});
