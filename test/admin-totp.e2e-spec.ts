import request from 'supertest';
import { Secret, TOTP } from 'otpauth';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { ADMIN_PASSWORD, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/** A code of the authenticator holding `secret`, `steps` 30-second steps from now (±1 is accepted). */
const codeOf = (secret: string, steps = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** The password of the admins a test creates (the admin policy: 12 characters at least, not a common one). */
const NEW_ADMIN_PASSWORD = 'Fresh-support-pass-2026';

const TOTP_REQUIRED = {
  code: 'ADMIN.TOTP_REQUIRED',
  message: 'Enter the 6-digit code from your authenticator app',
};

describe('admins’ second factor (TOTP, decision 0033)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  /** Admins created by these tests, whose password is NEW_ADMIN_PASSWORD (the seeded ones keep ADMIN_PASSWORD). */
  const created = new Set<string>();
  const login = (username: string, totp?: string) =>
    request(server())
      .post('/admin-api/auth/login')
      .send({
        username,
        password: created.has(username) ? NEW_ADMIN_PASSWORD : ADMIN_PASSWORD,
        ...(totp === undefined ? {} : { totp }),
      });
  const tokenOf = async (username: string, totp?: string) =>
    (await login(username, totp).expect(200)).body.token as string;
  const post = (token: string, path: string, body: object = {}) =>
    request(server()).post(`/admin-api${path}`).set('Authorization', `Bearer ${token}`).send(body);
  const eventsOf = (username: string) =>
    t.db.app.query<{ type: string; payload: unknown; metadata: { actor: { id: string } } }>(
      'select type, payload, metadata from events where stream_id = $1 order by stream_version',
      [`admin-${username}`],
    );

  /** What each admin's phone and paper hold: the secret and the recovery codes not used yet. */
  const phones = new Map<string, { secret: string; recoveryCodes: string[] }>();
  /** A token of an admin with TOTP on, signed in with one of its recovery codes. */
  const tokenWithRecovery = (username: string) => tokenOf(username, phones.get(username)!.recoveryCodes.pop());

  /** Sets up and confirms `username`'s authenticator with a code one step back; its secret and recovery codes. */
  async function enrol(username: string): Promise<{ secret: string; recoveryCodes: string[]; token: string }> {
    const token = await tokenOf(username);
    const setup = await post(token, '/auth/totp/setup').expect(200);
    const enabled = await post(token, '/auth/totp/enable', { code: codeOf(setup.body.secret, -1) }).expect(200);
    phones.set(username, { secret: setup.body.secret, recoveryCodes: [...enabled.body.recoveryCodes] });
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes, token };
  }

  /** A new support admin (created by the superadmin) with its factor on. */
  async function enrolFresh(username: string) {
    const superadmin = await tokenWithRecovery('superadmin');
    await post(superadmin, '/admin-users', { username, password: NEW_ADMIN_PASSWORD, role: 'support' }).expect(201);
    created.add(username);
    return enrol(username);
  }

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILURES: '3', ADMIN_TOTP_REQUIRED: 'false' });
    await seedBasics(t.db.app);
  });
  afterAll(() => t.close());

  it('sets up a factor that stays inactive until a code confirms it; the secret is in no event and not stored in clear', async () => {
    const token = await tokenOf('approver');
    const setup = await post(token, '/auth/totp/setup').expect(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUrl, qrDataUrl } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Sahyog:approver\?/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    expect(new URL(otpauthUrl).searchParams.get('digits')).toBe('6');
    expect(new URL(otpauthUrl).searchParams.get('period')).toBe('30');
    expect(new URL(otpauthUrl).searchParams.get('algorithm')).toBe('SHA1');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Not confirmed: the password alone still signs in.
    await login('approver').expect(200);
    const [event] = (await eventsOf('approver')).filter((e) => e.type === 'AdminTotpSetUp');
    expect(JSON.stringify(event)).not.toContain(secret);
    expect(event.metadata.actor.id).toBe('approver');
    const rows = await t.db.owner.query<{ secret_cipher: string }>('select secret_cipher from admin_totp_secrets');
    expect(rows).toHaveLength(1);
    expect(rows[0].secret_cipher).not.toContain(secret);

    await post(token, '/auth/totp/enable', { code: '000000' === codeOf(secret) ? '111111' : '000000' })
      .expect(400)
      .expect((res) => expect(res.body.code).toBe('ADMIN.TOTP_INVALID'));
    const enabled = await post(token, '/auth/totp/enable', { code: codeOf(secret, -1) }).expect(200);
    phones.set('approver', { secret, recoveryCodes: [...enabled.body.recoveryCodes] });
    expect(enabled.headers['cache-control']).toBe('no-store');
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    const events = await eventsOf('approver');
    expect(JSON.stringify(events)).not.toContain(enabled.body.recoveryCodes[0]);
    expect(events.find((e) => e.type === 'AdminTotpEnabled')?.metadata.actor.id).toBe('approver');
    // Set up again while on: refused.
    await post(token, '/auth/totp/setup').expect(409);
    await request(server())
      .get('/admin-api/auth/totp')
      .set('Authorization', `Bearer ${token}`)
      .expect(200, { enabled: true, enrolmentRequired: false });
  });

  it('asks for the code after the right password, gives the token for a current code, and accepts each code once', async () => {
    const { secret } = await enrol('auditor');
    const asked = await login('auditor').expect(401);
    expect(asked.body).toMatchObject(TOTP_REQUIRED);
    expect(asked.body.token).toBeUndefined();
    // A wrong password says nothing about the factor.
    await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'auditor', password: 'wrong-password' })
      .expect(401)
      .expect((res) => expect(res.body.code).toBe('ADMIN.BAD_LOGIN'));
    const code = codeOf(secret);
    const ok = await login('auditor', code).expect(200);
    expect(ok.body).toMatchObject({ username: 'auditor', role: 'auditor', totpEnabled: true });
    await request(server()).get('/admin-api/auth/totp').set('Authorization', `Bearer ${ok.body.token}`).expect(200);
    const replayed = await login('auditor', code).expect(401);
    expect(replayed.body.code).toBe('ADMIN.TOTP_INVALID');
    expect(replayed.body.token).toBeUndefined();
    await login('auditor', codeOf(secret, 1)).expect(200);
    const logins = (await eventsOf('auditor')).filter((e) => e.type === 'AdminLoggedIn');
    expect(logins.at(-1)?.payload).toEqual({ sessionId: expect.any(String), totpStep: expect.any(Number) });
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const { recoveryCodes } = await enrol('superadmin');
    const typed = ` ${recoveryCodes[3].toUpperCase().replace(/-/g, ' ')} `;
    await login('superadmin', typed).expect(200);
    const again = await login('superadmin', recoveryCodes[3]).expect(401);
    expect(again.body.code).toBe('ADMIN.TOTP_INVALID');
    await login('superadmin', recoveryCodes[4]).expect(200);
    const logins = (await eventsOf('superadmin')).filter((e) => e.type === 'AdminLoggedIn');
    expect(logins.at(-1)?.payload).toEqual({ sessionId: expect.any(String), recoveryCode: 4 });
  });

  it('counts wrong codes as failed logins: the address is locked out, even for the right code', async () => {
    const { secret } = await enrol('support');
    await login('support', '12345x').expect(401);
    await login('support', 'not-a-recovery-code').expect(401);
    const third = await login('support', '99999').expect(401);
    expect(third.body.code).toBe('ADMIN.LOCKED_OUT');
    const locked = await login('support', codeOf(secret)).expect(401);
    expect(locked.body.code).toBe('ADMIN.LOCKED_OUT');
    const types = (await eventsOf('support')).map((e) => e.type);
    expect(types.filter((x) => x === 'AdminLoginFailed')).toHaveLength(3);
    expect(types).toContain('AdminLockedOut');
  });

  it('lets a superadmin reset another admin’s factor; other roles may not', async () => {
    const approver = await tokenWithRecovery('approver');
    await post(approver, '/admin-users/support/reset-totp')
      .expect(403)
      .expect((res) => expect(res.body.message).toBe('Your role may not do this'));
    const superadmin = await tokenWithRecovery('superadmin');
    await post(superadmin, '/admin-users/support/reset-totp').expect(200, { id: 'support', totpEnabled: false });
    const reset = (await eventsOf('support')).find((e) => e.type === 'AdminTotpReset');
    expect(reset?.metadata.actor.id).toBe('superadmin');
    await post(superadmin, '/admin-users/support/reset-totp').expect(409);
    await post(superadmin, '/admin-users/nobody/reset-totp').expect(404);
    const row = await request(server())
      .get('/admin-api/admin-users/support')
      .set('Authorization', `Bearer ${superadmin}`)
      .expect(200);
    expect(row.body.totp_enabled).toBe(false);
  });

  it('turns the factor off with a current code; wrong codes are refused and counted', async () => {
    const { secret, token } = await enrolFresh('disabler');
    await post(token, '/auth/totp/disable', { code: '000000' === codeOf(secret) ? '111111' : '000000' })
      .expect(400)
      .expect((res) => expect(res.body.code).toBe('ADMIN.TOTP_INVALID'));
    expect((await eventsOf('disabler')).map((e) => e.type)).toContain('AdminTotpCheckFailed');
    await post(token, '/auth/totp/disable', { code: codeOf(secret, 1) }).expect(200, { enabled: false });
    await login('disabler').expect(200);
    await post(token, '/auth/totp/disable', { code: codeOf(secret, 1) }).expect(409);
  });

  it('locks the disable call after repeated wrong codes, even for the right one', async () => {
    const { secret, token } = await enrolFresh('guessed');
    const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
    await post(token, '/auth/totp/disable', { code: wrong }).expect(400);
    await post(token, '/auth/totp/disable', { code: wrong }).expect(400);
    await post(token, '/auth/totp/disable', { code: wrong })
      .expect(429)
      .expect((res) => expect(res.body.code).toBe('ADMIN.TOTP_CHECKS_LOCKED'));
    await post(token, '/auth/totp/disable', { code: codeOf(secret, 1) }).expect(429);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const token = await tokenWithRecovery('approver');
    const before = await t.db.app.query<{ n: number }>('select count(*)::int as n from events');
    await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'approver', password: ADMIN_PASSWORD, totp: { toString: 'x' } })
      .expect(400);
    await post(token, '/auth/totp/enable', { code: 123456 }).expect(400);
    await post(token, '/auth/totp/disable', {}).expect(400);
    await post(token, '/auth/totp/disable', { code: ['123456'] }).expect(400);
    const after = await t.db.app.query<{ n: number }>('select count(*)::int as n from events');
    expect(after[0].n).toBe(before[0].n);
  });

  it('keeps the ledger verifiable and replay equal to the live tables', async () => {
    const verify = await verifyLedger(t.db.app);
    expect(verify.ok).toBe(true);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
    expect(replay.ok).toBe(true);
  });
});

describe('where every admin must enrol (ADMIN_TOTP_REQUIRED, on by default in production)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_TOTP_REQUIRED: 'true' });
    await seedBasics(t.db.app);
  });
  afterAll(async () => {
    await t.close();
    process.env.ADMIN_TOTP_REQUIRED = '';
  });

  it('lets an admin without a factor reach only the enrolment calls until it enrols', async () => {
    const signedIn = await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'approver', password: ADMIN_PASSWORD })
      .expect(200);
    expect(signedIn.body).toMatchObject({ totpEnabled: false, totpEnrolmentRequired: true });
    const auth = { Authorization: `Bearer ${signedIn.body.token}` };
    for (const path of ['/admin-api/members', '/admin-api/withdrawals', '/admin-api/settings']) {
      const refused = await request(server()).get(path).set(auth).expect(403);
      expect(refused.body.code).toBe('ADMIN.TOTP_ENROLMENT_REQUIRED');
    }
    await request(server())
      .get('/admin-api/auth/totp')
      .set(auth)
      .expect(200, { enabled: false, enrolmentRequired: true });
    const setup = await request(server()).post('/admin-api/auth/totp/setup').set(auth).expect(200);
    await request(server())
      .post('/admin-api/auth/totp/enable')
      .set(auth)
      .send({ code: codeOf(setup.body.secret, -1) })
      .expect(200);
    await request(server()).get('/admin-api/members').set(auth).expect(200);
    await request(server())
      .get('/admin-api/auth/totp')
      .set(auth)
      .expect(200, { enabled: true, enrolmentRequired: false });
  });
});
