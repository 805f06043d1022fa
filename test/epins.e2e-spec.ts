import request from 'supertest';
import { topUp } from '../src/modules/epins';
import { shardOf } from '../src/modules/network/projections/team-counts.projection';
import { LevelIncomeBatcher, payLevelIncome, payLevelIncomes } from '../src/modules/income';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { loadSettings } from '../src/modules/settings';
import { Tx } from '../src/platform/db/pipelined-tx';
import { appendToStream } from '../src/platform/event-store/event-store';
import { REGISTER_LEDGER_WRITER_SQL } from '../src/platform/event-store/ledger-order';
import { EventMetadata } from '../src/platform/event-store/event.types';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { Network } from './support/network';
import { ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const meta: EventMetadata = { actor: { kind: 'system', id: 'test' }, correlationId: 'epins-test' };
/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('e-pins, top-ups and level income', () => {
  let t: TestApp;
  let net: Network;

  const topupPositionOf = async (memberUid: string): Promise<string> => {
    const [row] = await t.db.owner.query<{ position: string }>(
      'select position::text as position from topups where member_uid = $1 order by position desc limit 1',
      [memberUid],
    );
    return row.position;
  };
  const pay = async (memberUid: string) => payLevelIncome(ledgerOn(t.db.app), await topupPositionOf(memberUid));
  const activateSelf = async (uid: string) => {
    const [pin] = await net.issue(uid, 1);
    expect((await net.as(uid, '/api/ActivateId', { touid: uid, epin: pin })).body.result).toBe(
      ' Activation Successfull',
    );
    await pay(uid);
  };

  /** A member under a sponsor just activated (income paid), holding one e-pin of their own. */
  const memberUnderActiveSponsor = async () => {
    const sponsor = await net.register();
    await activateSelf(sponsor);
    const member = await net.register(sponsor);
    const [pin] = await net.issue(member, 1);
    return { sponsor, member, pin };
  };
  /** Run after the test, even one that failed or timed out: ends the transactions a test holds open on a gate or in withOpenTransaction. */
  const ends: Array<() => Promise<void>> = [];
  const endWithTest = (end: () => Promise<void>) => void ends.push(end);
  afterEach(async () => {
    for (const end of ends.splice(0)) await end();
  });

  /** Runs `work` in a ledger writer's transaction of its own on the application role, held open until `commit` (rolled back if never called). */
  const withOpenTransaction = async (work: (open: Tx, commit: () => Promise<void>) => Promise<void>) => {
    const runner = t.db.app.dataSource.createQueryRunner();
    await runner.connect();
    // A test that times out never reaches the finally below: its transaction then ends after it.
    endWithTest(async () => {
      if (runner.isReleased) return;
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    });
    try {
      await runner.startTransaction('READ COMMITTED');
      await runner.query(REGISTER_LEDGER_WRITER_SQL); // a ledger writer, as Database.transaction's are (decision 0036)
      await work(new Tx(runner), () => runner.commitTransaction());
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
  });
  afterAll(() => t.close());

  it('issues e-pins from admin-web that the member then sees unused, oldest first', async () => {
    const uid = await net.register();
    const numbers = await net.issue(uid, 3);
    expect(numbers).toHaveLength(3);
    for (const n of numbers) expect(n).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    const unused = await net.unused(uid);
    expect(unused.map((r) => r.pin).sort()).toEqual([...numbers].sort());
    expect(unused[0]).toMatchObject({ row: 1, pin_owner: uid, pinamnt: '299.00', ss: 'Unused', epintype: 'EpintypeB' });
    const data = await request(t.app.getHttpServer())
      .get('/api/getEpinData')
      .query({ uid })
      .set('Authorization', `Bearer ${await net.token(uid)}`)
      .expect(200);
    expect(data.body).toEqual({
      result: { result: 'Successfull', epintype: 'EpintypeB' },
      data: [[{ epin: unused[0].pin }]],
    });
    const [issued] = await t.db.owner.query<{ payload: { source: unknown }; metadata: { actor: unknown } }>(
      "select payload, metadata from events where type = 'EpinIssued' and stream_id = $1",
      [`epin-${numbers[0]}`],
    );
    expect(issued.payload.source).toEqual({ kind: 'admin', ref: 'superadmin' });
    expect(issued.metadata.actor).toEqual({ kind: 'admin', id: 'superadmin' });
  });

  it("answers 'Insufficient Epin !!' when a member has none", async () => {
    const uid = await net.register();
    const data = await request(t.app.getHttpServer())
      .get('/api/getEpinData')
      .set('Authorization', `Bearer ${await net.token(uid)}`)
      .expect(200);
    expect(data.body.result.result).toBe('Insufficient Epin !!');
  });

  it('transfers the oldest unused e-pins with the spec messages', async () => {
    const from = await net.register();
    const to = await net.register(from, 'Receiver Person');
    const numbers = await net.issue(from, 3);
    expect((await net.as(from, '/api/EpinTransfer', { qty: '', touid: to })).body).toBe('Enter Epin Quantity');
    expect((await net.as(from, '/api/EpinTransfer', { qty: '1', touid: '' })).body).toBe('Enter User Id !!');
    expect((await net.as(from, '/api/EpinTransfer', { qty: '1', touid: '999999' })).body).toBe('Invalid User Id !!');
    // The receiver is checked before any quantity is weighed against the stock, however large.
    expect((await net.as(from, '/api/EpinTransfer', { qty: '600', touid: '999999' })).body).toBe('Invalid User Id !!');
    expect((await net.as(from, '/api/EpinTransfer', { qty: '600', touid: to })).body).toBe('Insufficient Epin !!');
    expect((await net.as(from, '/api/EpinTransfer', { qty: '4', touid: to })).body).toBe('Insufficient Epin !!');
    expect((await net.as(from, '/api/EpinTransfer', { qty: 2, touid: to })).body).toBe('Success');
    const received = (await net.unused(to)).map((r) => r.pin);
    expect(received).toHaveLength(2);
    expect(numbers).toEqual(expect.arrayContaining(received));
    const history = (await net.as(to, '/api/ActivationHistory', { type: 4 })).body[0];
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ fromid: from, uid: to, f_name: 'Receiver Person' });
  });

  it('activates, then upgrades, with one e-pin each; a used or foreign e-pin is refused', async () => {
    const activator = await net.register();
    const member = await net.register(activator, 'Topped Member');
    const [pinB, pinA] = [
      ...(await net.issue(activator, 1, 'EpintypeB')),
      ...(await net.issue(activator, 1, 'EpintypeA')),
    ];
    expect((await net.as(activator, '/api/ActivateId', { touid: member, epin: '' })).body.result).toBe(
      'Epin is required',
    );
    // The spec's order: 'Epin is required' before 'Wrong User Id', whatever the user id looks like.
    for (const touid of ['', '   ', '12', '9'.repeat(50), undefined]) {
      expect((await net.as(activator, '/api/ActivateId', { touid, epin: '' })).body).toEqual({
        result: 'Epin is required',
      });
    }
    expect((await net.as(activator, '/api/ActivateId', {})).body).toEqual({ result: 'Epin is required' });
    for (const touid of ['', '9'.repeat(50), 'abcdef'])
      expect((await net.as(activator, '/api/ActivateId', { touid, epin: pinB })).body).toEqual({
        result: 'Wrong User Id',
      });
    expect((await net.as(activator, '/api/ActivateId', { touid: member, epin: 'X'.repeat(41) })).body).toEqual({
      result: 'Invalid Epin',
    });
    expect((await net.as(activator, '/api/ActivateId', { touid: '999999', epin: pinB })).body.result).toBe(
      'Wrong User Id',
    );
    expect((await net.as(member, '/api/ActivateId', { touid: member, epin: pinB })).body.result).toBe('Invalid Epin');
    expect((await net.as(activator, '/api/ActivateId', { touid: member, epin: pinB })).body.result).toBe(
      ' Activation Successfull',
    );
    expect((await net.as(activator, '/api/ActivateId', { touid: member, epin: pinB })).body.result).toBe(
      'Epin already used',
    );
    expect((await net.as(activator, '/api/ActivateId', { touid: member, epin: pinA })).body.result).toBe(
      ' Upgrade Successfull',
    );
    const [row] = await t.db.owner.query<{ status: string; current: string; total: string; activated_at: Date | null }>(
      'select status, current_package_paise::text as current, total_package_paise::text as total, activated_at from members where uid = $1',
      [member],
    );
    expect(row).toMatchObject({ status: 'Active', current: '100000', total: '129900' });
    expect(row.activated_at).not.toBeNull();
    const sponsor = await request(t.app.getHttpServer()).get('/api/check_sponsorid').query({ uid: member }).expect(200);
    expect(sponsor.body.top_up).toBe('Active');
    const used = (await net.as(activator, '/api/ActivationHistory', { type: 3 })).body[0];
    expect(used.map((r: { pin: string }) => r.pin).sort()).toEqual([pinA, pinB].sort());
    expect(used[0]).toMatchObject({ user_by: member, ss: 'Used' });
    const registrations = (await net.as(activator, '/api/ActivationHistory', { type: 1 })).body[0];
    expect(registrations).toHaveLength(2);
    expect(registrations[0]).toMatchObject({ user_id: member, f_name: 'Topped Member', referby: activator });
  });

  it('Idempotency-Key on the admin issue: a replay or a double click makes one four-eyes request, issued once; the key with another body → 409', async () => {
    const owner = await net.register();
    const issue = (key: string | undefined, body: Record<string, unknown>, bearer?: string) => {
      const req = request(t.app.getHttpServer()).post('/admin-api/epins/issue');
      if (key !== undefined) req.set('Idempotency-Key', key);
      return req.set('Authorization', `Bearer ${bearer ?? adminBearer}`).send(body);
    };
    const adminBearer = await net.admin();
    const body = { owner, type: 'EpintypeB', quantity: 2 };
    // The maker's key makes one four-eyes request (decision 0034); a second admin carries it out once.
    const first = await issue('issue-dialog-1', body);
    expect([first.status, first.body.status]).toEqual([202, 'AwaitingSecondApproval']);
    const replay = await issue('issue-dialog-1', body);
    expect([replay.status, replay.body]).toEqual([202, first.body]);
    // A double click: two requests with one key at the same moment → one request, one answer.
    const clicks = await Promise.all([issue('issue-dialog-2', body), issue('issue-dialog-2', body)]);
    expect(clicks.map((c) => c.status)).toEqual([202, 202]);
    expect(clicks[1].body).toEqual(clicks[0].body);
    expect(clicks[0].body.id).not.toBe(first.body.id);
    expect(await net.unused(owner)).toHaveLength(0);
    const approver = (
      await request(t.app.getHttpServer())
        .post('/admin-api/auth/login')
        .send({ username: 'approver', password: 'Admin@123' })
        .expect(200)
    ).body.token;
    for (const id of [first.body.id, clicks[0].body.id]) {
      const approved = await request(t.app.getHttpServer())
        .post(`/admin-api/four-eyes/${id}/approve`)
        .set('Authorization', `Bearer ${approver}`);
      expect(approved.status).toBe(200);
      expect(approved.body.result.numbers).toHaveLength(2);
    }
    expect(await net.unused(owner)).toHaveLength(4);
    const other = await issue('issue-dialog-1', { ...body, quantity: 3 });
    expect([other.status, other.body.message]).toEqual([409, 'Idempotency key reused with a different request']);
    expect((await issue('issue-dialog-1', body, approver)).status).toBe(409); // the same key from another admin is another request
    expect((await issue('x'.repeat(129), body)).status).toBe(400);
    expect(await net.unused(owner)).toHaveLength(4);
    const [issued] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'EpinIssued' and payload->>'owner' = $1",
      [owner],
    );
    expect(issued.n).toBe(4);
    // Without a key it still works (a new request each time).
    const unkeyed = await net.second.approve(issue(undefined, { ...body, quantity: 1 }));
    expect(unkeyed.status).toBe(200);
    expect(await net.unused(owner)).toHaveLength(5);
  });

  it('Idempotency-Key on EpinTransfer (optional): a replay moves nothing more; the key with another body → 409', async () => {
    const from = await net.register();
    const to = await net.register(from);
    await net.issue(from, 4);
    const token = await net.token(from);
    const transfer = (key: string | undefined, body: Record<string, unknown>) => {
      const req = request(t.app.getHttpServer()).post('/api/EpinTransfer').set('Authorization', `Bearer ${token}`);
      if (key !== undefined) req.set('Idempotency-Key', key);
      return req.send(body);
    };
    const first = await transfer('transfer-1', { qty: '1', touid: to });
    expect([first.status, first.text]).toEqual([200, '"Success"']);
    const replay = await transfer('transfer-1', { qty: '1', touid: to });
    expect([replay.status, replay.text]).toEqual([200, '"Success"']);
    expect(await net.unused(to)).toHaveLength(1);
    const both = await Promise.all([
      transfer('transfer-2', { qty: '2', touid: to }),
      transfer('transfer-2', { qty: '2', touid: to }),
    ]);
    expect(both.map((r) => r.body)).toEqual(['Success', 'Success']);
    expect(await net.unused(to)).toHaveLength(3);
    expect(await net.unused(from)).toHaveLength(1);
    const other = await transfer('transfer-1', { qty: '1', touid: to, epintype: 'EpintypeA' });
    expect([other.status, other.body.result]).toEqual([409, 'Idempotency key reused with a different request']);
    expect((await transfer('transfer-1', { qty: '2', touid: to })).status).toBe(409);
    expect(await net.unused(to)).toHaveLength(3);
    const [moves] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'EpinTransferred' and payload->>'from' = $1",
      [from],
    );
    expect(moves.n).toBe(3);
    // The member contract stays compatible: no key, an ordinary transfer.
    expect((await transfer(undefined, { qty: '1', touid: to })).body).toBe('Success');
    expect(await net.unused(from)).toHaveLength(0);
  });

  it('pays level income to Active uplines only, floor(P × rate) per level, the rest to the platform', async () => {
    const [a, b, c] = await net.chain(3);
    for (const uid of [a, b, c]) await activateSelf(uid);
    const d = await net.register(c, 'Newest Member');
    const [pin] = await net.issue(c, 1);
    await net.as(c, '/api/ActivateId', { touid: d, epin: pin });
    expect(await pay(d)).toBe('paid');
    const position = await topupPositionOf(d);
    const rows = await t.db.owner.query<{
      level: number;
      earner_uid: string | null;
      amount: string;
      paid: boolean;
      reason: string | null;
    }>(
      'select level, earner_uid, amount_paise::text as amount, paid, reason from level_income where topup_position = $1 order by level',
      [position],
    );
    expect(rows).toHaveLength(15);
    expect(rows.slice(0, 4)).toEqual([
      { level: 1, earner_uid: c, amount: '2990', paid: true, reason: null },
      { level: 2, earner_uid: b, amount: '1495', paid: true, reason: null },
      { level: 3, earner_uid: a, amount: '897', paid: true, reason: null },
      { level: 4, earner_uid: '100000', amount: '598', paid: false, reason: 'inactive' },
    ]);
    expect(rows[14]).toMatchObject({ level: 15, earner_uid: null, amount: '149', paid: false, reason: 'no-upline' });
    const [event] = await t.db.owner.query<{ payload: { postings: Array<{ account: string; amountPaise: string }> } }>(
      'select payload from events where stream_id = $1',
      [`level-income-${position}`],
    );
    expect(event.payload.postings).toEqual([
      { account: 'platform:topups', amountPaise: '-8820' },
      { account: `member:${c}:level-income`, amountPaise: '2990' },
      { account: `member:${b}:level-income`, amountPaise: '1495' },
      { account: `member:${a}:level-income`, amountPaise: '897' },
      { account: 'platform:level-income', amountPaise: '3438' },
    ]);
    const report = (await net.as(c, '/api/GetIncomeReport', { type: 'LevelIncome' })).body[0];
    expect(report[0]).toMatchObject({
      row: 1,
      sid: c,
      uid: d,
      lvl: 1,
      onamount: '299.00',
      onrate: '10.00',
      income: '29.90',
    });
    const dash = (await net.as(c, '/api/userDashboard')).body[0];
    expect(dash).toMatchObject({
      TeamIncome: '29.90',
      TotalIncome: '29.90',
      Net_Balance: '29.90',
      Activestatus: 'Active',
    });
  });

  it('an upline must be Active at the moment of the top-up: activated after it (before the income job runs) → that level unpaid, its share to platform:level-income', async () => {
    const [sponsor] = await net.chain(1);
    const x = await net.register(sponsor, 'Member X');
    const [pinX] = await net.issue(x, 1);
    expect((await net.as(x, '/api/ActivateId', { touid: x, epin: pinX })).body.result).toBe(' Activation Successfull');
    const position = await topupPositionOf(x);
    // The sponsor is activated after X's top-up, and before X's income job has run.
    const [pinS] = await net.issue(sponsor, 1);
    expect((await net.as(sponsor, '/api/ActivateId', { touid: sponsor, epin: pinS })).body.result).toBe(
      ' Activation Successfull',
    );
    const [now] = await t.db.owner.query<{ status: string }>('select status from members where uid = $1', [sponsor]);
    expect(now.status).toBe('Active');
    expect(await payLevelIncome(ledgerOn(t.db.app), position)).toBe('paid');
    const [level1] = await t.db.owner.query(
      'select level, earner_uid, amount_paise::text as amount, paid, reason from level_income where topup_position = $1 and level = 1',
      [position],
    );
    expect(level1).toEqual({ level: 1, earner_uid: sponsor, amount: '2990', paid: false, reason: 'inactive' });
    const [event] = await t.db.owner.query<{ payload: { postings: Array<{ account: string; amountPaise: string }> } }>(
      'select payload from events where stream_id = $1',
      [`level-income-${position}`],
    );
    expect(event.payload.postings).toEqual([
      { account: 'platform:topups', amountPaise: '-8820' },
      { account: 'platform:level-income', amountPaise: '8820' },
    ]);
    expect((await net.as(sponsor, '/api/GetIncomeReport', { type: 'LevelIncome' })).body[0]).toEqual([]);
    // A top-up after the sponsor's activation pays the sponsor.
    const y = await net.register(sponsor);
    const [pinY] = await net.issue(y, 1);
    await net.as(y, '/api/ActivateId', { touid: y, epin: pinY });
    await pay(y);
    const [paid] = await t.db.owner.query(
      'select earner_uid, amount_paise::text as amount, paid from level_income where topup_position = $1 and level = 1',
      [await topupPositionOf(y)],
    );
    expect(paid).toEqual({ earner_uid: sponsor, amount: '2990', paid: true });
  });

  it('pays each level once however often the job runs, in sequence or at the same time', async () => {
    const [a] = await net.chain(1);
    await activateSelf(a);
    const b = await net.register(a);
    const [pin] = await net.issue(a, 1);
    await net.as(a, '/api/ActivateId', { touid: b, epin: pin });
    const position = await topupPositionOf(b);
    const ledger = ledgerOn(t.db.app);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => payLevelIncome(ledger, position)));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(await payLevelIncome(ledger, position)).toBe('already-paid');
    const [count] = await t.db.owner.query<{ n: number }>(
      'select count(*)::int as n from level_income where topup_position = $1',
      [position],
    );
    expect(count.n).toBe(15);
  });

  it('pays top-ups in batches: one transaction, each its own settings, each (top-up, level) once when batches race', async () => {
    const [a] = await net.chain(1);
    await activateSelf(a);
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await net.register(a));
    const pins = await net.issue(a, 6);
    const positions: string[] = [];
    // The rates go back to the defaults whatever happens here (later tests count on them).
    endWithTest(async () => {
      await net.setting('levelIncomeRatesBp', [1000, 500, 300, 200, 200, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50]);
    });
    for (const [i, m] of members.entries()) {
      // The rate of level 1 changes between the third and the fourth top-up.
      if (i === 3) expect((await net.setting('levelIncomeRatesBp', [2000, ...Array(14).fill(0)])).status).toBe(200);
      await net.as(a, '/api/ActivateId', { touid: m, epin: pins[i] });
      positions.push(await topupPositionOf(m));
    }
    const ledger = ledgerOn(t.db.app);
    // Overlapping batches and a single payment at the same time, then all of them again.
    const runs = await Promise.all([
      payLevelIncomes(ledger, positions.slice(0, 4)),
      payLevelIncomes(ledger, positions.slice(2)),
      payLevelIncome(ledger, positions[3]).then((o) => new Map([[positions[3], o]])),
    ]);
    for (const p of positions) {
      const outcomes = runs.map((r) => r.get(p)).filter((o) => o !== undefined);
      expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
      expect(outcomes.every((o) => o === 'paid' || o === 'already-paid')).toBe(true);
    }
    expect([...(await payLevelIncomes(ledger, [...positions, positions[0], '1'])).entries()]).toEqual([
      ...positions.map((p) => [p, 'already-paid']),
      ['1', 'not-a-top-up'],
    ]);
    const rows = await t.db.owner.query<{ position: string; n: number; level1: string }>(
      `select topup_position::text as position, count(*)::int as n,
              max(amount_paise) filter (where level = 1)::text as level1
         from level_income where topup_position = any($1::bigint[]) group by 1 order by 1`,
      [positions],
    );
    expect(rows).toEqual(positions.map((p, i) => ({ position: p, n: 15, level1: i < 3 ? '2990' : '5980' })));
    // The first batch wrote its top-ups' events in one transaction.
    const [first] = await t.db.owner.query<{ txs: number; events: number }>(
      `select count(distinct tx_id)::int as txs, count(*)::int as events from events
        where stream_id = any($1::text[])`,
      [positions.map((p) => `level-income-${p}`)],
    );
    expect(first.events).toBe(6);
    expect(first.txs).toBeLessThanOrEqual(3);
  });

  it('the batcher pays jobs that arrive while a payment is in flight together, each job told its own outcome', async () => {
    const [a] = await net.chain(1);
    await activateSelf(a);
    const members = [];
    for (let i = 0; i < 8; i++) members.push(await net.register(a));
    const pins = await net.issue(a, 8);
    const positions: string[] = [];
    for (const [i, m] of members.entries()) {
      await net.as(a, '/api/ActivateId', { touid: m, epin: pins[i] });
      positions.push(await topupPositionOf(m));
    }
    const batcher = new LevelIncomeBatcher(ledgerOn(t.db.app), 4);
    const outcomes = await Promise.all([...positions, positions[0], '1'].map((p) => batcher.pay(p)));
    expect(outcomes.slice(0, 8)).toEqual(Array(8).fill('paid'));
    expect(outcomes.slice(8)).toEqual(['already-paid', 'not-a-top-up']);
    // The first job alone, then the rest in batches of at most 4: 1 + 4 + 3 positions → 3 transactions.
    const txs = await t.db.owner.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id = any($1::text[]) group by tx_id order by min(position)`,
      [positions.map((p) => `level-income-${p}`)],
    );
    expect(txs.map((r) => r.n)).toEqual([1, 4, 3]);
  });

  it('applies a rate change from then on, never to a top-up made before it', async () => {
    const [a] = await net.chain(1);
    await activateSelf(a);
    const before = await net.register(a);
    const after = await net.register(a);
    const [pin1, pin2] = await net.issue(a, 2);
    await net.as(a, '/api/ActivateId', { touid: before, epin: pin1 });
    const rates = [2000, ...Array(14).fill(0)];
    expect((await net.setting('levelIncomeRatesBp', rates)).status).toBe(200);
    await net.as(a, '/api/ActivateId', { touid: after, epin: pin2 });
    await pay(before);
    await pay(after);
    const level1 = async (uid: string) =>
      (
        await t.db.owner.query<{ amount: string }>(
          'select amount_paise::text as amount from level_income where from_uid = $1 and level = 1',
          [uid],
        )
      )[0].amount;
    expect(await level1(before)).toBe('2990');
    expect(await level1(after)).toBe('5980');
    expect(
      (await net.setting('levelIncomeRatesBp', [1000, 500, 300, 200, 200, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50]))
        .status,
    ).toBe(200);
    expect((await net.setting('levelIncomeRatesBp', [1, 2])).status).toBe(400);
  });

  // "Before the top-up" is the ledger's commit-safe order, (transaction id, position): positions are handed
  // out at INSERT, so a lower position can commit after a higher one; the order the relay delivers in is final.
  it("applies a rate change only if it comes before the top-up in the ledger's order: one in a younger transaction, though at a lower position, does not", async () => {
    const { sponsor, member, pin } = await memberUnderActiveSponsor();
    const ledger = ledgerOn(t.db.app);
    const rates = (await loadSettings(t.db.app)).levelIncomeRatesBp;
    const raised = [rates[0] + 500, ...rates.slice(1)];
    await withOpenTransaction(async (open, commit) => {
      const topupHasId = gate();
      const changeInserted = gate();
      const topup = ledger.run(meta, async (tx) => {
        await tx.query('select pg_current_xact_id()'); // the top-up's transaction is the older one
        topupHasId.open();
        await changeInserted.opened;
        return topUp(tx, member, member, pin);
      });
      // Whatever fails or times out below, the top-up's transaction (a ledger writer holding an id)
      // ends with the test (afterEach), so it cannot hold the horizon for the tests after it.
      endWithTest(async () => {
        changeInserted.open();
        await topup.catch(() => undefined);
      });
      await topupHasId.opened;
      // The rate change: a younger transaction that inserts its event first (a lower position) and stays open.
      const [head] = await open.query<{ v: number | null }>(
        "select max(stream_version) as v from events where stream_id = 'settings'",
      );
      const [change] = await appendToStream(
        open,
        'settings',
        head.v ?? 0,
        [{ type: 'SettingChanged', payload: { key: 'levelIncomeRatesBp', value: raised } }],
        meta,
      );
      await new ProjectionRunner(ALL_PROJECTIONS).apply(open, [change]);
      changeInserted.open();
      expect(await topup).toMatchObject({ ok: true });
      const position = await topupPositionOf(member);
      expect(BigInt(position)).toBeGreaterThan(BigInt(change.position));
      expect(await payLevelIncome(ledger, position)).toBe('paid'); // at once: the open transaction is younger
      await commit();

      const [level1] = await t.db.owner.query<{ rate_bp: number; earner_uid: string }>(
        'select rate_bp, earner_uid from level_income where topup_position = $1 and level = 1',
        [position],
      );
      expect(level1).toEqual({ rate_bp: rates[0], earner_uid: sponsor });
      // The ledger says the same now that the change has committed: before that top-up, the old rates were in force.
      expect((await loadSettings(t.db.app, position)).levelIncomeRatesBp).toEqual(rates);
    });
    expect((await net.setting('levelIncomeRatesBp', rates)).status).toBe(200);
  });

  it('decides only once every older transaction has ended: an upline activated in an older one, still open, is paid when it commits', async () => {
    const sponsor = await net.register();
    // The member's first top-up counts them Active in their uplines' team_counts rows of the shard
    // uid mod 8 (decision 0039): in the sponsor's shard, those rows are locked by the sponsor's open
    // top-up, so the member's would wait for it and could never commit first. Uids are random: pick
    // a member in another shard.
    let member = await net.register(sponsor);
    while (shardOf(member) === shardOf(sponsor)) member = await net.register(sponsor);
    const [sponsorPin] = await net.issue(sponsor, 1);
    const [memberPin] = await net.issue(member, 1);
    const ledger = ledgerOn(t.db.app);
    const sponsorInserted = gate();
    const sponsorMayCommit = gate();
    const sponsorTopup = ledger.run(meta, async (tx) => {
      const outcome = await topUp(tx, sponsor, sponsor, sponsorPin);
      sponsorInserted.open();
      await sponsorMayCommit.opened;
      return outcome;
    });
    // Whatever fails or times out below, the sponsor's transaction ends with the test (afterEach):
    // left open, it would hold the ledger's horizon, and every later payment of this file would fail.
    endWithTest(async () => {
      sponsorMayCommit.open();
      await sponsorTopup.catch(() => undefined);
    });
    await sponsorInserted.opened;
    expect(await ledger.run(meta, (tx) => topUp(tx, member, member, memberPin))).toMatchObject({ ok: true }); // younger, higher position, committed first
    const memberTopup = await topupPositionOf(member);
    // While the sponsor's older transaction is open, an attempt to decide pays nothing.
    await expect(payLevelIncome(ledger, memberTopup, { settleWaitMs: 0 })).rejects.toThrow(
      /a transaction older than the top-up's is still open/,
    );
    expect(await t.db.owner.query('select 1 from level_income where topup_position = $1', [memberTopup])).toEqual([]);
    const paying = payLevelIncome(ledger, memberTopup);
    sponsorMayCommit.open();
    expect(await sponsorTopup).toMatchObject({ ok: true });
    expect(await paying).toBe('paid');
    const [level1] = await t.db.owner.query<{ paid: boolean; earner_uid: string }>(
      'select paid, earner_uid from level_income where topup_position = $1 and level = 1',
      [await topupPositionOf(member)],
    );
    expect(level1).toEqual({ paid: true, earner_uid: sponsor });
  });

  it('fails (so that its job is retried) when an older transaction stays open, and pays once it has ended', async () => {
    const { member, pin } = await memberUnderActiveSponsor();
    const ledger = ledgerOn(t.db.app);
    await withOpenTransaction(async (older, commit) => {
      await older.query('select pg_current_xact_id()');
      expect(await ledger.run(meta, (tx) => topUp(tx, member, member, pin))).toMatchObject({ ok: true });
      const started = Date.now();
      await expect(payLevelIncome(ledger, await topupPositionOf(member), { settleWaitMs: 300 })).rejects.toThrow(
        /a transaction older than the top-up's is still open/,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(300); // it waited before giving up
      await commit();
    });
    expect(await pay(member)).toBe('paid');
  });

  it('lets exactly one of 50 simultaneous top-ups with the same e-pin succeed', async () => {
    const owner = await net.register();
    const targets = await Promise.all(Array.from({ length: 5 }, () => net.register(owner)));
    const [pin] = await net.issue(owner, 1);
    await net.token(owner);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => net.as(owner, '/api/ActivateId', { touid: targets[i % 5], epin: pin })),
    );
    const results = answers.map((a) => a.body.result);
    expect(results.filter((r) => r === ' Activation Successfull')).toHaveLength(1);
    expect(results.filter((r) => r === 'Epin already used')).toHaveLength(49);
    const [used] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'EpinUsed' and stream_id = $1",
      [`epin-${pin}`],
    );
    expect(used.n).toBe(1);
    const topups = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where type = 'MemberToppedUp' and payload->>'epin' = $1",
      [pin],
    );
    expect(topups).toHaveLength(1);
    // One top-up, so one set of income payments, however often its job runs.
    const ledger = ledgerOn(t.db.app);
    await Promise.all([1, 2, 3].map(() => payLevelIncome(ledger, topups[0].position)));
    const [income] = await t.db.owner.query<{ events: number; rows: number }>(
      "select (select count(*)::int from events where type = 'LevelIncomeDistributed' and payload->>'topupPosition' = $1) as events, (select count(*)::int from level_income where topup_position = $1::bigint) as rows",
      [topups[0].position],
    );
    expect(income).toEqual({ events: 1, rows: 15 });
  });

  it('drains one stock with 50 simultaneous transfers: no e-pin moves twice, the stock never goes below zero', async () => {
    const owner = await net.register();
    const receivers = await Promise.all(Array.from({ length: 5 }, () => net.register(owner)));
    const numbers = await net.issue(owner, 20);
    await net.token(owner);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => net.as(owner, '/api/EpinTransfer', { qty: '1', touid: receivers[i % 5] })),
    );
    expect(answers.filter((a) => a.body === 'Success')).toHaveLength(20);
    expect(answers.filter((a) => a.body === 'Insufficient Epin !!')).toHaveLength(30);
    const moves = await t.db.owner.query<{ stream_id: string; n: number }>(
      "select stream_id, count(*)::int as n from events where type = 'EpinTransferred' and stream_id = any($1) group by stream_id",
      [numbers.map((n) => `epin-${n}`)],
    );
    expect(moves).toHaveLength(20);
    expect(moves.every((m) => m.n === 1)).toBe(true);
    expect(await net.unused(owner)).toHaveLength(0);
    const [held] = await t.db.owner.query<{ n: number }>(
      'select count(*)::int as n from epins where owner_uid = any($1)',
      [receivers],
    );
    expect(held.n).toBe(20);
  });

  it("opens one help request with a top-up from the caller's own oldest e-pin", async () => {
    const uid = await net.register();
    expect(
      (await net.as(uid, '/api/GHRequesttoAdmin', { sid: uid, referby: uid, epin: 'EpintypeB', type: 'Activate' })).body
        .result,
    ).toBe('Insufficient Epin !!');
    await net.issue(uid, 2);
    const other = await net.register();
    expect(
      (await net.as(uid, '/api/GHRequesttoAdmin', { sid: other, referby: other, epin: 'EpintypeB', type: 'Activate' }))
        .status,
    ).toBe(403);
    expect(
      (await net.as(uid, '/api/GHRequesttoAdmin', { sid: uid, referby: uid, epin: 'EpintypeB', type: 'Activate' })).body
        .result,
    ).toBe('Successfull');
    expect(
      (await net.as(uid, '/api/GHRequesttoAdmin', { sid: uid, referby: uid, epin: 'EpintypeB', type: 'Upgrade' })).body
        .result,
    ).toBe('You already have an open help request');
    expect(await net.unused(uid)).toHaveLength(1); // the refused second request used no e-pin
    const [hr] = await t.db.owner.query<{ kind: string; tier: string }>(
      'select kind, tier_paise::text as tier from help_requests where uid = $1',
      [uid],
    );
    expect(hr).toEqual({ kind: 'Activate', tier: '500000' });
    const admin = await request(t.app.getHttpServer())
      .get('/admin-api/help-requests')
      .query({ filter: JSON.stringify({ uid }) })
      .set('Authorization', `Bearer ${await net.admin()}`)
      .expect(200);
    expect(admin.body).toHaveLength(1);
  });

  it('verifies (e-pins used once, counts and income equal their projections) and replays with zero differences', async () => {
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);

    // A read table edited behind the ledger's back is caught.
    const [victim] = await t.db.owner.query<{ number: string }>(
      "select number from epins where status = 'unused' limit 1",
    );
    await t.db.owner.execute("update epins set owner_uid = '100000' where number = $1", [victim.number]);
    const broken = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(broken.ok).toBe(false);
    expect(broken.problems.map((p) => p.reason).join('\n')).toMatch(
      /e-pins of 100000: 0 in the ledger, 1 in the read table/,
    );
  });
});

describe('ledger verify catches tampering with e-pins and level income (as the database owner, trigger off)', () => {
  let t: TestApp;
  let net: Network;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
  });
  afterAll(() => t.close());

  const reasons = async () => (await verifyLedger(t.db.app, LEDGER_CHECKS)).problems;

  it('names an e-pin with a second EpinUsed event, and a level_income amount that no longer matches its postings', async () => {
    const sponsor = await net.register();
    const [pinS] = await net.issue(sponsor, 1);
    await net.as(sponsor, '/api/ActivateId', { touid: sponsor, epin: pinS });
    await payLevelIncome(
      ledgerOn(t.db.app),
      (
        await t.db.owner.query<{ position: string }>(
          'select position::text as position from topups where member_uid = $1',
          [sponsor],
        )
      )[0].position,
    );
    // An e-pin issued, transferred to the member, then used: three events.
    const member = await net.register(sponsor);
    const [pin] = await net.issue(sponsor, 1);
    expect((await net.as(sponsor, '/api/EpinTransfer', { qty: '1', touid: member })).body).toBe('Success');
    expect((await net.as(member, '/api/ActivateId', { touid: member, epin: pin })).body.result).toBe(
      ' Activation Successfull',
    );
    const [topup] = await t.db.owner.query<{ position: string }>(
      'select position::text as position from topups where member_uid = $1',
      [member],
    );
    expect(await payLevelIncome(ledgerOn(t.db.app), topup.position)).toBe('paid');
    expect(await reasons()).toEqual([]);

    // (a) The transfer event rewritten into a second EpinUsed.
    const [transferred] = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where stream_id = $1 and type = 'EpinTransferred'",
      [`epin-${pin}`],
    );
    await t.db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute(
        `update events set type = 'EpinUsed', payload = jsonb_build_object('by', $2::text, 'member', $2::text) where position = $1`,
        [transferred.position, member],
      );
    });
    const afterUse = await reasons();
    expect(afterUse).toEqual(
      expect.arrayContaining([
        { position: expect.any(String), stream_id: `epin-${pin}`, reason: 'e-pin used more than once' },
      ]),
    );

    // (b) The sponsor's level-income row of that top-up changed from 29.90 to 299.00.
    await t.db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute('update level_income set amount_paise = 29900 where topup_position = $1 and level = 1', [
        topup.position,
      ]);
    });
    const afterIncome = await reasons();
    expect(afterIncome.map((p) => p.reason)).toContain(
      `level income of ${sponsor}: 29900 paise in the read table, 2990 in postings`,
    );
    expect(afterIncome.find((p) => p.reason.startsWith('level income'))).toMatchObject({
      stream_id: `member-${sponsor}`,
    });
  });

  it('names an e-pin whose type or value was changed in the read table, a top-up valued unlike its e-pin, and postings rows the events do not carry', async () => {
    const sponsor = await net.register();
    const [pinS] = await net.issue(sponsor, 1);
    await net.as(sponsor, '/api/ActivateId', { touid: sponsor, epin: pinS });
    const [sponsorTopup] = await t.db.owner.query<{ position: string }>(
      'select position::text as position from topups where member_uid = $1',
      [sponsor],
    );
    await payLevelIncome(ledgerOn(t.db.app), sponsorTopup.position);
    const member = await net.register(sponsor);
    const [pin] = await net.issue(member, 1);

    // (a) An e-pin made worth more in the read table, then used: the top-up records the forged value.
    await t.db.owner.execute("update epins set type = 'EpintypeA', value_paise = 100000 where number = $1", [pin]);
    expect((await net.as(member, '/api/ActivateId', { touid: member, epin: pin })).body.result).toBe(
      ' Activation Successfull',
    );
    const [topup] = await t.db.owner.query<{ position: string }>(
      'select position::text as position from topups where member_uid = $1',
      [member],
    );
    expect(await reasons()).toEqual(
      expect.arrayContaining([
        {
          position: expect.any(String),
          stream_id: `epin-${pin}`,
          reason: `e-pin ${pin}: EpintypeB of 29900 paise in the ledger, EpintypeA of 100000 paise in the read table`,
        },
        {
          position: topup.position,
          stream_id: `member-${member}`,
          reason: `top-up with e-pin ${pin} valued 100000 paise, the e-pin was issued at 29900`,
        },
      ]),
    );

    // (b) Income credited in the read tables with no event behind it: a level_income row and a matching postings row.
    await t.db.owner.execute(
      'insert into postings (position, seq, account, amount_paise, recorded_at) values ($1, 99, $2, 5000000, now())',
      [sponsorTopup.position, `member:${sponsor}:level-income`],
    );
    const orphan = (await reasons()).find((p) => p.reason.startsWith(`posting 99 of event ${sponsorTopup.position}`));
    expect(orphan).toEqual({
      position: sponsorTopup.position,
      stream_id: `member-${sponsor}`,
      reason: `posting 99 of event ${sponsorTopup.position}: none in the ledger, member:${sponsor}:level-income 5000000 in the read table`,
    });
    // ...and a posting the ledger carries but the table lost.
    const [payment] = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where type = 'LevelIncomeDistributed' and payload->>'topupPosition' = $1",
      [sponsorTopup.position],
    );
    await t.db.owner.execute('delete from postings where position = $1 and seq = 0', [payment.position]);
    expect((await reasons()).map((p) => p.reason)).toContain(
      `posting 0 of event ${payment.position}: platform:topups -${(29900n * 2950n) / 10000n} in the ledger, none in the read table`,
    );
  });
});
