import { payLevelIncome } from '../src/modules/income';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { DEFAULT_SETTINGS, SETTINGS_STREAM } from '../src/modules/settings';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 21 §7: tests that fail when their rule is removed — who may read a link's details, that a
 * cancelled link cannot be confirmed, and that income stops at 15 levels however deep the tree is.
 */
describe('rules that bite: link details, confirm after cancel, 15 income levels', () => {
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

  const verifyAndReplay = async () => {
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  };
  /** The receiver's answer to confirming (1) or cancelling (2) a link. */
  const receiver = async (uid: string, rowid: string, status: 1 | 2, remark = '') =>
    (await net.as(uid, '/api/UpdateGhUser', { rowid, status, remark })).body;
  /** A link into a fresh receiver's approved withdrawal of ₹100, from whoever waits first in the PH queue. */
  const newLink = async (receiverName: string) => {
    const gh = await help.memberWithIncome(1, receiverName);
    await help.approvedWithdrawal(gh, 100);
    expect((await help.match()).links).toBeGreaterThanOrEqual(1);
    const [log] = await help.ghLog(gh);
    return { id: log.id, sender: log.fromid, receiver: gh };
  };
  const linkShown = async (id: string) => (await help.adminGet(`help-links/${id}`, {}, 200)).body;

  it('an unrelated member (neither sender nor receiver) reads neither the PH nor the GH detail of a link', async () => {
    const sender = await net.register(undefined, 'Anil Sender');
    await help.approvedHelp(sender);
    const link = await newLink('Bela Receiver');
    expect(link.sender).toBe(sender);
    const stranger = await net.register(undefined, 'Sunil Stranger');

    // Each party reads its own side in full…
    expect((await net.as(sender, '/api/PhListDetails', { rowid: link.id })).body[0]).toEqual([
      expect.objectContaining({ id: link.id, fromid: sender, uid: link.receiver, Link_Amount: '100.00' }),
    ]);
    expect((await net.as(link.receiver, '/api/GhListDetails', { rowid: link.id })).body[0]).toEqual([
      expect.objectContaining({ id: link.id, fromid: sender, uid: link.receiver, Link_Amount: '100.00' }),
    ]);
    // …and nobody else anything: not a member outside the link on either screen, not a party on the other side's.
    const reads: Array<[string, string]> = [
      [stranger, '/api/PhListDetails'],
      [stranger, '/api/GhListDetails'],
      [link.receiver, '/api/PhListDetails'],
      [sender, '/api/GhListDetails'],
    ];
    for (const [uid, path] of reads) {
      const res = await net.as(uid, path, { rowid: link.id });
      expect({ uid, path, status: res.status, body: res.body }).toEqual({ uid, path, status: 200, body: [[]] });
    }
  });

  it('a confirm after a cancel is refused, for a cancelled pending link and a cancelled paid one, and writes nothing', async () => {
    const pending = await newLink('Chitra Receiver');
    expect(await receiver(pending.receiver, pending.id, 2, 'Nothing came')).toBe('Payment Cancelled Successfully.');
    const events = async () => (await t.db.owner.query<{ n: string }>('select count(*)::text as n from events'))[0].n;
    let before = await events();
    expect(await receiver(pending.receiver, pending.id, 1)).toBe('This help link is already closed');
    expect(await events()).toBe(before);

    const paid = await newLink('Dev Receiver');
    expect((await net.as(paid.sender, '/api/UpdatePhUser', { rowid: paid.id, utrno: 'UTR7000001' })).body).toBe(
      'Payment Paid Successfully.',
    );
    expect(await receiver(paid.receiver, paid.id, 2, 'Not in my account')).toBe('Payment Cancelled Successfully.');
    before = await events();
    expect(await receiver(paid.receiver, paid.id, 1)).toBe('This help link is already closed');
    expect(await events()).toBe(before);

    expect(await linkShown(pending.id)).toMatchObject({ state: 'Cancel' });
    expect((await linkShown(pending.id)).history.map((h: { type: string }) => h.type)).not.toContain(
      'HelpLinkReceived',
    );
    const shownPaid = await linkShown(paid.id);
    expect(shownPaid).toMatchObject({ state: 'Cancel', utr: 'UTR7000001' });
    expect(shownPaid.history.map((h: { type: string }) => h.type)).toEqual([
      'HelpLinkCreated',
      'HelpLinkPaid',
      'HelpLinkCancelled',
    ]);
    // The receiver's withdrawal is not paid by a confirm that was refused.
    const [withdrawal] = (await help.adminGet('withdrawals', { filter: JSON.stringify({ member: paid.receiver }) }))
      .body;
    expect(withdrawal.status).not.toBe('Paid');
    await verifyAndReplay();
  });

  it('an upline chain deeper than 15 levels pays exactly 15, even with a sixteenth rate in force', async () => {
    const topupPositionOf = async (uid: string) =>
      (
        await t.db.owner.query<{ position: string }>(
          'select position::text as position from topups where member_uid = $1 order by position desc limit 1',
          [uid],
        )
      )[0].position;
    const activate = async (activator: string, member: string) => {
      const [pin] = await net.issue(activator, 1);
      expect((await net.as(activator, '/api/ActivateId', { touid: member, epin: pin })).body.result).toBe(
        ' Activation Successfull',
      );
      expect(await payLevelIncome(ledgerOn(t.db.app), await topupPositionOf(member))).toBe('paid');
    };
    // 17 members, each sponsored by the one before, all Active: the newest below them has 17 uplines
    // in the chain (and the root above them).
    const chain = await net.chain(17);
    for (const uid of chain) await activate(uid, uid);

    // The settings call refuses a sixteenth level…
    const sixteen = [...DEFAULT_SETTINGS.levelIncomeRatesBp, 100];
    const refused = await net.setting('levelIncomeRatesBp', sixteen);
    expect(refused.status).toBe(400);
    // …and the income job holds the line on its own: a setting written behind that check (straight
    // into the ledger, as a release without it could have) still pays 15 levels.
    await ledgerOn(t.db.app).run(
      { actor: { kind: 'system', id: 'test' }, correlationId: 'sixteen-rates' },
      async (tx) => {
        const [head] = await tx.query<{ v: number | null }>(
          'select max(stream_version) as v from events where stream_id = $1',
          [SETTINGS_STREAM],
        );
        await tx.append(SETTINGS_STREAM, head.v ?? 0, [
          { type: 'SettingChanged', payload: { key: 'levelIncomeRatesBp', value: sixteen } },
        ]);
      },
    );

    const deepest = await net.register(chain[16], 'Deepest Member');
    await activate(chain[16], deepest);
    const position = await topupPositionOf(deepest);
    const rows = await t.db.owner.query<{ level: number; earner_uid: string; paid: boolean }>(
      'select level, earner_uid, paid from level_income where topup_position = $1 order by level',
      [position],
    );
    // Levels 1..15 are the 15 nearest uplines, every one paid; the 16th and 17th get nothing.
    expect(rows).toEqual(
      chain
        .slice(2)
        .reverse()
        .map((uid, k) => ({ level: k + 1, earner_uid: uid, paid: true })),
    );
    const [event] = await t.db.owner.query<{ payload: { postings: Array<{ account: string }> } }>(
      'select payload from events where stream_id = $1',
      [`level-income-${position}`],
    );
    const accounts = event.payload.postings.map((p) => p.account);
    expect(accounts.filter((a) => a.endsWith(':level-income') && a.startsWith('member:'))).toHaveLength(15);
    for (const beyond of [chain[1], chain[0]]) {
      expect(accounts).not.toContain(`member:${beyond}:level-income`);
      const report = (await net.as(beyond, '/api/GetIncomeReport', { type: 'LevelIncome' })).body[0];
      expect(report.filter((r: { uid: string }) => r.uid === deepest)).toEqual([]);
    }
    const level15 = (await net.as(chain[2], '/api/GetIncomeReport', { type: 'LevelIncome' })).body[0];
    expect(level15.filter((r: { uid: string }) => r.uid === deepest)).toEqual([
      expect.objectContaining({ sid: chain[2], uid: deepest, lvl: 15 }),
    ]);
    await verifyAndReplay();
  });
});
