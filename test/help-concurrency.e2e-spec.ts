import { runMatching } from '../src/modules/help';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const count = (texts: unknown[], text: string) => texts.filter((t) => t === text).length;

describe('the help circle under concurrency', () => {
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

  it('50 simultaneous confirms and cancels of one paid link: exactly one resolution', async () => {
    const b = await help.memberWithIncome(1, 'Receiver One');
    const a = await net.register(b, 'Sender One');
    await help.approvedHelp(a);
    await help.approvedWithdrawal(b, 100);
    expect((await help.match()).links).toBe(1);
    const [log] = await help.phLog(a);
    expect((await net.as(a, '/api/UpdatePhUser', { rowid: log.id, utrno: 'CONC000001' })).body).toBe(
      'Payment Paid Successfully.',
    );
    await net.token(b);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        net.as(
          b,
          '/api/UpdateGhUser',
          i % 2 ? { rowid: log.id, status: 1 } : { rowid: log.id, status: 2, remark: 'not seen' },
        ),
      ),
    );
    const texts = answers.map((r) => r.body);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(count(texts, 'Payment Received Successfully.') + count(texts, 'Payment Cancelled Successfully.')).toBe(1);
    expect(count(texts, 'This help link is already closed')).toBe(49);
    const [events] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where stream_id = $1 and type in ('HelpLinkReceived', 'HelpLinkCancelled')",
      [`help-link-${log.id}`],
    );
    expect(events.n).toBe(1);
  });

  it('50 simultaneous withdrawals from one balance: never below zero', async () => {
    const m = await help.memberWithIncome(3, 'Many Withdrawals');
    await net.token(m);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => net.as(m, '/api/Withdrawal', { Request_amount: '100' })),
    );
    const texts = answers.map((r) => r.body.result);
    expect(count(texts, 'Done')).toBe(3);
    expect(count(texts, 'Insufficiet Funds FOR PAYOUTS REQUEST PH FOR WITHDRAWALS')).toBe(47);
    expect(await help.dashboard(m)).toMatchObject({
      Net_Balance: '0.00',
      totalWithdrawal: '300.00',
      Reserved_Withdrawal: '300.00',
    });
  });

  it('two matching runs at once: no amount matched twice', async () => {
    // Several PH and GH entries waiting: the 3 withdrawals above (₹300) and two more receivers; two more senders.
    const [list] = [(await help.adminGet('withdrawals', { filter: JSON.stringify({ status: 'Requested' }) })).body];
    for (const row of list) await help.adminPost(`withdrawals/${row.id}/approve`);
    const r2 = await help.memberWithIncome(2, 'Receiver Two');
    await help.approvedWithdrawal(r2, 200);
    for (const name of ['Sender Two', 'Sender Three'])
      await help.approvedHelp(await net.register(undefined, name), 'EpintypeB');
    const before = (await help.adminGet('queue-totals')).body;
    const ledger = ledgerOn(t.db.app);
    const meta = { actor: { kind: 'system' as const, id: 'test' }, correlationId: 'two-runs' };
    const runs = await Promise.all([
      runMatching(ledger, meta, { batch: 1 }),
      runMatching(ledger, meta, { batch: 1 }),
      help.match(),
    ]);
    const after = (await help.adminGet('queue-totals')).body;
    const linkedPaise =
      runs[0].amountPaise + runs[1].amountPaise + BigInt(Math.round(Number(runs[2].amountRupees) * 100));
    const paise = (rupees: string) => BigInt(rupees.replace('.', ''));
    expect(paise(before.GH.amountRupees) - paise(after.GH.amountRupees)).toBe(linkedPaise);
    expect(paise(before.PH.amountRupees) - paise(after.PH.amountRupees)).toBe(linkedPaise);
    // Everything GH that waited is matched once (the PH side had more), never more than once.
    expect(after.GH).toEqual({ count: 0, amountRupees: '0.00' });
    const [sums] = await t.db.owner.query<{ linked: string; gh: string }>(
      "select (select sum(amount_paise)::text from help_links) as linked, (select sum(amount_paise)::text from queue_entries where side = 'GH') as gh",
    );
    expect(sums.linked).toBe(sums.gh);
  });

  it('the same UTR on two links at once: one accepted, the other refused and flagged', async () => {
    const [one, two] = await t.db.owner.query<{ id: string; sender_uid: string }>(
      "select id, sender_uid from help_links where state = 'Pending' order by created_at, id limit 2",
    );
    const answers = await Promise.all([
      net.as(one.sender_uid, '/api/UpdatePhUser', { rowid: one.id, utrno: 'SAMEUTR0001' }),
      net.as(two.sender_uid, '/api/UpdatePhUser', { rowid: two.id, utrno: 'sameutr0001' }),
    ]);
    const texts = answers.map((r) => r.body);
    expect(texts.sort()).toEqual(['Payment Paid Successfully.', 'This UTR Number has already been used']);
    const flagged = (await help.adminGet('flagged-utrs')).body;
    expect(flagged.filter((f: { utr: string }) => f.utr.toUpperCase() === 'SAMEUTR0001')).toHaveLength(1);
  });

  it('verifies and replays with zero differences after all of it', async () => {
    expect((await verifyLedger(t.db.app, LEDGER_CHECKS)).problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  });
});
