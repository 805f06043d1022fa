import fc from 'fast-check';
import { sweepHelp } from '../src/modules/help';
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

/** One step of a random sequence; `m` and `k` pick a member and a link among those that exist. */
type Step =
  | { kind: 'request-help'; m: number; tier: 'EpintypeA' | 'EpintypeB' }
  | { kind: 'decide-help'; approve: boolean }
  | { kind: 'withdraw'; m: number; rupees: number }
  | { kind: 'decide-withdrawal'; approve: boolean }
  | { kind: 'match' }
  | { kind: 'utr'; k: number; utr: number }
  | { kind: 'confirm'; k: number }
  | { kind: 'cancel'; k: number }
  | { kind: 'dispute'; k: number }
  | { kind: 'resolve'; k: number; received: boolean }
  | { kind: 'jump'; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('request-help' as const),
      m: fc.nat(5),
      tier: fc.constantFrom('EpintypeA' as const, 'EpintypeB' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide-help' as const), approve: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      m: fc.nat(5),
      rupees: fc.constantFrom(50, 100, 100, 200, 400),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('decide-withdrawal' as const), approve: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('match' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('utr' as const), k: fc.nat(20), utr: fc.nat(6) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), k: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), k: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute' as const), k: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resolve' as const), k: fc.nat(20), received: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('jump' as const), hours: fc.constantFrom(1, 25, 49) }) },
);

/** After the first link is made: the sender pays it, the receiver cancels, the sender disputes, an admin resolves it as not received. */
const THROUGH_PAID_TO_RETURNED: Step[] = [
  { kind: 'utr', k: 0, utr: 1 },
  { kind: 'cancel', k: 0 },
  { kind: 'dispute', k: 0 },
  { kind: 'resolve', k: 0, received: false },
];

describe('the help circle keeps its invariants over random sequences (fast-check)', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  const members: string[] = [];
  /** How far the sweeper's clock has been moved ahead of the real one. */
  let aheadMs = 0;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
    for (let i = 0; i < 6; i++) members.push(await help.memberWithIncome(4, `Random Member ${'ABCDEF'[i]}`));
    // 30 registrations and activations over HTTP: on a shared, loaded machine more than the default minute.
  }, 180_000);
  afterAll(() => t.close());

  const links = () =>
    t.db.owner.query<{ id: string; sender_uid: string; receiver_uid: string }>(
      'select id, sender_uid, receiver_uid from help_links order by created_at, id',
    );

  async function run(s: Step): Promise<void> {
    const all = await links();
    const open = (
      await t.db.owner.query<{ n: number }>('select count(*)::int as n from help_links where not settled')
    )[0].n;
    // Nine in ten picks among the open links when there are any.
    const k = 'k' in s ? s.k : 0;
    const link = all.length ? all[open > 0 && k % 10 !== 9 ? k % open : k % all.length] : undefined;
    switch (s.kind) {
      case 'request-help': {
        const uid = members[s.m % members.length];
        await net.issue(uid, 1, s.tier);
        await net.as(uid, '/api/GHRequesttoAdmin', { sid: uid, referby: uid, epin: s.tier, type: 'Upgrade' });
        return;
      }
      case 'decide-help': {
        const [row] = (
          await help.adminGet('help-requests', { filter: JSON.stringify({ status: 'awaiting-approval' }) })
        ).body;
        if (row)
          await help.adminPost(
            `help-requests/${row.id}/${s.approve ? 'approve' : 'reject'}`,
            s.approve ? {} : { remark: 'random' },
          );
        return;
      }
      case 'withdraw':
        await net.as(members[s.m % members.length], '/api/Withdrawal', { Request_amount: String(s.rupees) });
        return;
      case 'decide-withdrawal': {
        const [row] = (await help.adminGet('withdrawals', { filter: JSON.stringify({ status: 'Requested' }) })).body;
        if (row)
          await help.adminPost(
            `withdrawals/${row.id}/${s.approve ? 'approve' : 'reject'}`,
            s.approve ? {} : { remark: 'random' },
          );
        return;
      }
      case 'match':
        await help.match();
        return;
      case 'utr':
        if (link) await net.as(link.sender_uid, '/api/UpdatePhUser', { rowid: link.id, utrno: `PROPUTR${s.utr}00` });
        return;
      case 'confirm':
        if (link) await net.as(link.receiver_uid, '/api/UpdateGhUser', { rowid: link.id, status: 1 });
        return;
      case 'cancel':
        if (link) await net.as(link.receiver_uid, '/api/UpdateGhUser', { rowid: link.id, status: 2, remark: 'random' });
        return;
      case 'dispute':
        if (link) await net.as(link.sender_uid, '/api/DisputePhUser', { rowid: link.id, remark: 'random' });
        return;
      case 'resolve':
        if (link)
          await help
            .adminPost(
              `help-links/${link.id}/resolve`,
              { outcome: s.received ? 'received' : 'cancel', remark: 'random' },
              200,
            )
            .catch(() => undefined);
        return;
      case 'jump':
        aheadMs += s.hours * HOUR;
        await sweepHelp(ledgerOn(t.db.app), new Date(Date.now() + aheadMs));
        return;
    }
  }

  it('after every step: balances never negative, queues equal their accounts; after each sequence: verify passes, replay finds no difference', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 15, maxLength: 40 }), fc.nat(5), async (random, m) => {
        // Every sequence starts from a link (a help request and a withdrawal, both approved, matched), then goes anywhere.
        const steps: Step[] = [
          { kind: 'request-help', m, tier: 'EpintypeB' },
          { kind: 'decide-help', approve: true },
          { kind: 'withdraw', m: m + 1, rupees: 100 },
          { kind: 'decide-withdrawal', approve: true },
          { kind: 'match' },
          ...random,
        ];
        for (const s of steps) {
          await run(s);
          const [negative] = await t.db.owner.query<{ n: number }>(
            `select count(*)::int as n from (
               select split_part(account, ':', 2) as uid, sum(amount_paise) as bal from postings
                where account like 'member:%:level-income' or account like 'member:%:withdrawn' group by 1) b where bal < 0`,
          );
          expect(negative.n).toBe(0);
        }
        const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
        expect(report.problems).toEqual([]);
        const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
        expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
      }),
      // Random sequences reach a paid link and a returned one only by chance (eight of them may
      // reach neither); this one, run first, always does: paid, cancelled while paid (held), disputed,
      // resolved as not received (the amounts return). It counts in numRuns: eight random runs follow it.
      { numRuns: 1 + 8, examples: [[THROUGH_PAID_TO_RETURNED, 0]] },
    );
    // The sequences did reach the interesting states (not only refusals).
    const types = await t.db.owner.query<{ type: string }>(
      "select distinct type from events where type like 'HelpLink%' or type like 'Withdrawal%' or type like 'HelpRequest%'",
    );
    expect(types.map((r) => r.type)).toEqual(
      expect.arrayContaining([
        'HelpLinksCreated',
        'HelpLinkPaid',
        'HelpLinkReturned',
        'WithdrawalApproved',
        'HelpRequestApproved',
      ]),
    );
  }, 600_000);
});
