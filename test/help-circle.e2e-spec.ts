import request from 'supertest';
import { helpLinkStream, sweepHelp } from '../src/modules/help';
import { decideCreateLink } from '../src/modules/help/domain/help-link.decide';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const HOUR = 3_600_000;

describe('the help circle: help requests, withdrawals, matching, help links, disputes', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
  });
  afterAll(() => t.close());

  const totals = async () => (await help.adminGet('queue-totals', {}, 200)).body;
  const verifyAndReplay = async () => {
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  };

  let a: string;
  let b: string;

  it('goes round once: help request → approval → withdrawal → approval → matching → UTR → confirmation', async () => {
    b = await help.memberWithIncome(1, 'Bina Receiver');
    a = await net.register(b, 'Arun Sender');
    expect((await help.dashboard(b)).Net_Balance).toBe('100.00');

    await help.approvedHelp(a);
    expect(await totals()).toEqual({
      PH: { count: 1, amountRupees: '10000.00' },
      GH: { count: 0, amountRupees: '0.00' },
    });
    // A's top-up paid B another ₹100 (A activated with a ₹1,000 e-pin).
    await help.payIncomeOf(a);
    expect((await help.dashboard(b)).Net_Balance).toBe('200.00');

    // Withdrawal checks, in order: amount, whole rupees, minimum, balance.
    const w = (body: Record<string, unknown>) => net.as(b, '/api/Withdrawal', { uid: b, ...body });
    expect((await w({ Request_amount: '' })).body.result).toBe('Please Enter Amount');
    expect((await w({ Request_amount: '12.5' })).body.code).toBe('WALLET.WHOLE_RUPEES');
    expect((await w({ Request_amount: '99' })).body.result).toBe('Minimum withdrawal amount is 100');
    expect((await w({ Request_amount: '201' })).body.result).toBe(
      'Insufficiet Funds FOR PAYOUTS REQUEST PH FOR WITHDRAWALS',
    );
    const withdrawal = await help.approvedWithdrawal(b, 200);
    const dashB = await help.dashboard(b);
    expect(dashB).toMatchObject({ Net_Balance: '0.00', totalWithdrawal: '200.00', TodayWithdrawal: '200.00' });
    expect(await totals()).toEqual({
      PH: { count: 1, amountRupees: '10000.00' },
      GH: { count: 1, amountRupees: '200.00' },
    });
    expect(dashB).toMatchObject({
      ghQueueRupees: '200.00',
      myGhQueuePosition: '1',
      myGhQueueRupees: '200.00',
      myPhQueuePosition: '',
    });

    expect(await help.match()).toEqual({ links: 1, amountRupees: '200.00', busy: false });
    expect(await help.match()).toEqual({ links: 0, amountRupees: '0.00', busy: false });
    expect(await totals()).toEqual({
      PH: { count: 1, amountRupees: '9800.00' },
      GH: { count: 0, amountRupees: '0.00' },
    });

    const [log] = await help.phLog(a);
    expect(log).toMatchObject({ row: 1, Link_Amount: '200.00', uid: b, name: 'Bina Receiver', paidst: 'Pending' });
    expect(new Date(log.ed).getTime() - new Date(log.dd).getTime()).toBe(24 * HOUR);
    expect(Math.abs(new Date(log.sd).getTime() - Date.now())).toBeLessThan(60_000);
    const [ghLog] = await help.ghLog(b);
    expect(ghLog).toMatchObject({ id: log.id, fromid: a, name: 'Arun Sender', sidapprovest: 'Pending' });
    // Another member sees nothing of it.
    expect((await net.as(b, '/api/PhListDetails', { rowid: log.id })).body).toEqual([[]]);

    expect((await net.as(a, '/api/UpdatePhUser', { rowid: log.id, utrno: '' })).body).toBe('UTR Number is required');
    expect((await net.as(b, '/api/UpdatePhUser', { rowid: log.id, utrno: 'UTR1000001' })).body).toBe(
      'No such help link',
    );
    expect((await net.as(a, '/api/UpdatePhUser', { rowid: log.id, utrno: 'UTR1000001' })).body).toBe(
      'Payment Paid Successfully.',
    );
    expect((await net.as(a, '/api/UpdatePhUser', { rowid: log.id, utrno: 'UTR1000002' })).body).toBe(
      'This help link is no longer pending',
    );
    const [detail] = (await net.as(b, '/api/GhListDetails', { rowid: log.id })).body[0];
    expect(detail).toMatchObject({
      utrno: 'UTR1000001',
      sidapprovest: 'Paid',
      fromid: a,
      uid: b,
      Link_Amount: '200.00',
    });

    expect((await net.as(b, '/api/UpdateGhUser', { rowid: log.id, status: 2, remark: '  ' })).body).toBe(
      'Please Enter Remark !!',
    );
    expect((await net.as(b, '/api/UpdateGhUser', { rowid: log.id, status: 1 })).body).toBe(
      'Payment Received Successfully.',
    );
    expect((await net.as(b, '/api/UpdateGhUser', { rowid: log.id, status: 1 })).body).toBe(
      'This help link is already closed',
    );

    expect(await help.phLog(a)).toEqual([]);
    expect((await net.as(a, '/api/PhListAll', { type: 2 })).body[0]).toEqual([
      // The list rows carry the payment too (member-web's Received/Cancel lists show UTR and dates).
      expect.objectContaining({ id: log.id, paidst: 'Received', utrno: 'UTR1000001', pd: expect.any(String) }),
    ]);
    expect((await help.dashboard(a)).totalphamount).toBe('200.00');
    expect((await help.dashboard(b)).totalghamount).toBe('200.00');
    const history = (await net.as(b, '/api/GetIncomeReport', { type: 'WithdrawalHistory' })).body[0];
    expect(history).toEqual([
      expect.objectContaining({
        row: 1,
        id: withdrawal,
        uid: b,
        amount: '200.00',
        admincharge: '0.00',
        amount_usd: '2.22',
        ss: 'Paid',
      }),
    ]);
    expect(history[0].lgd).not.toBe('');
    expect(history[0].pd).not.toBe('');
    const shown = (await help.adminGet(`help-links/${log.id}`, {}, 200)).body;
    expect(shown).toMatchObject({
      state: 'Received',
      sender: a,
      receiver: b,
      amountRupees: '200.00',
      utr: 'UTR1000001',
    });
    expect(shown.history.map((h: { type: string }) => h.type)).toEqual([
      'HelpLinkCreated',
      'HelpLinkPaid',
      'HelpLinkReceived',
    ]);
    await verifyAndReplay();
  });

  it('a cancel of a paid link, disputed by the sender, is resolved by an admin', async () => {
    const c = await help.memberWithIncome(1, 'Chetan Receiver');
    const withdrawal = await help.approvedWithdrawal(c, 100);
    expect((await help.match()).links).toBe(1);
    const [log] = await help.ghLog(c);
    expect(log.fromid).toBe(a);
    // A UTR already used (by the first link) is refused and flagged.
    expect((await net.as(a, '/api/UpdatePhUser', { rowid: log.id, utrno: 'utr1000001' })).body).toBe(
      'This UTR Number has already been used',
    );
    const flagged = (await help.adminGet('flagged-utrs', { filter: JSON.stringify({ member: a }) }, 200)).body;
    expect(flagged).toEqual([expect.objectContaining({ utr: 'utr1000001', member: a, helpLinkId: log.id })]);
    expect((await net.as(a, '/api/UpdatePhUser', { rowid: log.id, utrno: 'UTR2000001' })).body).toBe(
      'Payment Paid Successfully.',
    );
    expect((await net.as(a, '/api/DisputePhUser', { rowid: log.id, remark: 'I paid' })).body).toBe(
      'Only a cancelled paid link can be disputed, within its dispute window',
    );
    expect((await net.as(c, '/api/UpdateGhUser', { rowid: log.id, status: 2, remark: 'Not received' })).body).toBe(
      'Payment Cancelled Successfully.',
    );
    // Held while the sender may dispute: nothing returned to the queues yet.
    expect((await totals()).GH).toEqual({ count: 0, amountRupees: '0.00' });
    expect((await net.as(a, '/api/PhListAll', { type: 3 })).body[0][0]).toMatchObject({
      id: log.id,
      paidst: 'Cancel',
      GH_remark: 'Not received',
    });
    expect((await net.as(a, '/api/DisputePhUser', { rowid: log.id, remark: '' })).body).toBe('Please Enter Remark !!');
    expect((await net.as(a, '/api/DisputePhUser', { rowid: log.id, remark: 'Paid from SBI, see UTR' })).body).toBe(
      'Dispute Raised Successfully.',
    );
    const disputed = (await help.adminGet('help-links', { filter: JSON.stringify({ disputed: 'true' }) }, 200)).body;
    expect(disputed.map((l: { id: string }) => l.id)).toEqual([log.id]);
    await help.adminPost(`help-links/${log.id}/resolve`, { outcome: 'received' }, 400);
    const resolved = await help.adminPost(`help-links/${log.id}/resolve`, {
      outcome: 'received',
      remark: 'Bank statement shows it',
    });
    expect(resolved.status).toBe(200);
    await help.adminPost(`help-links/${log.id}/resolve`, { outcome: 'cancel', remark: 'again' }, 409);
    const row = (await help.adminGet('withdrawals', { filter: JSON.stringify({ member: c }) })).body[0];
    expect(row).toMatchObject({ id: withdrawal, status: 'Paid' });
    const shown = (await help.adminGet(`help-links/${log.id}`)).body;
    expect(shown.history.map((h: { type: string; remark?: string }) => [h.type, h.remark])).toEqual([
      ['HelpLinkCreated', undefined],
      ['HelpLinkPaid', undefined],
      ['HelpLinkCancelled', 'Not received'],
      ['HelpLinkDisputed', 'Paid from SBI, see UTR'],
      ['HelpLinkResolved', 'Bank statement shows it'],
      ['HelpLinkReceived', undefined],
    ]);
    expect((await help.dashboard(a)).totalphamount).toBe('300.00');
    await verifyAndReplay();
  });

  it('an unpaid link expires at its deadline (clock jump): the receiver is matched again, the sender reopened once, then closed', async () => {
    const d = await help.memberWithIncome(2, 'Divya Receiver');
    await help.approvedWithdrawal(d, 200);
    expect((await help.match()).links).toBe(1);
    const ledger = ledgerOn(t.db.app);
    expect(await sweepHelp(ledger, new Date(Date.now() + 23 * HOUR))).toEqual({ links: 0, entitlements: 0 });
    expect(await sweepHelp(ledger, new Date(Date.now() + 25 * HOUR))).toEqual({ links: 1, entitlements: 0 });
    expect((await net.as(d, '/api/GhListAll', { type: 3 })).body[0][0]).toMatchObject({ sidapprovest: 'Expired' });
    // Both amounts back in their queues: D's ₹200 to be matched again, A's commitment reopened (9,700 waiting again).
    expect(await totals()).toEqual({
      PH: { count: 1, amountRupees: '9700.00' },
      GH: { count: 1, amountRupees: '200.00' },
    });
    expect((await help.match()).links).toBe(1);
    // With phToGhDelayHours 0 the entitlement is credited with the closing itself, not by the sweeper.
    expect(await sweepHelp(ledger, new Date(Date.now() + 25 * HOUR))).toEqual({ links: 1, entitlements: 0 });
    // Second failure: A's commitment is closed (nothing of it waits); it gave ₹300 and earns a GH entitlement of ₹300.
    expect(await totals()).toEqual({
      PH: { count: 0, amountRupees: '0.00' },
      GH: { count: 2, amountRupees: '500.00' },
    });
    const [req] = (await help.adminGet('help-requests', { filter: JSON.stringify({ member: a }) })).body;
    expect(req).toMatchObject({
      status: 'closed',
      outcome: 'failed',
      given_paise: '30000',
      failures: 2,
      entitlement_paise: '30000',
    });
    const entries = (await help.adminGet('queue-entries', { filter: JSON.stringify({ side: 'GH' }) }, 200)).body;
    expect(
      entries.map((e: { member: string; source: string; amountRupees: string }) => [
        e.member,
        e.source,
        e.amountRupees,
      ]),
    ).toEqual([
      [d, 'withdrawal', '200.00'],
      [a, 'ph-completed', '300.00'],
    ]);
    // A closed request frees A to ask again.
    await net.issue(a, 1, 'EpintypeB');
    expect(
      (await net.as(a, '/api/GHRequesttoAdmin', { sid: a, referby: a, epin: 'EpintypeB', type: 'Upgrade' })).body
        .result,
    ).toBe('Successfull');
    await verifyAndReplay();
  });

  it('rejections: a rejected withdrawal returns its reservation; a rejected help request frees the member', async () => {
    const e = await help.memberWithIncome(1, 'Esha Member');
    expect((await net.as(e, '/api/Withdrawal', { Request_amount: '100' })).body.result).toBe('Done');
    expect((await help.dashboard(e)).Net_Balance).toBe('0.00');
    const [row] = (await help.adminGet('withdrawals', { filter: JSON.stringify({ member: e }) })).body;
    await help.adminPost(`withdrawals/${row.id}/reject`, {}, 400);
    await help.adminPost(`withdrawals/${row.id}/reject`, { remark: 'bank details missing' }, 200);
    await help.adminPost(`withdrawals/${row.id}/approve`, {}, 409);
    expect(await help.dashboard(e)).toMatchObject({
      Net_Balance: '100.00',
      totalWithdrawal: '0.00',
      TodayWithdrawal: '0.00',
    });
    expect((await net.as(e, '/api/GetIncomeReport', { type: 'WithdrawalHistory' })).body[0][0]).toMatchObject({
      ss: 'Rejected',
    });

    await net.issue(e, 1, 'EpintypeB');
    expect(
      (await net.as(e, '/api/GHRequesttoAdmin', { sid: e, referby: e, epin: 'EpintypeB', type: 'Activate' })).body
        .result,
    ).toBe('Successfull');
    const [req] = (await help.adminGet('help-requests', { filter: JSON.stringify({ member: e }) })).body;
    await help.adminPost(`help-requests/${req.id}/reject`, { remark: 'duplicate' }, 200);
    await net.issue(e, 1, 'EpintypeB');
    expect(
      (await net.as(e, '/api/GHRequesttoAdmin', { sid: e, referby: e, epin: 'EpintypeB', type: 'Upgrade' })).body
        .result,
    ).toBe('Successfull');
    await verifyAndReplay();
  });

  it('settings: helpAutoApprove puts a request in the PH queue at once; withdrawalChargePercent and the minimum apply to the next request', async () => {
    // A change approved by a second superadmin (four eyes, decision 0034); a bad value is refused at once.
    const put = async (key: string, value: unknown, status = 200) =>
      expect((await net.setting(key, value)).status).toBe(status);
    await put('helpAutoApprove', 'yes', 400);
    await put('withdrawalChargePercent', 100, 400);
    await put('helpAutoApprove', true);
    await put('withdrawalChargePercent', 10);
    await put('withdrawalMinRupees', 150);
    const f = await help.memberWithIncome(2, 'Farah Member');
    await net.issue(f, 1, 'EpintypeB');
    expect(
      (await net.as(f, '/api/GHRequesttoAdmin', { sid: f, referby: f, epin: 'EpintypeB', type: 'Upgrade' })).body
        .result,
    ).toBe('Successfull');
    const [req] = (await help.adminGet('help-requests', { filter: JSON.stringify({ member: f }) })).body;
    expect(req).toMatchObject({ status: 'in-queue', decided_by: 'auto' });
    expect((await net.as(f, '/api/Withdrawal', { Request_amount: '100' })).body.result).toBe(
      'Minimum withdrawal amount is 150',
    );
    expect((await net.as(f, '/api/Withdrawal', { Request_amount: '200' })).body.result).toBe('Done');
    const [w] = (await help.adminGet('withdrawals', { filter: JSON.stringify({ member: f }) })).body;
    expect(w).toMatchObject({ amountRupees: '200.00', chargeRupees: '20.00', payoutRupees: '180.00' });
    await help.adminPost(`withdrawals/${w.id}/approve`);
    const entries = (await help.adminGet('queue-entries', { filter: JSON.stringify({ member: f, side: 'GH' }) })).body;
    expect(entries).toEqual([
      expect.objectContaining({ amountRupees: '180.00', source: 'withdrawal', sourceId: w.id }),
    ]);
    await put('helpAutoApprove', false);
    await put('withdrawalChargePercent', 0);
    await put('withdrawalMinRupees', 100);
    await verifyAndReplay();
  });

  it('a blocked member is left out of matching; their open links are listed for admins, who may resolve a Pending one', async () => {
    const g = await help.memberWithIncome(1, 'Gita Receiver');
    const s1 = await net.register(g, 'Blocked Later');
    await help.approvedHelp(s1, 'EpintypeB');
    await help.approvedWithdrawal(g, 100);
    // Other PH entries wait too (older ones); block every other sender so g's GH can only go to s1.
    expect((await help.match()).links).toBeGreaterThan(0);
    const mine = (await help.adminGet('help-links', { filter: JSON.stringify({ member: g, state: 'Pending' }) })).body;
    expect(mine).toHaveLength(1);
    const sender = mine[0].sender as string;
    await help.adminPost(`members/${sender}/block`, { remark: 'fraud check' });
    const listed = (await help.adminGet('help-links', { filter: JSON.stringify({ blocked: 'true' }) })).body;
    expect(listed.map((l: { id: string }) => l.id)).toContain(mine[0].id);
    expect(listed.every((l: { blockedMember: boolean }) => l.blockedMember)).toBe(true);
    const before = (await help.adminGet('queue-totals')).body.GH;
    await help.adminPost(`help-links/${mine[0].id}/resolve`, { outcome: 'cancel', remark: 'sender blocked' });
    expect((await help.adminGet('queue-totals')).body.GH.count).toBe(before.count + 1);
    // The blocked sender's entries still wait but are never matched: g's GH goes to someone else or waits.
    const involving = async () =>
      (await help.adminGet('help-links', { filter: JSON.stringify({ member: sender }) })).body.length as number;
    const linksBefore = await involving();
    await help.match();
    expect(await involving()).toBe(linksBefore);
    await help.adminPost(`members/${sender}/unblock`, { remark: 'cleared' });
    await verifyAndReplay();
  });

  it('roles: support and auditor read; only an approver (or superadmin) approves, matches and resolves', async () => {
    const login = async (username: string) =>
      (
        await request(t.app.getHttpServer())
          .post('/admin-api/auth/login')
          .send({ username, password: 'Admin@123' })
          .expect(200)
      ).body.token as string;
    for (const role of ['support', 'auditor']) {
      const token = await login(role);
      await request(t.app.getHttpServer())
        .get('/admin-api/help-links')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      await request(t.app.getHttpServer())
        .get('/admin-api/queue-totals')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      await request(t.app.getHttpServer())
        .post('/admin-api/matching/run')
        .set('Authorization', `Bearer ${token}`)
        .expect(403);
    }
    const approver = await login('approver');
    await request(t.app.getHttpServer())
      .post('/admin-api/matching/run')
      .set('Authorization', `Bearer ${approver}`)
      .expect(200);
  });

  it('a link written as one HelpLinkCreated on its own stream (ledgers before decision 0023) still projects, settles, verifies and replays', async () => {
    const r = await help.memberWithIncome(1, 'Old Format Receiver');
    const s = await net.register(r, 'Old Format Sender');
    const phEntry = await help.approvedHelp(s);
    const withdrawal = await help.approvedWithdrawal(r, 100);
    const id = 'HL0000000000AA';
    await ledgerOn(t.db.app).run({ actor: { kind: 'system', id: 'old-release' }, correlationId: 'old-link' }, (tx) =>
      tx.append(helpLinkStream(id), 0, [
        decideCreateLink({
          id,
          phEntryId: phEntry,
          ghEntryId: `gh-${withdrawal}`,
          requestId: phEntry.slice('ph-'.length),
          ghSource: 'withdrawal',
          ghSourceId: withdrawal,
          sender: { uid: s, name: 'Old Format Sender', mobile: '9876543210' },
          receiver: { uid: r, name: 'Old Format Receiver', mobile: '9876543210' },
          bank: { bankName: '', branch: '', ifsc: '', accountNumber: '', holder: 'Old Format Receiver', gpay: '' },
          amountPaise: 10_000n,
          manual: false,
          now: new Date(),
          linkDeadlineHours: 24,
        }),
      ]),
    );
    expect((await help.phLog(s)).map((l) => l.id)).toEqual([id]);
    expect((await net.as(s, '/api/UpdatePhUser', { rowid: id, utrno: 'OLDUTR0001' })).body).toBe(
      'Payment Paid Successfully.',
    );
    expect((await net.as(r, '/api/UpdateGhUser', { rowid: id, status: 1 })).body).toBe(
      'Payment Received Successfully.',
    );
    const shown = (await help.adminGet(`help-links/${id}`)).body;
    expect(shown.history.map((h: { type: string }) => h.type)).toEqual([
      'HelpLinkCreated',
      'HelpLinkPaid',
      'HelpLinkReceived',
    ]);
    await verifyAndReplay();
  });

  it('answers the public network health without member data', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/network-health').expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['asOf', 'last7Days', 'queues']);
    expect(res.body.queues.PH).toEqual({ count: expect.any(Number), amountRupees: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/\b\d{6}\b.*uid|member/);
  });
});

describe('ledger verify catches tampering with the help circle (as the database owner)', () => {
  let t: TestApp;
  let help: HelpCircle;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    help = new HelpCircle(t, new Network(t));
    const b = await help.memberWithIncome(1, 'Bina Receiver');
    const a = await help.net.register(b, 'Arun Sender');
    await help.approvedHelp(a);
    await help.approvedWithdrawal(b, 100);
    await help.match();
  });
  afterAll(() => t.close());

  it('passes untouched, then names a queue edited behind the ledger', async () => {
    expect((await verifyLedger(t.db.app, LEDGER_CHECKS)).problems).toEqual([]);
    await t.db.owner.execute("update queue_entries set remaining_paise = remaining_paise + 100 where side = 'PH'");
    const broken = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(broken.problems.map((p) => p.reason).join('\n')).toMatch(
      /PH queue of \d{6}: 990100 paise waiting in the read table, 990000 in the ph-owed account/,
    );
  });

  it('names a help link row without its event (a half link)', async () => {
    const [link] = await t.db.owner.query<{ id: string }>('select id from help_links limit 1');
    await t.db.owner.execute("update help_links set id = 'HL0000000000FF' where id = $1", [link.id]);
    const broken = await verifyLedger(t.db.app, LEDGER_CHECKS);
    const reasons = broken.problems.map((p) => p.reason).join('\n');
    expect(reasons).toContain('help link HL0000000000FF: nothing in the ledger, 10000 paise');
    expect(reasons).toContain(`help link ${link.id}: 10000 paise at`);
  });
});
