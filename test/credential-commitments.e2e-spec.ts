import { createHmac } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { ALL_MIGRATIONS } from '../migrations';
import { CredentialCommitments1763800019600 } from '../migrations/1763800019600-credential-commitments';
import { credentialCommitmentKeyFrom } from '../src/config/config';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { storeMemberCredentials } from '../src/modules/identity';
import { hashPassword } from '../src/modules/identity/passwords';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { migrate } from '../src/platform/db/migrate';
import { ADMIN_PASSWORD, ledgerOn, PASSWORD, ROOT, seedBasics, validRegistration } from './support/seed';
import { createTestDatabase, startTestApp, TestApp } from './support/test-app';

/**
 * Issue 21 §2 (docs/decisions/0044-credential-commitments.md): every credential row has a commitment in
 * the ledger; a row swapped by the database's owner is named by verify and refused at login with an
 * alert (a CredentialTamperDetected event and the sahyog_credential_tamper_alerts gauge); an admin_users
 * role edited in the table grants nothing and is named.
 */
describe('credential commitments (issue 21 §2)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  const key = () => credentialCommitmentKeyFrom();

  const login = (uid: string, password = PASSWORD) =>
    request(server()).post('/api/login').send({ uid, password, ipaddress: '' });
  const adminLogin = (username: string, password = ADMIN_PASSWORD, totp?: string) =>
    request(server())
      .post('/admin-api/auth/login')
      .send({ username, password, ...(totp ? { totp } : {}) });
  const register = async (name: string): Promise<string> => {
    const res = await request(server())
      .post('/api/registrationWeb')
      .send(validRegistration({ name, email: `${name.replace(/ /g, '').toLowerCase()}@example.com` }))
      .expect(200);
    return res.body.uid_output as string;
  };
  const problems = async () => (await verifyLedger(t.db.app, LEDGER_CHECKS)).problems;
  const alerts = (principal: string) =>
    t.db.app.query<{ payload: Record<string, unknown>; metadata: { actor: { id: string } } }>(
      `select payload, metadata from events where type = 'CredentialTamperDetected' and payload->>'principal' = $1 order by position`,
      [principal],
    );
  const gauge = async (): Promise<number> => {
    const text = (await request(server()).get('/metrics').expect(200)).text;
    const line = text.split('\n').find((l) => l.startsWith('sahyog_credential_tamper_alerts'));
    return Number(line?.split(' ').pop());
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
  });
  afterAll(() => t.close());

  it("commits a registration's credential row in its one MemberRegistered event, with an HMAC under the key, and verify finds it", async () => {
    const uid = await register('Commit Member');
    // One event for the registration (decision 0060): no CredentialCommitted of its own.
    const written = await t.db.app.query<{ stream_id: string; type: string; payload: Record<string, unknown> }>(
      `select stream_id, type, payload from events where tx_id = (select tx_id from events where stream_id = $1) order by position`,
      [`member-${uid}`],
    );
    expect(written.map((e) => [e.stream_id, e.type])).toEqual([[`member-${uid}`, 'MemberRegistered']]);
    const [event] = written;
    const [row] = await t.db.owner.query<{ password_hash: string; txn_password_hash: string }>(
      'select password_hash, txn_password_hash from member_credentials where principal = $1',
      [uid],
    );
    const expected = createHmac('sha256', key())
      .update(
        JSON.stringify([
          'sahyog-credential-commitment-v1',
          'member_credentials',
          uid,
          1,
          row.password_hash,
          row.txn_password_hash,
        ]),
      )
      .digest('hex');
    expect(event.payload).toMatchObject({
      uid,
      credentialVersion: 1,
      credentialCommitment: expected,
      credentialKeyId: createHmac('sha256', key())
        .update('sahyog-credential-commitment-v1 key id')
        .digest('hex')
        .slice(0, 16),
    });
    // No secret, no hash in the event.
    expect(JSON.stringify(event.payload)).not.toContain(row.password_hash);
    expect(await problems()).toEqual([]);
  });

  it('commits a password change, so the new password logs in and verify stays clean', async () => {
    const uid = await register('Changer Member');
    const token = (await login(uid).expect(200)).body.token as string;
    const res = await request(server())
      .post('/api/UpdateProfile')
      .set('Authorization', `Bearer ${token}`)
      .send({ type: 'password', IP_address: '', cpassword: PASSWORD, password: 'Newpass@12' })
      .expect(200);
    expect(res.body.result).toBe('Changes Password Update Successfully');
    const versions = await t.db.app.query<{ version: number }>(
      `select (payload->>'version')::int as version from events where stream_id = $1 and type = 'CredentialCommitted' order by stream_version`,
      [`credentials-member-${uid}`],
    );
    // Version 1 is committed by the registration itself, version 2 by its own event.
    expect(versions.map((v) => v.version)).toEqual([2]);
    expect((await login(uid, 'Newpass@12').expect(200)).body.token).not.toBe('');
    expect(await problems()).toEqual([]);
  });

  it("names another member's hash copied into a member's row, refuses the login and raises the alert", async () => {
    const victim = await register('Victim Member');
    const prober = await register('Prober Member');
    await request(server())
      .post('/api/UpdateProfile')
      .set('Authorization', `Bearer ${(await login(prober).expect(200)).body.token}`)
      .send({ type: 'password', IP_address: '', cpassword: PASSWORD, password: 'Prober@123' })
      .expect(200);
    const before = await gauge();
    expect(Number.isInteger(before)).toBe(true);
    await t.db.owner.query(
      `update member_credentials set password_hash = (select password_hash from member_credentials where principal = $2 and version = 2)
        where principal = $1 and version = 1`,
      [victim, prober],
    );

    const found = await problems();
    expect(found).toEqual([
      expect.objectContaining({
        stream_id: `credentials-member-${victim}`,
        reason: expect.stringMatching(
          new RegExp(
            `^member_credentials row \\(principal ${victim}, version 1\\): password_hash, txn_password_hash do not match the ledger's commitment \\(MemberRegistered at \\d+\\)`,
          ),
        ),
      }),
    ]);

    const refused = await login(victim, 'Prober@123').expect(200);
    expect(refused.body).toEqual({
      result: 'Your login details could not be verified. Please contact admin.',
      resultid: '',
      resultusername: '',
      token: '',
    });
    const [alert] = await alerts(victim);
    expect(alert.payload).toMatchObject({
      table: 'member_credentials',
      principal: victim,
      version: 1,
      problem: 'mismatch',
      check: 'member-login',
    });
    expect(alert.metadata.actor.id).toBe('credential-check');
    expect(await gauge()).toBe(before + 1);
    // Nothing else was written for the attempt: no LoginFailed, no MemberLoggedIn.
    const [{ n }] = await t.db.app.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id = $1 and type in ('MemberLoggedIn', 'LoginFailed')`,
      [`member-${victim}`],
    );
    expect(n).toBe(0);
  });

  it('refuses a transaction-password check against a swapped row without counting it as a wrong password', async () => {
    const uid = await register('Txn Member');
    const token = (await login(uid).expect(200)).body.token as string;
    await t.db.owner.query(
      `update member_credentials set txn_password_hash = (select password_hash from member_credentials where principal = $2 and version = 1)
        where principal = $1`,
      [uid, ROOT],
    );
    await request(server())
      .post('/api/UpdateProfile')
      .set('Authorization', `Bearer ${token}`)
      .send({ type: 'trans_password', IP_address: '', ctrans_password: PASSWORD, trans_password: 'Newtxn@123' })
      .expect(200);
    expect((await alerts(uid)).map((a) => a.payload.check)).toEqual(['member-transaction-check']);
    const [{ n }] = await t.db.app.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id = $1 and type in ('SecretCheckFailed', 'TransactionPasswordChanged')`,
      [`member-${uid}`],
    );
    expect(n).toBe(0);
  });

  it('ends a "Log in as" session whose admin\'s role was edited in admin_users', async () => {
    const uid = await register('Impersonated Member');
    const support = (await adminLogin('support').expect(200)).body.token as string;
    const link = await request(server())
      .post(`/admin-api/members/${uid}/impersonate`)
      .set('Authorization', `Bearer ${support}`)
      .expect(200);
    const session = (await request(server()).post('/api/loginAdmin').send({ token: link.body.token }).expect(200)).body
      .token as string;
    const dashboard = () =>
      request(server()).post('/api/userDashboard').set('Authorization', `Bearer ${session}`).send({});
    await dashboard().expect(200);
    // Made superadmin in the table alone, the support admin's read-only session would move money: it ends instead.
    await t.db.owner.query(`update admin_users set role = 'superadmin' where username = 'support'`);
    await dashboard().expect(401);
    await t.db.owner.query(`update admin_users set role = 'support' where username = 'support'`);
  });

  it("names a swapped admin password hash and refuses the admin's login with the alert", async () => {
    await t.db.owner.query(
      `update admin_credentials set password_hash = (select password_hash from member_credentials where principal = $1 and version = 1)
        where principal = 'support'`,
      [ROOT],
    );
    const res = await adminLogin('support', PASSWORD).expect(401);
    expect(res.body.code).toBe('ADMIN.CREDENTIAL_UNVERIFIED');
    expect((await alerts('support')).map((a) => a.payload)).toEqual([
      expect.objectContaining({ table: 'admin_credentials', version: 1, problem: 'mismatch', check: 'admin-login' }),
    ]);
    expect((await problems()).map((p) => p.reason)).toContainEqual(
      expect.stringMatching(/^admin_credentials row \(principal support, version 1\): password_hash do not match/),
    );
  });

  it('grants nothing to an admin_users.role edited in the table: the token ends, the login is refused, verify names it', async () => {
    const token = (await adminLogin('auditor').expect(200)).body.token as string;
    await request(server()).get('/admin-api/admin-users').set('Authorization', `Bearer ${token}`).expect(403);
    await t.db.owner.query(`update admin_users set role = 'superadmin' where username = 'auditor'`);

    await request(server()).get('/admin-api/admin-users').set('Authorization', `Bearer ${token}`).expect(401);
    const refused = await adminLogin('auditor').expect(401);
    expect(refused.body.code).toBe('ADMIN.CREDENTIAL_UNVERIFIED');
    expect((await alerts('auditor')).map((a) => a.payload)).toEqual([
      expect.objectContaining({
        table: 'admin_users',
        column: 'role',
        ledger: 'auditor',
        found: 'superadmin',
        check: 'admin-call',
      }),
      expect.objectContaining({
        table: 'admin_users',
        column: 'role',
        ledger: 'auditor',
        found: 'superadmin',
        check: 'admin-login',
      }),
    ]);
    expect(await problems()).toContainEqual(
      expect.objectContaining({
        stream_id: 'admin-auditor',
        reason: 'admin_users row auditor: role is superadmin, the ledger says auditor',
      }),
    );
  });

  it('commits a second factor and names a swapped secret or recovery code', async () => {
    const token = (await adminLogin('approver').expect(200)).body.token as string;
    const post = (path: string, body: object = {}) =>
      request(server()).post(`/admin-api${path}`).set('Authorization', `Bearer ${token}`).send(body);
    const setup = await post('/auth/totp/setup').expect(200);
    const code = new TOTP({
      secret: Secret.fromBase32(setup.body.secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    }).generate({
      timestamp: Date.now() - 30_000,
    });
    await post('/auth/totp/enable', { code }).expect(200);
    const tables = await t.db.app.query<{ table: string }>(
      `select payload->>'table' as table from events where stream_id = 'credentials-admin-approver' order by stream_version`,
    );
    expect(tables.map((r) => r.table)).toEqual([
      'admin_credentials',
      'admin_totp_secrets',
      'admin_totp_recovery_codes',
    ]);
    const clean = (await problems()).filter((p) => p.reason.includes('approver'));
    expect(clean).toEqual([]);

    const [{ factorId }] = await t.db.owner.query<{ factorId: string }>(
      `select totp_factor_id::text as "factorId" from admin_users where username = 'approver'`,
    );
    await t.db.owner.query(
      `update admin_totp_recovery_codes set code_sha256 = repeat('a', 64) where idx = 0 and factor_id = $1`,
      [factorId],
    );
    await t.db.owner.query(`update admin_users set totp_factor_id = null where username = 'approver'`);
    const reasons = (await problems()).map((p) => p.reason).filter((r) => r.includes('approver'));
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^admin_totp_recovery_codes row \(principal approver, factor [0-9a-f-]+\): code_sha256 do not match/,
        ),
        expect.stringMatching(/^admin_users row approver: totp_factor_id is null, the ledger says [0-9a-f-]+$/),
      ]),
    );
    // The factor removed in the table alone does not let the password in without a code.
    expect((await adminLogin('approver').expect(401)).body.code).toBe('ADMIN.CREDENTIAL_UNVERIFIED');
    expect((await alerts('approver')).map((a) => a.payload)).toEqual([
      expect.objectContaining({ table: 'admin_users', column: 'totp_factor_id', found: 'null', check: 'admin-login' }),
    ]);
    // With the factor back, the swapped recovery code is what refuses the sign-in.
    await t.db.owner.query(`update admin_users set totp_factor_id = $1 where username = 'approver'`, [factorId]);
    expect((await adminLogin('approver', ADMIN_PASSWORD, 'aaaa-bbbb-cccc').expect(401)).body.code).toBe(
      'ADMIN.CREDENTIAL_UNVERIFIED',
    );
    expect((await alerts('approver')).map((a) => a.payload)[1]).toMatchObject({
      table: 'admin_totp_recovery_codes',
      factorId,
      problem: 'mismatch',
      check: 'admin-login',
    });
  });

  it("checks both forms: an earlier release's registration with its own CredentialCommitted, and a registration carrying its commitment", async () => {
    // As the releases before decision 0060 registered: MemberRegistered without a commitment, then CredentialCommitted.
    const old = '999998';
    const hash = await hashPassword(PASSWORD);
    await ledgerOn(t.db.app).run({ actor: { kind: 'system', id: 'old-release' }, correlationId: 'old' }, async (tx) => {
      await tx.append(`member-${old}`, 0, [
        {
          type: 'MemberRegistered',
          payload: {
            uid: old,
            sponsorUid: ROOT,
            name: 'Old Member',
            email: 'old@example.com',
            mobile: '9876500000',
            countryId: 101,
            city: 'Nashik',
            state: 'Maharashtra',
            upiNumber: 'old@upi',
            walletAddress: '',
            credentialVersion: 1,
          },
        },
      ]);
      await storeMemberCredentials(tx, key(), {
        principal: old,
        version: 1,
        passwordHash: hash,
        txnPasswordHash: hash,
      });
    });
    const fresh = await register('Fresh Member');
    const mine = async () => (await problems()).filter((p) => p.reason.includes(old) || p.reason.includes(fresh));
    expect((await login(old).expect(200)).body.token).not.toBe('');
    expect((await login(fresh).expect(200)).body.token).not.toBe('');
    expect(await mine()).toEqual([]);

    // The old form's row swapped; the new form's row deleted, and its account's version moved on in the table.
    const [rootRow] = await t.db.owner.query<{ password_hash: string }>(
      'select password_hash from member_credentials where principal = $1 and version = 1',
      [ROOT],
    );
    await t.db.owner.query('update member_credentials set password_hash = $2 where principal = $1', [
      old,
      rootRow.password_hash,
    ]);
    const [freshRow] = await t.db.owner.query<Record<string, unknown>>(
      'select * from member_credentials where principal = $1',
      [fresh],
    );
    await t.db.owner.query('delete from member_credentials where principal = $1', [fresh]);
    await t.db.owner.query('update members set credential_version = 2 where uid = $1', [fresh]);
    const [registered] = await t.db.app.query<{ position: string }>(
      `select position::text as position from events where stream_id = $1`,
      [`member-${fresh}`],
    );
    expect(await mine()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          stream_id: `credentials-member-${old}`,
          reason: expect.stringMatching(
            new RegExp(
              `^member_credentials row \\(principal ${old}, version 1\\): password_hash, txn_password_hash do not match the ledger's commitment \\(CredentialCommitted at \\d+\\)`,
            ),
          ),
        }),
        {
          position: registered.position,
          stream_id: `credentials-member-${fresh}`,
          reason: `member_credentials row (principal ${fresh}, version 1) committed at ${registered.position} is missing from the table`,
        },
        expect.objectContaining({
          stream_id: `credentials-member-${fresh}`,
          reason: `members row ${fresh}: credential_version is 2, the newest committed credential is version 1`,
        }),
      ]),
    );
    expect((await mine()).length).toBe(3);
    expect((await login(old).expect(200)).body.token).toBe('');

    await t.db.owner.query('update members set credential_version = 1 where uid = $1', [fresh]);
    await t.db.owner.query(
      'insert into member_credentials (principal, version, password_hash, txn_password_hash) values ($1, $2, $3, $4)',
      [freshRow.principal, freshRow.version, freshRow.password_hash, freshRow.txn_password_hash],
    );
    await t.db.owner.query('update member_credentials set password_hash = $2 where principal = $1', [old, hash]);
    expect(await mine()).toEqual([]);
  });

  it('replays to the same tables: the commitment streams are outside every projection', async () => {
    const report = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    // Only the rows edited above as the database owner differ.
    expect(report.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0).map((d) => d.table)).toEqual(['admin_users']);
  });
});

describe('the commitment migration (1763800019600)', () => {
  it('commits every existing credential row with events, rewriting none, and a second run writes nothing', async () => {
    const before = ALL_MIGRATIONS.filter((m) => m !== CredentialCommitments1763800019600);
    const db = await createTestDatabase({ migrations: before });
    try {
      // Rows as the previous release wrote them: no commitments.
      await ledgerOn(db.app).run({ actor: { kind: 'system', id: 'old-release' }, correlationId: 'old' }, async (tx) => {
        await tx.append('admin-oldadmin', 0, [
          { type: 'AdminUserCreated', payload: { username: 'oldadmin', role: 'approver', credentialVersion: 1 } },
          { type: 'AdminPasswordChanged', payload: { credentialVersion: 2 } },
        ]);
        await tx.execute(
          `insert into admin_credentials (principal, version, password_hash) values ('oldadmin', 1, 'h1'), ('oldadmin', 2, 'h2')`,
        );
      });
      const rowsBefore = await db.owner.query('select * from admin_credentials order by version');
      expect((await verifyLedger(db.app, LEDGER_CHECKS)).problems.map((p) => p.reason)).toEqual([
        'admin_credentials row (principal oldadmin, version 1): the ledger holds no commitment to it: it was written outside the product',
        'admin_credentials row (principal oldadmin, version 2): the ledger holds no commitment to it: it was written outside the product',
      ]);

      await migrate(db.ownerUrl, 'sahyog_app', ALL_MIGRATIONS);
      const events = await db.app.query<{ stream_version: number; payload: Record<string, unknown> }>(
        `select stream_version, payload from events where type = 'CredentialCommitted' order by position`,
      );
      expect(events.map((e) => [e.stream_version, e.payload.version, e.payload.backfill])).toEqual([
        [1, 1, true],
        [2, 2, true],
      ]);
      expect(await db.owner.query('select * from admin_credentials order by version')).toEqual(rowsBefore);
      expect((await verifyLedger(db.app, LEDGER_CHECKS)).problems).toEqual([]);

      // Run again (as a re-run after a failure would): nothing more is written.
      await new CredentialCommitments1763800019600().up({
        query: (text: string, params?: unknown[]) => db.owner.query(text, params),
      } as never);
      const [{ n }] = await db.app.query<{ n: number }>(
        `select count(*)::int as n from events where type = 'CredentialCommitted'`,
      );
      expect(n).toBe(2);
    } finally {
      await db.drop();
    }
  });
});
