import request from 'supertest';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { ADMIN_PASSWORD, eventCount, PASSWORD, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const HELPER_PASSWORD = 'Helpdesk-pass-2026';
/** Every timer stays real; only the clock (Date) is the test's to move. */
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Issue 18 §3 and §2 (logout, idle end, admin password policy): revocation that stays revoked.
 * Every block, unblock, disable, enable, role change and password change ends, for good, every
 * token issued before it, "Log in as" sessions included.
 */
describe('sessions that stay ended: epochs, logout, idle end, admin password policy', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  let seq = 0;
  const address = () => `10.9.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

  const adminLogin = async (username: string, password = HELPER_PASSWORD) =>
    (
      await request(server())
        .post('/admin-api/auth/login')
        .set('X-Forwarded-For', address())
        .send({ username, password })
        .expect(200)
    ).body.token as string;
  const superadmin = () => adminLogin('superadmin', ADMIN_PASSWORD);
  const asAdmin = (token: string, call: request.Test) => call.set('Authorization', `Bearer ${token}`);
  const me = (token: string) => asAdmin(token, request(server()).get('/admin-api/auth/me'));
  const dashboard = (token: string) =>
    request(server()).post('/api/userDashboard').set('Authorization', `Bearer ${token}`).send({});
  const register = async (name: string) => {
    const res = await request(server()).post('/api/registrationWeb').send(validRegistration({ name }));
    expect([res.status, res.body.result]).toEqual([200, expect.any(String)]);
    return res.body.uid_output as string;
  };
  const memberLogin = async (uid: string, password = PASSWORD) =>
    (await request(server()).post('/api/login').set('X-Forwarded-For', address()).send({ uid, password }).expect(200))
      .body.token as string;
  const createAdmin = async (username: string, role: string) => {
    await asAdmin(await superadmin(), request(server()).post('/admin-api/admin-users'))
      .send({ username, password: HELPER_PASSWORD, role })
      .expect(201);
  };
  const updateAdmin = async (username: string, change: Record<string, unknown>) =>
    asAdmin(await superadmin(), request(server()).put(`/admin-api/admin-users/${username}`))
      .send(change)
      .expect(200);
  /** A "Log in as" session of `uid` issued by the admin of `adminToken`. */
  const impersonated = async (uid: string, adminToken: string) => {
    const link = (
      await asAdmin(adminToken, request(server()).post(`/admin-api/members/${uid}/impersonate`)).expect(200)
    ).body.token as string;
    return (await request(server()).post('/api/loginAdmin').send({ token: link }).expect(200)).body.token as string;
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
  });
  afterEach(() => jest.useRealTimers());
  afterAll(() => t.close());

  describe('revocation that stays revoked', () => {
    /** `changes` made to a support admin, one after another, end its older tokens and "Log in as" sessions for good. */
    const staysEnded = async (username: string, memberName: string, changes: Array<Record<string, unknown>>) => {
      const uid = await register(memberName);
      await createAdmin(username, 'support');
      const token = await adminLogin(username);
      const session = await impersonated(uid, token);
      await me(token).expect(200);
      await dashboard(session).expect(200);
      for (const change of changes) await updateAdmin(username, change);
      await me(token).expect(401);
      await dashboard(session).expect(401);
      // A fresh login and a fresh "Log in as" work.
      const fresh = await adminLogin(username);
      await me(fresh).expect(200);
      await dashboard(await impersonated(uid, fresh)).expect(200);
    };

    it('disable, then enable: the admin\'s older tokens and its "Log in as" sessions stay ended', () =>
      staysEnded('epoch-dis', 'Helped Disabled', [{ disabled: true }, { disabled: false }]));

    it('demote, then re-promote: the admin\'s older tokens and its "Log in as" sessions stay ended', () =>
      staysEnded('epoch-role', 'Helped Demoted', [{ role: 'auditor' }, { role: 'support' }]));

    it('block, then unblock: the member\'s older tokens and "Log in as" sessions stay ended', async () => {
      const uid = await register('Blocked Then Back');
      const token = await memberLogin(uid);
      const session = await impersonated(uid, await superadmin());
      await dashboard(token).expect(200);
      const admin = await superadmin();
      await asAdmin(admin, request(server()).post(`/admin-api/members/${uid}/block`))
        .send({ remark: 'check' })
        .expect(200);
      await asAdmin(admin, request(server()).post(`/admin-api/members/${uid}/unblock`))
        .send({ remark: 'cleared' })
        .expect(200);
      await dashboard(token).expect(401);
      await dashboard(session).expect(401);
      await dashboard(await memberLogin(uid)).expect(200);
    });

    it("a password change ends every older token: the member's, the admin's own change, and a superadmin's reset", async () => {
      const uid = await register('Changes Password');
      const older = await memberLogin(uid);
      const current = await memberLogin(uid);
      const changed = await request(server())
        .post('/api/UpdateProfile')
        .set('Authorization', `Bearer ${current}`)
        .send({ type: 'password', cpassword: PASSWORD, password: 'Fresh@123', confirmpassword: 'Fresh@123' })
        .expect(200);
      await dashboard(older).expect(401);
      await dashboard(current).expect(401);
      await dashboard(changed.body.token as string).expect(200);

      await createAdmin('pw-own', 'support');
      const other = await adminLogin('pw-own');
      const own = await adminLogin('pw-own');
      const session = await impersonated(uid, other);
      const mine = await asAdmin(own, request(server()).post('/admin-api/auth/password'))
        .send({ currentPassword: HELPER_PASSWORD, newPassword: 'Brand-new-passphrase' })
        .expect(200);
      await me(other).expect(401);
      await me(own).expect(401);
      await dashboard(session).expect(401);
      await me(mine.body.token as string).expect(200);

      const before = await adminLogin('pw-own', 'Brand-new-passphrase');
      await updateAdmin('pw-own', { password: 'Reset-by-superadmin' });
      await me(before).expect(401);
      await me(await adminLogin('pw-own', 'Reset-by-superadmin')).expect(200);
    });
  });

  describe('admin sessions', () => {
    it('logout ends that token server-side, and only that one', async () => {
      await createAdmin('leaver', 'support');
      const token = await adminLogin('leaver');
      const other = await adminLogin('leaver');
      expect((await asAdmin(token, request(server()).post('/admin-api/auth/logout')).expect(200)).body).toEqual({
        loggedOut: true,
      });
      await me(token).expect(401);
      await asAdmin(token, request(server()).get('/admin-api/members')).expect(401);
      await asAdmin(token, request(server()).post('/admin-api/auth/logout')).expect(401);
      await me(other).expect(200);
      const [event] = await t.db.owner.query<{ type: string }>(
        "select type from events where stream_id = 'admin-leaver' order by stream_version desc limit 1",
      );
      expect(event.type).toBe('AdminLoggedOut');
    });

    it('ends a session idle for 30 minutes; use keeps it alive', async () => {
      await createAdmin('idler', 'support');
      const kept = await adminLogin('idler');
      const idle = await adminLogin('idler');
      jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], now: Date.now() });
      jest.setSystemTime(Date.now() + 20 * 60_000);
      await me(kept).expect(200);
      jest.setSystemTime(Date.now() + 20 * 60_000);
      // 40 minutes after login, 20 after its last use: alive; the other, unused for 40: ended.
      await me(kept).expect(200);
      await me(idle).expect(401);
      jest.setSystemTime(Date.now() + 31 * 60_000);
      await me(kept).expect(401);
      // Ended for good: coming back does not revive it; a new login works.
      await me(kept).expect(401);
      await me(await adminLogin('idler')).expect(200);
    });
  });

  describe('admin password policy', () => {
    it.each([
      ['shorter than 12 characters', 'Sh0rt-pass', 'password must be at least 12 characters'],
      [
        'a common password',
        'qwerty123456',
        'password is among the most common passwords: choose one nobody else would',
      ],
      [
        'a common password in other case',
        'QWERTY123456',
        'password is among the most common passwords: choose one nobody else would',
      ],
    ])('refuses %s wherever an admin password is set, with a clear 400, writing nothing', async (_, weak, message) => {
      const admin = await superadmin();
      const username = `policy-${seq}`;
      await createAdmin(username, 'support');
      const own = await adminLogin(username);
      const before = await eventCount(t.db.app);
      const refusals = [
        await asAdmin(admin, request(server()).post('/admin-api/admin-users')).send({
          username: 'weakling',
          password: weak,
          role: 'support',
        }),
        await asAdmin(admin, request(server()).put(`/admin-api/admin-users/${username}`)).send({ password: weak }),
        await asAdmin(own, request(server()).post('/admin-api/auth/password')).send({
          currentPassword: HELPER_PASSWORD,
          newPassword: weak,
        }),
      ];
      expect(refusals.map((r) => [r.status, r.body.message])).toEqual(Array(3).fill([400, message]));
      expect(await eventCount(t.db.app)).toBe(before);
      await me(own).expect(200);
    });

    it("keeps the members' rules: a 6-character member password is still accepted", async () => {
      const uid = await register('Short But Fine');
      const token = await memberLogin(uid);
      const changed = await request(server())
        .post('/api/UpdateProfile')
        .set('Authorization', `Bearer ${token}`)
        .send({ type: 'password', cpassword: PASSWORD, password: 'abc123', confirmpassword: 'abc123' })
        .expect(200);
      expect(changed.body.result).toBe('Changes Password Update Successfully');
    });
  });

  it('replays to the live tables with zero differences', async () => {
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.differences).toBe(0);
  });
});
