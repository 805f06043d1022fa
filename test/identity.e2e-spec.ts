import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { IMPERSONATION_TTL_SECONDS } from '../src/modules/identity/tokens';
import { streamVersion } from '../src/platform/event-store/event-store';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { processMailJob } from '../src/worker/mail.processor';
import { CatcherTransport } from '../src/platform/mail/mail';
import { mailLinkKey, renderLinkSecrets } from '../src/platform/mail/link-secrets';
import { OUTBOX_ROUTES, QUEUE } from '../src/platform/jobs/queues';
import { OutboxRelay } from '../src/platform/outbox/relay';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { ADMIN_PASSWORD, eventCount, ledgerOn, PASSWORD, ROOT, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';
import { SecondAdmin } from './support/four-eyes';

describe('identity through the member contract and the admin API', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();

  const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    request(server()).post('/api/registrationWeb').set(headers).send(body);
  const login = (uid: string, password = PASSWORD) =>
    request(server()).post('/api/login').send({ uid, password, ipaddress: '' });
  const adminToken = async (username = 'superadmin') =>
    (await request(server()).post('/admin-api/auth/login').send({ username, password: ADMIN_PASSWORD }).expect(200))
      .body.token as string;

  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILURES: '3' });
    await seedBasics(t.db.app);
  });
  afterAll(() => t.close());

  it('looks up sponsors with the spec texts', async () => {
    await request(server())
      .get('/api/check_sponsorid')
      .query({ uid: ROOT })
      .expect(200, { result: 'Sponsor Id exists', name: 'Sahyog Foundation', top_up: 'Inactive' });
    await request(server())
      .get('/api/check_sponsorid')
      .query({ uid: '999999' })
      .expect(200, { result: 'Sponsor Id doesnot exists !!', name: '', top_up: '' });
    await request(server()).get('/api/check_sponsorid').query({ uid: '1234567890123456' }).expect(400);
  });

  it('serves the country list with India, id 101, at index 98', async () => {
    const list = (await request(server()).get('/api/countryList').expect(200)).body;
    expect(list[0][98]).toEqual({ id: 101, name: 'India', phonecode: '+91' });
    await request(server())
      .get('/api/GetcountrybyID')
      .query({ id: '101' })
      .expect(200, [[{ id: 101, name: 'India', phonecode: '+91' }]]);
    await request(server()).get('/api/GetcountrybyID').query({ id: 'abc' }).expect(400);
  });

  it('registers a member under a sponsor, inactive, with hashed passwords, and shows the welcome letter', async () => {
    const res = await register(validRegistration()).expect(200);
    expect(res.body.result).toBe('Registration Successfull');
    expect(res.body.uid_output).toMatch(/^[1-9]\d{5}$/);
    const uid = res.body.uid_output;
    // Issue 18 §6: only the browser that registered (it holds the welcome token) sees the contact details in full.
    expect(typeof res.body.welcomeToken).toBe('string');
    const welcome = await request(server())
      .get('/api/WelcomeDetails')
      .set('X-Welcome-Token', res.body.welcomeToken)
      .query({ uid })
      .expect(200);
    expect(welcome.body).toEqual({
      data: [{ f_name: 'Asha Rao', uid, email: 'asha@example.com', mobile: '9876543210' }],
    });
    const masked = { data: [{ f_name: 'Asha Rao', uid, email: 'as**@example.com', mobile: '98******10' }] };
    await request(server()).get('/api/WelcomeDetails').query({ uid }).expect(200, masked);
    await request(server())
      .get('/api/WelcomeDetails')
      .set('X-Welcome-Token', 'x.y.z')
      .query({ uid })
      .expect(200, masked);
    // Another member's welcome token, or a member session token, shows nothing in full.
    const other = await register(validRegistration({ email: 'other.welcome@example.com', mobile: '9876500001' }));
    await request(server())
      .get('/api/WelcomeDetails')
      .set('X-Welcome-Token', other.body.welcomeToken)
      .query({ uid })
      .expect(200, masked);
    const session = (await login(uid)).body.token as string;
    await request(server())
      .get('/api/WelcomeDetails')
      .set('X-Welcome-Token', session)
      .query({ uid })
      .expect(200, masked);
    const [member] = await t.db.owner.query<{ status: string; sponsor_uid: string }>(
      'select status, sponsor_uid from members where uid = $1',
      [uid],
    );
    expect(member).toEqual({ status: 'Inactive', sponsor_uid: ROOT });
    const [cred] = await t.db.owner.query<{ password_hash: string; txn_password_hash: string }>(
      'select password_hash, txn_password_hash from member_credentials where principal = $1',
      [uid],
    );
    expect(cred.password_hash).toMatch(/^\$argon2id\$/);
    expect(cred.password_hash).not.toContain(PASSWORD);
    expect(cred.txn_password_hash).not.toBe(cred.password_hash); // own hash, own salt
    const [event] = await t.db.owner.query<{ payload: Record<string, unknown> }>(
      "select payload from events where stream_id = $1 and type = 'MemberRegistered'",
      [`member-${uid}`],
    );
    expect(JSON.stringify(event.payload)).not.toContain(PASSWORD);
  });

  it('answers an unknown sponsor with the spec text and writes nothing', async () => {
    const before = await eventCount(t.db.app);
    await register(validRegistration({ sid: '999999' })).expect(200, {
      result: 'Sponsor Id doesnot exists !!',
      uid_output: '',
    });
    expect(await eventCount(t.db.app)).toBe(before);
  });

  it.each([
    [{ sid: '' }, 'Sponsor ID is required'],
    [{ sid: '1234567890123456' }, 'Sponsor Id should not be greater than 15 characters'],
    [{ name: '' }, 'User Name is required'],
    [{ name: 'Abc' }, 'User Name must be at least 4 characters'],
    [{ name: 'A very long user name here' }, 'User Name should not be greater than 20 characters'],
    [{ countryid: '' }, 'Country is required'],
    [{ countryid: '99999' }, 'Country is required'],
    [{ city: '' }, 'City is required'],
    [{ state: '' }, 'State is required'],
    [{ mobile: '12345678' }, 'Enter Valid Mobile Number !!'],
    [{ upinumber: '' }, 'UPI number is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'abc' }, 'Password must be at least 6 characters'],
    [{ name: 'Abc', state: '' }, 'User Name must be at least 4 characters'],
  ])('refuses registration %j with "%s" and writes nothing', async (override, message) => {
    const before = await eventCount(t.db.app);
    const res = await register(validRegistration(override)).expect(400);
    expect(res.body.result).toBe(message);
    expect(await eventCount(t.db.app)).toBe(before);
  });

  it('refuses unknown fields and wrong types with 400', async () => {
    expect((await register({ ...validRegistration(), isAdmin: true }).expect(400)).body.result).toMatch(
      /should not exist/,
    );
    await register({ ...validRegistration(), name: { $gt: '' } }).expect(400);
    await request(server()).post('/api/login').send({ uid: '', password: '' }).expect(400, {
      statusCode: 400,
      result: 'Please enter both username and password.',
      message: 'Please enter both username and password.',
    });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const key = 'reg-key-1';
    const body = validRegistration({ name: 'Idem Potent' });
    const answers = await Promise.all([1, 2, 3].map(() => register(body, { 'Idempotency-Key': key })));
    for (const a of answers) expect(a.status).toBe(200);
    const uids = new Set(answers.map((a) => a.body.uid_output));
    expect(uids.size).toBe(1);
    const [count] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from members where name = 'Idem Potent'",
    );
    expect(count.n).toBe(1);
    const other = await register({ ...body, city: 'Pune' }, { 'Idempotency-Key': key }).expect(409);
    expect(other.body.result).toBe('Idempotency key reused with a different request');
  });

  it('logs in, records the login as an event, and protects calls with the token', async () => {
    const uid = (await register(validRegistration({ name: 'Login Tester' }))).body.uid_output;
    const res = await login(uid).expect(200);
    expect(res.body).toMatchObject({ result: 'Successfull', resultid: uid, resultusername: 'Login Tester' });
    expect(typeof res.body.token).toBe('string');
    const [logged] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where stream_id = $1 and type = 'MemberLoggedIn'",
      [`member-${uid}`],
    );
    expect(logged.n).toBe(1);
    const dash = await request(server())
      .post('/api/userDashboard')
      .set('Authorization', `Bearer ${res.body.token}`)
      .send({ uid })
      .expect(200);
    expect(dash.body[0]).toMatchObject({
      uid,
      f_name: 'Login Tester',
      isagree: '0',
      Activestatus: 'Inactive',
      totalrefferal: '0',
      totalteam: '0',
      Net_Balance: '0.00',
      Totalpin: '0',
    });
    const issued = await new SecondAdmin(t).approve(
      request(server())
        .post('/admin-api/epins/issue')
        .set('Authorization', `Bearer ${await adminToken()}`)
        .send({ owner: uid, type: 'EpintypeB', quantity: 2 }),
    );
    expect(issued.status).toBe(200);
    const withPins = await request(server())
      .post('/api/userDashboard')
      .set('Authorization', `Bearer ${res.body.token}`)
      .send({})
      .expect(200);
    expect(withPins.body[0].Totalpin).toBe('2');
    await request(server())
      .post('/api/userdashboard')
      .set('Authorization', `Bearer ${res.body.token}`)
      .send({})
      .expect(200);
    await request(server()).post('/api/userDashboard').send({}).expect(401, {
      statusCode: 401,
      result: 'Please login to access this resource',
      message: 'Please login to access this resource',
    });
    await request(server()).post('/api/userDashboard').set('Authorization', 'Bearer not-a-token').send({}).expect(401);
  });

  it("never acts on a uid in the payload that is not the token's", async () => {
    const uid = (await register(validRegistration({ name: 'Idor Victim' }))).body.uid_output;
    const token = (await login(ROOT)).body.token;
    const before = await eventCount(t.db.app);
    await request(server()).post('/api/showpopup').set('Authorization', `Bearer ${token}`).send({ uid }).expect(403);
    await request(server())
      .post('/api/userDashboard')
      .set('Authorization', `Bearer ${token}`)
      .send({ uid })
      .expect(403);
    expect(await eventCount(t.db.app)).toBe(before);
  });

  it('records the disclaimer agreement once', async () => {
    const uid = (await register(validRegistration({ name: 'Agree Tester' }))).body.uid_output;
    const token = (await login(uid)).body.token;
    await request(server())
      .post('/api/showpopup')
      .set('Authorization', `Bearer ${token}`)
      .send({ uid })
      .expect(200, { result: 'Successfull' });
    await request(server()).post('/api/showpopup').set('Authorization', `Bearer ${token}`).send({}).expect(200);
    const [agreed] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where stream_id = $1 and type = 'DisclaimerAgreed'",
      [`member-${uid}`],
    );
    expect(agreed.n).toBe(1);
    const dash = await request(server())
      .post('/api/userDashboard')
      .set('Authorization', `Bearer ${token}`)
      .send({})
      .expect(200);
    expect(dash.body[0].isagree).toBe('1');
  });

  it('refuses a wrong password, then locks the id out after repeated failures', async () => {
    const uid = (await register(validRegistration({ name: 'Lockout Tester' }))).body.uid_output;
    expect((await login(uid, 'wrong-pass').expect(200)).body).toEqual({
      result: 'Invalid User Id or Password',
      resultid: '',
      resultusername: '',
      token: '',
    });
    expect((await login('999999').expect(200)).body.result).toBe('Invalid User Id or Password');
    await login(uid, 'wrong-pass');
    expect((await login(uid, 'wrong-pass')).body.result).toBe('Too many failed attempts. Try again after 15 minutes.');
    expect((await login(uid)).body.result).toBe('Too many failed attempts. Try again after 15 minutes.');
    const types = await t.db.owner.query<{ type: string }>(
      'select type from events where stream_id = $1 order by stream_version',
      [`member-${uid}`],
    );
    expect(types.map((r) => r.type)).toEqual([
      'MemberRegistered',
      'LoginFailed',
      'LoginFailed',
      'LoginFailed',
      'MemberLockedOut',
    ]);
  });

  // The retry of a command that still meets a conflict is proven in safety-nets.e2e-spec.ts (a real deadlock).
  it('serialises 12 concurrent logins of one member on its row lock (decision 0003): all succeed, versions 1–13 without a gap or a repeat', async () => {
    const uid = (await register(validRegistration({ name: 'Busy Member' }))).body.uid_output;
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(uid)));
    for (const a of answers) expect(a.body.result).toBe('Successfull');
    const events = await t.db.owner.query<{ stream_version: number; type: string }>(
      'select stream_version, type from events where stream_id = $1 order by stream_version',
      [`member-${uid}`],
    );
    expect(events.map((v) => v.stream_version)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(events.map((v) => v.type)).toEqual([
      'MemberRegistered',
      ...Array.from({ length: 12 }, () => 'MemberLoggedIn'),
    ]);
  });

  it('mails a single-use reset link through the outbox; the old password and sessions stop working', async () => {
    const uid = (await register(validRegistration({ name: 'Forgetful One', email: 'forget@example.com' }))).body
      .uid_output;
    const oldToken = (await login(uid)).body.token;
    const res = await request(server()).post('/api/ForgetPassword').send({ uid }).expect(200);
    expect(res.body).toBe('Password sent to Email Id');
    expect((await request(server()).post('/api/ForgetPassword').send({ uid: '999999' }).expect(200)).body).toBe(
      'Invalid User Id',
    );

    // The worker's path: relay the event to the mail queue, then the processor sends the row.
    // The relay only reads below the cluster's oldest open transaction (another test file may hold
    // one open on purpose), so it may take a few passes, exactly as in the worker's loop.
    const jobs: Array<{ position: string; type: string; streamId: string }> = [];
    const relay = new OutboxRelay(
      t.db.app,
      OUTBOX_ROUTES,
      { add: async (queue, _n, data) => void (queue === QUEUE.mail && jobs.push(data)) },
      'identity-test-relay',
    );
    const deadline = Date.now() + 20_000;
    while (!jobs.some((j) => j.streamId === `member-${uid}`) && Date.now() < deadline) {
      await relay.pumpOnce();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const job = jobs.find((j) => j.streamId === `member-${uid}`);
    expect(job).toBeDefined();
    const sent: string[] = [];
    const transport = new CatcherTransport((line) => sent.push(line));
    const key = mailLinkKey('test-secret-of-sufficient-length');
    expect(await processMailJob(t.db.app, transport, job!, key)).toBe('sent');
    expect(await processMailJob(t.db.app, transport, job!, key)).toBe('already-sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('/ResetPassword?token=[hidden]'); // the catcher's log never shows a usable link
    // The link as SMTP would deliver it to the member: rendered at sending time, from the stored row.
    const [mail] = await t.db.owner.query<{ body: string }>('select body from mail_outbox where event_position = $1', [
      job!.position,
    ]);
    const link = /ResetPassword\?token=(\S+)/.exec(renderLinkSecrets(mail.body, key));
    expect(link).not.toBeNull();
    const token = link![1];

    await request(server())
      .post('/api/ResetPassword')
      .send({ token: `${token}x`, password: 'NewPass1' })
      .expect(200, { result: 'Invalid or expired reset link' });
    await request(server())
      .post('/api/ResetPassword')
      .send({ token, password: 'NewPass1' })
      .expect(200, { result: 'Password Reset Successfully' });
    await request(server())
      .post('/api/ResetPassword')
      .send({ token, password: 'Another1' })
      .expect(200, { result: 'Invalid or expired reset link' });
    expect((await login(uid)).body.result).toBe('Invalid User Id or Password');
    expect((await login(uid, 'NewPass1')).body.result).toBe('Successfull');
    await request(server()).post('/api/userDashboard').set('Authorization', `Bearer ${oldToken}`).send({}).expect(401);
  });

  it('lets an admin block a member: login refused, live sessions end; unblock restores', async () => {
    const uid = (await register(validRegistration({ name: 'Blocked Member' }))).body.uid_output;
    const memberToken = (await login(uid)).body.token;
    const admin = await adminToken();
    await request(server())
      .post(`/admin-api/members/${uid}/block`)
      .set('Authorization', `Bearer ${admin}`)
      .send({})
      .expect(400);
    await request(server())
      .post(`/admin-api/members/${uid}/block`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ remark: 'fraud report' })
      .expect(200, { uid, blocked: true });
    expect((await login(uid)).body.result).toBe('Your account is blocked. Please contact admin.');
    // Issue 18 §6: the same text whether the password is right or wrong, so a guess learns nothing.
    expect((await login(uid, 'not-the-password')).body.result).toBe('Your account is blocked. Please contact admin.');
    await request(server())
      .post('/api/userDashboard')
      .set('Authorization', `Bearer ${memberToken}`)
      .send({})
      .expect(401);
    const [blocked] = await t.db.owner.query<{
      metadata: { actor: { kind: string; id: string } };
      payload: { remark: string };
    }>("select metadata, payload from events where stream_id = $1 and type = 'MemberBlocked'", [`member-${uid}`]);
    expect(blocked.metadata.actor).toEqual({ kind: 'admin', id: 'superadmin' });
    expect(blocked.payload.remark).toBe('fraud report');
    await request(server())
      .post(`/admin-api/members/${uid}/unblock`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ remark: 'cleared' })
      .expect(200);
    expect((await login(uid)).body.result).toBe('Successfull');
  });

  it('issues a single-use "Log in as" token and marks the session impersonated', async () => {
    const uid = (await register(validRegistration({ name: 'Impersonated One' }))).body.uid_output;
    const admin = await adminToken('support');
    const issued = await request(server())
      .post(`/admin-api/members/${uid}/impersonate`)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    expect(issued.body.url).toMatch(/^\/AdminLogin\?token=/);
    const first = await request(server()).post('/api/loginAdmin').send({ token: issued.body.token }).expect(200);
    expect(first.body).toMatchObject({ result: 'Successfull', resultid: uid });
    const dash = await request(server())
      .post('/api/userDashboard')
      .set('Authorization', `Bearer ${first.body.token}`)
      .send({})
      .expect(200);
    expect(dash.body[0].impersonated).toBe(true);
    expect((await request(server()).post('/api/loginAdmin').send({ token: issued.body.token })).body.result).toBe(
      'Invalid or expired login link',
    );
    expect((await request(server()).post('/api/loginAdmin').send({ token: 'forged.token.value' })).body.result).toBe(
      'Invalid or expired login link',
    );
  });

  // A support admin's session is read-only (issue 18 §6): a superadmin's may write, in its own name.
  it('records the admin as the actor of everything done in an impersonated session', async () => {
    const uid = (await register(validRegistration({ name: 'Impersonated Two' }))).body.uid_output;
    const issued = await request(server())
      .post(`/admin-api/members/${uid}/impersonate`)
      .set('Authorization', `Bearer ${await adminToken('superadmin')}`)
      .expect(200);
    const session = (await request(server()).post('/api/loginAdmin').send({ token: issued.body.token }).expect(200))
      .body.token;
    await request(server()).post('/api/showpopup').set('Authorization', `Bearer ${session}`).send({ uid }).expect(200);
    const [agreed] = await t.db.owner.query<{ metadata: { actor: unknown; impersonatedBy?: string } }>(
      "select metadata from events where stream_id = $1 and type = 'DisclaimerAgreed'",
      [`member-${uid}`],
    );
    expect(agreed.metadata).toMatchObject({ actor: { kind: 'admin', id: 'superadmin' }, impersonatedBy: 'superadmin' });
  });

  it('refuses a "Log in as" token after its 60 seconds, whether the link or its ledger record says so', async () => {
    const uid = (await register(validRegistration({ name: 'Impersonated Three' }))).body.uid_output;
    const jwt = new JwtService({ secret: 'test-secret-of-sufficient-length' });
    const now = Math.floor(Date.now() / 1000);
    // A token recorded as expired in the ledger, carried by a link that is itself still valid.
    const tokenId = randomUUID();
    await ledgerOn(t.db.app).run(
      { actor: { kind: 'admin', id: 'support' }, correlationId: 'expired-token-test' },
      async (tx) => {
        const version = await streamVersion(tx, 'admin-support');
        await tx.append('admin-support', version, [
          {
            type: 'ImpersonationTokenIssued',
            payload: { tokenId, uid, expiresAt: new Date(Date.now() - 1000).toISOString() },
          },
        ]);
      },
    );
    const stale = jwt.sign(
      { typ: 'impersonation', sub: uid, jti: tokenId, adm: 'support' },
      { expiresIn: IMPERSONATION_TTL_SECONDS },
    );
    expect((await request(server()).post('/api/loginAdmin').send({ token: stale })).body.result).toBe(
      'Invalid or expired login link',
    );
    // A token still open in the ledger, carried by a link whose own expiry has passed.
    const issued = await request(server())
      .post(`/admin-api/members/${uid}/impersonate`)
      .set('Authorization', `Bearer ${await adminToken('support')}`)
      .expect(200);
    const claims = jwt.decode<{ jti: string }>(issued.body.token);
    const lapsed = jwt.sign({
      typ: 'impersonation',
      sub: uid,
      jti: claims.jti,
      adm: 'support',
      iat: now - 120,
      exp: now - 60,
    });
    expect((await request(server()).post('/api/loginAdmin').send({ token: lapsed })).body.result).toBe(
      'Invalid or expired login link',
    );
    expect((await request(server()).post('/api/loginAdmin').send({ token: issued.body.token })).body.result).toBe(
      'Successfull',
    );
  });

  it('keeps roles apart: the auditor reads the ledger and reports but no member data and acts nowhere; only a superadmin manages admins', async () => {
    const auditor = await adminToken('auditor');
    const as = (call: request.Test) => call.set('Authorization', `Bearer ${auditor}`);
    await as(request(server()).get('/admin-api/events')).expect(200);
    await as(request(server()).post('/admin-api/ledger/verify')).expect(200);
    for (const report of ['epins', 'level-income', 'settings', 'epin-requests', 'payment-orders', 'payment-options'])
      await as(request(server()).get(`/admin-api/${report}`)).expect(200);
    for (const hidden of ['members', 'mails', 'admin-users', 'payment-double/orders'])
      await as(request(server()).get(`/admin-api/${hidden}`)).expect(403);
    await as(request(server()).post(`/admin-api/members/${ROOT}/block`))
      .send({ remark: 'audit' })
      .expect(403);
    await as(request(server()).post(`/admin-api/members/${ROOT}/impersonate`)).expect(403);
    await as(request(server()).post('/admin-api/epins/issue'))
      .send({ owner: ROOT, type: 'EpintypeB', quantity: 1 })
      .expect(403);
    await as(request(server()).put('/admin-api/settings/usdtRateInr')).send({ value: '91' }).expect(403);
    const approver = await adminToken('approver');
    await request(server()).get('/admin-api/admin-users').set('Authorization', `Bearer ${approver}`).expect(403);
    const superadmin = await adminToken();
    await request(server())
      .post('/admin-api/admin-users')
      .set('Authorization', `Bearer ${superadmin}`)
      .send({ username: 'helpdesk', password: 'Helpdesk-pass-2026', role: 'support' })
      .expect(201);
    await request(server())
      .put('/admin-api/admin-users/helpdesk')
      .set('Authorization', `Bearer ${superadmin}`)
      .send({ disabled: true })
      .expect(200);
    await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'helpdesk', password: 'Helpdesk-pass-2026' })
      .expect(401);
    await request(server())
      .post('/admin-api/auth/login')
      .send({ username: 'superadmin', password: 'nope' })
      .expect(401);
  });

  it('lets the auditor download the ledger as NDJSON, every event once with its hash', async () => {
    const auditor = await adminToken('auditor');
    const res = await request(server())
      .get('/admin-api/ledger/export')
      .set('Authorization', `Bearer ${auditor}`)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sahyog-ledger-.*\.ndjson"$/);
    const events = (res.body as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { position: string; hash: string });
    expect(events.length).toBeGreaterThan(10);
    // Every stored event once, in position order, each with its stored hash: the export is the table.
    const stored = await t.db.owner.query<{ position: string; hash: string }>(
      'select position::text as position, hash from events order by events.position',
    );
    expect(events.map((e) => ({ position: String(e.position), hash: e.hash }))).toEqual(stored);
    await request(server()).get('/admin-api/ledger/export').expect(401);
  });

  it('lists members the react-admin way, with Content-Range and search', async () => {
    const admin = await adminToken();
    const res = await request(server())
      .get('/admin-api/members')
      .query({
        sort: JSON.stringify(['uid', 'ASC']),
        range: JSON.stringify([0, 4]),
        filter: JSON.stringify({ q: 'Blocked' }),
      })
      .set('Authorization', `Bearer ${admin}`)
      .set('Origin', 'https://admin.elsewhere.test')
      .expect(200);
    expect(res.headers['content-range']).toBe('members 0-0/1');
    // Readable from another origin: react-admin's Content-Range, and the Date member-web times payment windows with.
    expect(res.headers['access-control-expose-headers']?.split(/,\s*/).sort()).toEqual(['Content-Range', 'Date']);
    expect(res.body[0]).toMatchObject({ name: 'Blocked Member', blocked: false });
    const show = await request(server())
      .get(`/admin-api/members/${res.body[0].uid}`)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    expect(show.body).toMatchObject({ sponsor_name: 'Sahyog Foundation', country_name: 'India', wallet_address: '' });
    expect(show.body.events.map((e: { type: string }) => e.type)).toContain('MemberBlocked');
    await request(server())
      .get('/admin-api/members')
      .query({ sort: '["name; drop table members","ASC"]' })
      .set('Authorization', `Bearer ${admin}`)
      .expect(400);
    await request(server())
      .get('/admin-api/members')
      .query({ range: 'nope' })
      .set('Authorization', `Bearer ${admin}`)
      .expect(400);
  });

  it('answers 400, never 500, to an out-of-range page or a NUL inside a JSON filter, on every admin list', async () => {
    const admin = await adminToken();
    const lists = [
      'members',
      'admin-users',
      'mails',
      'events',
      'epins',
      'level-income',
      'help-requests',
      'payment-options',
      'epin-requests',
      'payment-orders',
      'payment-double/orders',
      'queues',
      'failed-jobs',
    ];
    for (const list of lists) {
      for (const range of ['[1e21,1e21]', '[0,9223372036854775808]', '[2147483648,2147483648]']) {
        const res = await request(server())
          .get(`/admin-api/${list}`)
          .query({ range })
          .set('Authorization', `Bearer ${admin}`);
        expect([list, range, res.status, res.body.message]).toEqual([
          list,
          range,
          400,
          'range must be [start, end] with 0 <= start <= end <= 2147483647',
        ]);
      }
      // The escape is JSON's own: the query string itself holds no NUL, the decoded filter does.
      const res = await request(server())
        .get(`/admin-api/${list}`)
        .query({ filter: '{"q":"ab\\u0000","owner":"ab\\u0000","uid":"ab\\u0000"}' })
        .set('Authorization', `Bearer ${admin}`);
      expect([list, res.status, res.body.message]).toEqual([
        list,
        400,
        'Input contains characters that are not allowed',
      ]);
    }
    await request(server())
      .get('/admin-api/members')
      .query({ range: '[2147483647,2147483647]' })
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
  });

  it('verifies the whole ledger and replays it with zero differences after all of the above', async () => {
    // A chain deeper than nine levels, so text-ordered positions would break the replay.
    let sponsor = ROOT;
    for (let i = 0; i < 11; i++)
      sponsor = (
        await register(validRegistration({ sid: sponsor, name: `Chain Member ${String.fromCharCode(65 + i)}` }))
      ).body.uid_output;
    const [depth] = await t.db.owner.query<{ depth: number }>(
      'select max(depth)::int as depth from member_tree where descendant_uid = $1',
      [sponsor],
    );
    expect(depth.depth).toBe(11);
    const verify = await verifyLedger(t.db.app);
    expect(verify).toMatchObject({ ok: true, firstBad: null });
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
    expect(replay.ok).toBe(true);
  });
});
