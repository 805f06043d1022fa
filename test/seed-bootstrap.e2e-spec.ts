import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { testSigningKeyPem } from './support/ledger-keys';
import { startTestApp, TestApp } from './support/test-app';

const CHANGE_FIRST = { result: 'Please change your password first', code: 'AUTH.PASSWORD_CHANGE_REQUIRED' };
const ROOT_DIR = join(__dirname, '..');

/**
 * Issue 18 §1: `node dist/cli/seed.js --bootstrap-only` (here its source, through ts-register) gives
 * the root member and the superadmin each a random one-time password, printed once, stored only as a
 * hash, to be changed before anything else.
 */
describe('the production bootstrap: one-time passwords that must be changed', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  const bootstrap = () =>
    execFileSync(
      process.execPath,
      [
        '-r',
        join(ROOT_DIR, 'test', 'support', 'ts-register.cjs'),
        join(ROOT_DIR, 'src', 'cli', 'seed.ts'),
        '--bootstrap-only',
      ],
      {
        cwd: ROOT_DIR,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: t.db.ownerUrl,
          APP_DATABASE_URL: t.db.appUrl,
          JWT_SECRET: 'test-secret-of-sufficient-length',
          LEDGER_SIGNING_KEY: testSigningKeyPem(),
          AUDITOR_REDACTION_SALT: 'test-redaction-salt-of-sufficient-length',
          // No longer read: the bootstrap never sets a password it was given.
          SUPERADMIN_PASSWORD: 'Admin@123',
        },
      },
    );
  let rootPassword = '';
  let adminPassword = '';

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('prints one random one-time password for each, once, and stores only their hashes', async () => {
    const out = bootstrap();
    rootPassword = /user id 100000\s+one-time password: (\S+)/.exec(out)?.[1] ?? '';
    adminPassword = /user superadmin\s+one-time password: (\S+)/.exec(out)?.[1] ?? '';
    expect(rootPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(adminPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(out).not.toContain('Admin@123');
    expect(out).not.toContain('Member@123');
    // Only hashes: no password in a credential row, an event or the outbox.
    const [hashes] = await t.db.owner.query<{ member: string; admin: string }>(
      `select (select password_hash from member_credentials where principal = '100000') as member,
              (select password_hash from admin_credentials where principal = 'superadmin') as admin`,
    );
    expect(hashes.member).toMatch(/^\$argon2id\$/);
    expect(hashes.admin).toMatch(/^\$argon2id\$/);
    const [leaks] = await t.db.owner.query<{ n: number }>(
      'select count(*)::int as n from events where payload::text like $1 or payload::text like $2',
      [`%${rootPassword}%`, `%${adminPassword}%`],
    );
    expect(leaks.n).toBe(0);
    // The flag is a fact of the credential events, so replay rebuilds it.
    const flagged = await t.db.owner.query<{ type: string; must: boolean }>(
      "select type, (payload->>'mustChange')::boolean as must from events where type in ('MemberRegistered', 'AdminUserCreated') order by position",
    );
    expect(flagged).toEqual([
      { type: 'MemberRegistered', must: true },
      { type: 'AdminUserCreated', must: true },
    ]);

    // A second run finds both accounts and shows no password.
    const again = bootstrap();
    expect(again).not.toMatch(/one-time password:/);
    expect(again).toContain('already existed');
  }, 120_000);

  it('lets the root member do nothing but change its password, then everything; the one-time password works once', async () => {
    const login = await request(server())
      .post('/api/login')
      .send({ uid: '100000', password: rootPassword })
      .expect(200);
    const token = login.body.token as string;
    const as = (path: string, body: Record<string, unknown> = {}) =>
      request(server()).post(path).set('Authorization', `Bearer ${token}`).send(body);
    for (const [path, body] of [
      ['/api/userDashboard', {}],
      ['/api/UserInformation', {}],
      ['/api/DirectReport', {}],
      ['/api/UpdateProfile', { type: 'trans_password', ctrans_password: rootPassword, trans_password: 'Newtxn@123' }],
      ['/api/UpdateProfile', { type: 'profile', cityname: 'Pune' }],
    ] as const) {
      const refused = await as(path, body);
      expect([path, refused.status]).toEqual([path, 403]);
      expect(refused.body).toMatchObject(CHANGE_FIRST);
    }
    const changed = await as('/api/UpdateProfile', {
      type: 'password',
      cpassword: rootPassword,
      password: 'Root-own-pw-1',
      confirmpassword: 'Root-own-pw-1',
    }).expect(200);
    expect(changed.body.result).toBe('Changes Password Update Successfully');
    const fresh = changed.body.token as string;
    await request(server()).post('/api/userDashboard').set('Authorization', `Bearer ${fresh}`).send({}).expect(200);
    await request(server()).post('/api/userDashboard').set('Authorization', `Bearer ${token}`).send({}).expect(401);
    // The one-time password is spent: only the new one logs in.
    expect(
      (await request(server()).post('/api/login').send({ uid: '100000', password: rootPassword })).body.token,
    ).toBeFalsy();
    await request(server()).post('/api/login').send({ uid: '100000', password: 'Root-own-pw-1' }).expect(200);
  });

  it('lets the superadmin reach only me, logout and the password change, then everything', async () => {
    const login = await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'superadmin', password: adminPassword })
      .expect(200);
    expect(login.body).toMatchObject({ username: 'superadmin', role: 'superadmin', mustChangePassword: true });
    const token = login.body.token as string;
    const bearer = `Bearer ${token}`;
    for (const call of [
      request(server()).get('/admin-api/members'),
      request(server()).get('/admin-api/admin-users'),
      request(server())
        .post('/admin-api/admin-users')
        .send({ username: 'second', password: 'Second-admin-pw', role: 'support' }),
      request(server()).put('/admin-api/admin-users/superadmin').send({ password: 'Another-admin-pw' }),
      request(server()).get('/admin-api/events'),
    ]) {
      const refused = await call.set('Authorization', bearer);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject(CHANGE_FIRST);
    }
    expect((await request(server()).get('/admin-api/auth/me').set('Authorization', bearer).expect(200)).body).toEqual({
      username: 'superadmin',
      role: 'superadmin',
      mustChangePassword: true,
      totpEnabled: false,
      totpEnrolmentRequired: false,
    });
    // The new password is held to the admin policy.
    const weak = await request(server())
      .post('/admin-api/auth/password')
      .set('Authorization', bearer)
      .send({ currentPassword: adminPassword, newPassword: 'short-1' })
      .expect(400);
    expect(weak.body.message).toBe('password must be at least 12 characters');
    const changed = await request(server())
      .post('/admin-api/auth/password')
      .set('Authorization', bearer)
      .send({ currentPassword: adminPassword, newPassword: 'Operator-own-passphrase' })
      .expect(200);
    expect(changed.body).toMatchObject({ username: 'superadmin', mustChangePassword: false });
    const fresh = `Bearer ${changed.body.token as string}`;
    await request(server()).get('/admin-api/members').set('Authorization', fresh).expect(200);
    expect((await request(server()).get('/admin-api/auth/me').set('Authorization', fresh).expect(200)).body).toEqual({
      username: 'superadmin',
      role: 'superadmin',
      mustChangePassword: false,
      totpEnabled: false,
      totpEnrolmentRequired: false,
    });
    await request(server()).get('/admin-api/auth/me').set('Authorization', bearer).expect(401);
    await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'superadmin', password: adminPassword })
      .expect(401);
    const again = await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'superadmin', password: 'Operator-own-passphrase' })
      .expect(200);
    expect(again.body.mustChangePassword).toBe(false);
  });

  it('replays to the live tables with zero differences (the flags and epochs come from the events)', async () => {
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.differences).toBe(0);
  });
});
