import request from 'supertest';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { SecondAdmin, SECOND_SUPERADMIN } from './support/four-eyes';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ADMIN_PASSWORD, PASSWORD, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('four eyes on value (issue 18 §4)', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  let second: SecondAdmin;
  const server = () => t.app.getHttpServer();
  const as = (username: string) => ({
    post: async (path: string, body: Record<string, unknown> = {}) =>
      request(server())
        .post(`/admin-api/${path}`)
        .set('Authorization', `Bearer ${await second.token(username)}`)
        .send(body),
    put: async (path: string, body: Record<string, unknown>) =>
      request(server())
        .put(`/admin-api/${path}`)
        .set('Authorization', `Bearer ${await second.token(username)}`)
        .send(body),
    get: async (path: string, query: Record<string, unknown> = {}) =>
      request(server())
        .get(`/admin-api/${path}`)
        .query(query)
        .set('Authorization', `Bearer ${await second.token(username)}`),
  });
  const epinsOf = async (uid: string) =>
    (await t.db.app.query<{ n: number }>('select count(*)::int as n from epins where owner_uid = $1', [uid]))[0].n;
  const eventsOf = (stream: string) =>
    t.db.app.query<{
      type: string;
      tx_id: string;
      metadata: Record<string, unknown>;
      payload: Record<string, unknown>;
    }>(
      'select type, tx_id::text as tx_id, metadata, payload from events where stream_id = $1 order by stream_version',
      [stream],
    );
  /** Events other than admins' sign-ins (a first call of an admin in a test signs it in). */
  const effects = async () =>
    (await t.db.app.query<{ n: number }>("select count(*)::int as n from events where type <> 'AdminLoggedIn'"))[0].n;
  /** Sends the maker's call: a 202 AwaitingSecondApproval, and only its request written (one event). */
  const awaiting = async (answer: Promise<request.Response>) => {
    const before = await effects();
    const res = await answer;
    expect([res.status, res.body.status]).toEqual([202, 'AwaitingSecondApproval']);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await effects()).toBe(before + 1);
    return res.body.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
    second = net.second;
    await second.secondSuperadmin();
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());

  it('issuing e-pins waits for a second approver, who carries it out once in one transaction naming both', async () => {
    const uid = await net.register();
    const id = await awaiting(as('approver').post('epins/issue', { owner: uid, type: 'EpintypeA', quantity: 3 }));
    expect(await epinsOf(uid)).toBe(0);

    const pending = await as('approver').get('four-eyes', { filter: JSON.stringify({ status: 'Pending' }) });
    expect(pending.status).toBe(200);
    expect(pending.headers['content-range']).toMatch(/^four-eyes 0-\d+\/\d+$/);
    expect(pending.body.find((r: { id: string }) => r.id === id)).toMatchObject({
      maker: 'approver',
      action: 'IssueEpins',
      member: uid,
      amountRupees: '3000.00',
      status: 'Pending',
      checker: null,
      request: { owner: uid, type: 'EpintypeA', quantity: 3 },
    });

    const same = await as('approver').post(`four-eyes/${id}/approve`);
    expect([same.status, same.body.code]).toEqual([403, 'ADMIN.SAME_MAKER']);
    expect((await as('support').post(`four-eyes/${id}/approve`)).status).toBe(403);
    expect(await epinsOf(uid)).toBe(0);

    // Two approvals at once: one carries it out, the other finds it decided.
    const both = await Promise.all([
      as('superadmin').post(`four-eyes/${id}/approve`),
      as(SECOND_SUPERADMIN).post(`four-eyes/${id}/approve`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = both.find((r) => r.status === 200)!;
    expect(ok.body).toMatchObject({ id, status: 'Approved', maker: 'approver', action: 'IssueEpins' });
    expect(ok.body.result.numbers).toHaveLength(3);
    expect(both.find((r) => r.status === 409)!.body.code).toBe('FOUR_EYES.NOT_PENDING');
    expect(await epinsOf(uid)).toBe(3);

    const [requested, approved] = await eventsOf(`four-eyes-${id}`);
    expect([requested.type, approved.type]).toEqual(['FourEyesRequested', 'FourEyesApproved']);
    const [issued] = await eventsOf(`epin-${ok.body.result.numbers[0]}`);
    expect(issued.tx_id).toBe(approved.tx_id);
    expect(issued.metadata.actor).toEqual({ kind: 'admin', id: 'approver' });
    expect(approved.metadata.actor).toEqual({ kind: 'admin', id: ok.body.checker });
    expect(issued.metadata.fourEyes).toEqual({ request: id, maker: 'approver', checker: ok.body.checker });
    expect(issued.payload.source).toEqual({ kind: 'admin', ref: 'approver' });
    expect((await as('auditor').get(`four-eyes/${id}`)).body).toMatchObject({
      status: 'Approved',
      checker: ok.body.checker,
    });
  });

  it('a rejection with a reason ends the request; nothing is issued and it can no longer be approved', async () => {
    const uid = await net.register();
    const id = await awaiting(as('superadmin').post('epins/issue', { owner: uid, type: 'EpintypeB', quantity: 1 }));
    expect((await as('approver').post(`four-eyes/${id}/reject`, { reason: '  ' })).status).toBe(400);
    const rejected = await as('approver').post(`four-eyes/${id}/reject`, { reason: 'No payment seen' });
    expect([rejected.status, rejected.body.status, rejected.body.reason]).toEqual([200, 'Rejected', 'No payment seen']);
    const again = await as(SECOND_SUPERADMIN).post(`four-eyes/${id}/approve`);
    expect([again.status, again.body.code]).toEqual([409, 'FOUR_EYES.NOT_PENDING']);
    expect(await epinsOf(uid)).toBe(0);
    expect((await as('approver').get(`four-eyes/${id}`)).body).toMatchObject({
      status: 'Rejected',
      reason: 'No payment seen',
    });
  });

  it('a pending request expires after 24 hours: shown Expired, not Pending, and can not be approved', async () => {
    const uid = await net.register();
    const id = await awaiting(as('approver').post('epins/issue', { owner: uid, type: 'EpintypeB', quantity: 2 }));
    jest.useFakeTimers({
      now: Date.now() + DAY_MS + 60_000,
      doNotFake: [
        'nextTick',
        'setImmediate',
        'setTimeout',
        'setInterval',
        'clearTimeout',
        'clearInterval',
        'clearImmediate',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
    });
    // Tokens signed a day ago have expired: sign in again at the moved time.
    const signedInBefore = second;
    second = new SecondAdmin(t);
    const late = await as('superadmin').post(`four-eyes/${id}/approve`);
    expect([late.status, late.body.code]).toEqual([409, 'FOUR_EYES.EXPIRED']);
    expect((await as('approver').get(`four-eyes/${id}`)).body.status).toBe('Expired');
    const pending = await as('approver').get('four-eyes', { filter: JSON.stringify({ status: 'Pending' }) });
    expect(pending.body.map((r: { id: string }) => r.id)).not.toContain(id);
    const expired = await as('approver').get('four-eyes', { filter: JSON.stringify({ status: 'Expired' }) });
    expect(expired.body.map((r: { id: string }) => r.id)).toContain(id);
    expect(await epinsOf(uid)).toBe(0);
    second = signedInBefore;
  });

  it('a member blocked meanwhile: the approval answers 409, the request is Failed and nothing is issued', async () => {
    const uid = await net.register();
    const id = await awaiting(as('approver').post('epins/issue', { owner: uid, type: 'EpintypeB', quantity: 1 }));
    expect((await as('superadmin').post(`members/${uid}/block`, { remark: 'Fraud' })).status).toBe(200);
    const refused = await as('superadmin').post(`four-eyes/${id}/approve`);
    expect([refused.status, refused.body.code]).toEqual([409, 'FOUR_EYES.MEMBER_BLOCKED']);
    expect(await epinsOf(uid)).toBe(0);
    expect((await as('approver').get(`four-eyes/${id}`)).body).toMatchObject({
      status: 'Failed',
      code: 'FOUR_EYES.MEMBER_BLOCKED',
    });
  });

  it('changing a setting needs a second superadmin: an approver may not approve it', async () => {
    const before = (await as('superadmin').get('settings/usdtRateInr')).body.value;
    const id = await awaiting(as('superadmin').put('settings/usdtRateInr', { value: '93.50' }));
    expect((await as('superadmin').get('settings/usdtRateInr')).body.value).toBe(before);
    expect((await as('superadmin').put('settings/usdtRateInr', { value: 'x' })).status).toBe(400);
    const wrongRole = await as('approver').post(`four-eyes/${id}/approve`);
    expect([wrongRole.status, wrongRole.body.code]).toEqual([403, 'ADMIN.ROLE_MAY_NOT_APPROVE']);
    const same = await as('superadmin').post(`four-eyes/${id}/approve`);
    expect([same.status, same.body.code]).toEqual([403, 'ADMIN.SAME_MAKER']);
    const ok = await as(SECOND_SUPERADMIN).post(`four-eyes/${id}/approve`);
    expect([ok.status, ok.body.result]).toEqual([200, { id: 'usdtRateInr', key: 'usdtRateInr', value: '93.50' }]);
    expect((await as('superadmin').get('settings/usdtRateInr')).body.value).toBe('93.50');
    const changes = await eventsOf('settings');
    const last = changes[changes.length - 1];
    expect(last.metadata.fourEyes).toEqual({ request: id, maker: 'superadmin', checker: SECOND_SUPERADMIN });
    expect(last.metadata.actor).toEqual({ kind: 'admin', id: 'superadmin' });
  });

  it('approving a withdrawal above fourEyesAboveRupees needs a second approver; at or below it does not', async () => {
    const change = await second.approve(as('superadmin').put('settings/fourEyesAboveRupees', { value: 150 }));
    expect(change.status).toBe(200);
    const uid = await help.memberWithIncome(4);
    const withdraw = async (rupees: number) => {
      const res = await net.as(uid, '/api/Withdrawal', { uid, Request_amount: String(rupees) });
      expect(res.body.result).toBe('Done');
      const list = await as('approver').get('withdrawals', {
        filter: JSON.stringify({ member: uid, status: 'Requested' }),
      });
      return list.body[0].id as string;
    };
    const small = await withdraw(150);
    expect((await as('approver').post(`withdrawals/${small}/approve`)).body).toMatchObject({ status: 'Approved' });
    const big = await withdraw(200);
    const id = await awaiting(as('approver').post(`withdrawals/${big}/approve`));
    expect((await as('approver').get(`withdrawals/${big}`)).body.status).toBe('Requested');
    expect((await as('approver').get(`four-eyes/${id}`)).body).toMatchObject({ member: uid, amountRupees: '200.00' });
    const ok = await as(SECOND_SUPERADMIN).post(`four-eyes/${id}/approve`);
    expect([ok.status, ok.body.result]).toEqual([200, { id: big, status: 'Approved' }]);
    const decided = (await eventsOf(`withdrawal-${big}`)).pop()!;
    expect(decided.metadata.fourEyes).toEqual({ request: id, maker: 'approver', checker: SECOND_SUPERADMIN });
  });

  it('a withdrawal decided meanwhile: the approval answers 409 and marks the request Failed', async () => {
    const uid = await help.memberWithIncome(3);
    await net.as(uid, '/api/Withdrawal', { uid, Request_amount: '250' });
    const list = await as('approver').get('withdrawals', {
      filter: JSON.stringify({ member: uid, status: 'Requested' }),
    });
    const w = list.body[0].id as string;
    const id = await awaiting(as('approver').post(`withdrawals/${w}/approve`));
    expect((await as('superadmin').post(`withdrawals/${w}/reject`, { remark: 'Wrong account' })).status).toBe(200);
    const refused = await as(SECOND_SUPERADMIN).post(`four-eyes/${id}/approve`);
    expect(refused.status).toBe(409);
    expect((await as('approver').get(`four-eyes/${id}`)).body.status).toBe('Failed');
    expect((await as('approver').get(`withdrawals/${w}`)).body.status).toBe('Rejected');
  });

  it('granting approver or superadmin (create or role change) waits for a second superadmin; other roles do not', async () => {
    const id = await awaiting(
      as('superadmin').post('admin-users', { username: 'checker3', password: 'Checker@12345', role: 'approver' }),
    );
    expect((await as('superadmin').get('admin-users/checker3')).status).toBe(404);
    const [secret] = await t.db.owner.query<{ password_hash: string }>(
      'select password_hash from four_eyes_secrets where request_id = $1',
      [id],
    );
    expect(secret.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(await eventsOf(`four-eyes-${id}`))).not.toContain('Checker@12345');
    expect((await as('approver').post(`four-eyes/${id}/approve`)).status).toBe(403);
    const ok = await as(SECOND_SUPERADMIN).post(`four-eyes/${id}/approve`);
    expect([ok.status, ok.body.result]).toEqual([
      200,
      { id: 'checker3', username: 'checker3', role: 'approver', disabled: false },
    ]);
    expect(
      (await request(server()).post('/admin-api/auth/login').send({ username: 'checker3', password: 'Checker@12345' }))
        .status,
    ).toBe(200);
    const [created] = await eventsOf('admin-checker3');
    expect(created.metadata.fourEyes).toEqual({ request: id, maker: 'superadmin', checker: SECOND_SUPERADMIN });

    const helpdesk = await as('superadmin').post('admin-users', {
      username: 'desk2',
      password: 'Desk@1234567',
      role: 'support',
    });
    expect(helpdesk.status).toBe(201);
    const promote = await awaiting(as('superadmin').put('admin-users/desk2', { role: 'superadmin' }));
    expect((await as('superadmin').get('admin-users/desk2')).body.role).toBe('support');
    expect((await as(SECOND_SUPERADMIN).post(`four-eyes/${promote}/approve`)).status).toBe(200);
    expect((await as('superadmin').get('admin-users/desk2')).body.role).toBe('superadmin');
    // react-admin sends the whole record back: the same role again is no grant.
    expect((await as('superadmin').put('admin-users/checker3', { role: 'approver', disabled: false })).status).toBe(
      200,
    );
  });

  it("unlocking a member's wallet or bank details waits for a second approver", async () => {
    const uid = await net.register();
    const token = await net.token(uid);
    const saved = await request(server())
      .post('/api/UpdateProfile')
      .set('Authorization', `Bearer ${token}`)
      .send({ type: 'ecurrency', accountnumber: WALLET, otp: PASSWORD, email: 'x', IP_address: '' });
    expect(saved.body.result).toBe('Wallet Address Update Successfully');
    const id = await awaiting(as('approver').post(`members/${uid}/unlock-wallet`, { reason: 'Lost the old wallet' }));
    const ok = await as('superadmin').post(`four-eyes/${id}/approve`);
    expect([ok.status, ok.body.result]).toEqual([200, { id: uid, bank_locked: false, wallet_locked: false }]);
    const unlocked = (await eventsOf(`profile-${uid}`)).pop()!;
    expect(unlocked.metadata.fourEyes).toEqual({ request: id, maker: 'approver', checker: 'superadmin' });
    // Nothing is locked now: the next request fails at approval with the unlock's own 409.
    const bank = await awaiting(as('approver').post(`members/${uid}/unlock-bank`, { reason: 'New bank' }));
    expect((await as('superadmin').post(`four-eyes/${bank}/approve`)).status).toBe(409);
    expect((await as('approver').get(`four-eyes/${bank}`)).body.status).toBe('Failed');
    expect((await as('approver').post('members/999999/unlock-bank', { reason: 'x' })).status).toBe(404);
  });

  it('while fewer than two active admins hold superadmin or approver, a role grant goes through at once and says so', async () => {
    const alone = await startTestApp();
    try {
      await seedBasics(alone.db.app);
      const login = async (username: string) =>
        (
          await request(alone.app.getHttpServer())
            .post('/admin-api/auth/login')
            .send({ username, password: ADMIN_PASSWORD })
        ).body.token as string;
      const root = await login('superadmin');
      const put = (path: string, body: Record<string, unknown>) =>
        request(alone.app.getHttpServer()).put(`/admin-api/${path}`).set('Authorization', `Bearer ${root}`).send(body);
      // The seed's approver disabled: the superadmin is the only admin who could approve.
      expect((await put('admin-users/approver', { disabled: true })).status).toBe(200);
      const created = await request(alone.app.getHttpServer())
        .post('/admin-api/admin-users')
        .set('Authorization', `Bearer ${root}`)
        .send({ username: 'second', password: 'Second@12345', role: 'superadmin' });
      expect([created.status, created.body.role]).toEqual([201, 'superadmin']);
      const [event] = await alone.db.app.query<{ metadata: Record<string, unknown> }>(
        "select metadata from events where stream_id = 'admin-second'",
      );
      expect(event.metadata.fourEyes).toBe('waived-single-admin');
      // Two now: the next grant waits.
      expect((await put('admin-users/approver', { disabled: false, role: 'superadmin' })).status).toBe(202);
    } finally {
      await alone.close();
    }
  });

  it('replay rebuilds four_eyes_requests with no difference', async () => {
    const report = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(report.tables.find((d) => d.table === 'four_eyes_requests')).toBeDefined();
    expect(report.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  });
});
