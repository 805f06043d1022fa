import { runLedgerCommand } from '../src/cli/ledger';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { compareProjections } from '../src/modules/ledger-audit/projection-diff';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { Problem, verifyLedger } from '../src/modules/ledger-audit/verify';
import { NewEvent } from '../src/platform/event-store/event.types';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ledgerOn, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 21 §6: verify knows each stream's state machine and names the first illegal event — as a
 * command whose state check was removed would append it (through the ledger, hashes intact), or as
 * a database owner would rewrite one. Each test runs verify.ts itself.
 */
describe("verify names the first event that breaks its stream's rules", () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  let sender: string;
  let receiver: string;
  const links: string[] = [];

  /** What verify names, its problems' reasons by stream. */
  const verify = async () => (await verifyLedger(t.db.app, LEDGER_CHECKS)).problems;
  /** Appends as a command without its state check would: through the ledger, at the stream's head. */
  const appendUnchecked = async (streamId: string, events: NewEvent[]) => {
    const [{ version }] = await t.db.app.query<{ version: number }>(
      'select coalesce(max(stream_version), 0)::int as version from events where stream_id = $1',
      [streamId],
    );
    const stored = await ledgerOn(t.db.app).run(
      { actor: { kind: 'system', id: 'mutant' }, correlationId: 'mutant' },
      (tx) => tx.append(streamId, version, events),
    );
    return stored[stored.length - 1];
  };
  /** An event row added at the head of a stream by the database owner, past the triggers (its hash copied: no chain holds it). */
  const insertAsOwner = async (streamId: string, type: string, payload: Record<string, unknown>) =>
    t.db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      const [row] = await tx.query<{ position: string; streamVersion: number }>(
        `insert into events (stream_id, stream_version, type, payload, metadata, recorded_at, hash, hash_rule)
         select stream_id, stream_version + 1, $2, $3::jsonb, metadata, recorded_at, hash, hash_rule
           from events where stream_id = $1 order by stream_version desc limit 1
         returning position::text as position, stream_version as "streamVersion"`,
        [streamId, type, JSON.stringify(payload)],
      );
      return row;
    });
  /** The link as its batch created it (what a receipt's payload repeats). */
  const created = async (id: string) => {
    const [row] = await t.db.app.query<{
      link: Record<string, unknown> & { sender: { uid: string }; receiver: { uid: string } };
    }>(
      `select l as link from events e cross join lateral jsonb_array_elements(e.payload->'links') l
        where e.type = 'HelpLinksCreated' and l->>'id' = $1`,
      [id],
    );
    return row.link;
  };
  const receipt = async (id: string): Promise<NewEvent> => {
    const link = await created(id);
    const amount = String(link.amountPaise);
    return {
      type: 'HelpLinkReceived',
      payload: {
        id,
        senderUid: link.sender.uid,
        receiverUid: link.receiver.uid,
        amountPaise: amount,
        requestId: link.requestId,
        ghEntryId: link.ghEntryId,
        ghSource: link.ghSource,
        ghSourceId: link.ghSourceId,
        ghEntryCompleted: true,
        postings: [
          { account: `help-link:${id}:ph`, amountPaise: `-${amount}` },
          { account: `member:${link.sender.uid}:ph-given`, amountPaise: amount },
          { account: `help-link:${id}:gh`, amountPaise: `-${amount}` },
          { account: `member:${link.receiver.uid}:gh-received`, amountPaise: amount },
        ],
      },
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
    receiver = await help.memberWithIncome(2, 'Bina Receiver');
    sender = await net.register(receiver, 'Arun Sender');
    await help.approvedHelp(sender);
    await help.payIncomeOf(sender);
    // Three links of ₹100 from the sender to the receiver, one per withdrawal.
    for (let i = 0; i < 3; i++) {
      await help.approvedWithdrawal(receiver, 100);
      expect((await help.match()).links).toBe(1);
      const open = await help.ghLog(receiver);
      links.push(open.map((l) => l.id).find((id) => !links.includes(id))!);
    }
    // A whole network through the API: minutes when the machine is busy.
  }, 300_000);
  afterAll(() => t.close());

  it('an untouched ledger follows every rule', async () => {
    expect(await verify()).toEqual([]);
  });

  it('names a receipt after a cancel: the confirm the link decision would refuse', async () => {
    const id = links[0];
    expect((await net.as(sender, '/api/UpdatePhUser', { rowid: id, utrno: 'UTR3000001' })).body).toBe(
      'Payment Paid Successfully.',
    );
    expect((await net.as(receiver, '/api/UpdateGhUser', { rowid: id, status: 2, remark: 'Not received' })).body).toBe(
      'Payment Cancelled Successfully.',
    );
    // The product refuses the confirm …
    expect((await net.as(receiver, '/api/UpdateGhUser', { rowid: id, status: 1 })).body).toBe(
      'This help link is already closed',
    );
    // … a mutant without the state check appends it (the projection takes it: the cancel holds the amounts).
    const bad = await appendUnchecked(`help-link-${id}`, [await receipt(id)]);
    const problems = await verify();
    expect(problems).toEqual([
      {
        position: bad.position,
        stream_id: `help-link-${id}`,
        reason: `illegal event ${bad.streamVersion} (HelpLinkReceived): a receipt of the cancelled link`,
      },
    ]);
  });

  it('names a receipt after an expiry, and a second resolution', async () => {
    const expired = links[1];
    await appendUnchecked(`help-link-${expired}`, [{ type: 'HelpLinkExpired', payload: { id: expired } }]);
    const late = await appendUnchecked(`help-link-${expired}`, [await receipt(expired)]);

    const resolvedTwice = links[2];
    expect(
      (
        await help.adminPost(`help-links/${resolvedTwice}/resolve`, {
          outcome: 'received',
          remark: 'Statement shows it',
        })
      ).status,
    ).toBe(200);
    // The projection refuses a resolution of a settled link: only an owner writing rows adds one.
    const second = await insertAsOwner(`help-link-${resolvedTwice}`, 'HelpLinkResolved', {
      id: resolvedTwice,
      outcome: 'cancel',
      remark: 'again',
      by: 'superadmin',
    });
    const problems = await verify();
    expect(problems).toEqual(
      expect.arrayContaining<Problem>([
        {
          position: late.position,
          stream_id: `help-link-${expired}`,
          reason: `illegal event ${late.streamVersion} (HelpLinkReceived): a receipt of the expired link`,
        },
        {
          position: second.position,
          stream_id: `help-link-${resolvedTwice}`,
          reason: `illegal event ${second.streamVersion} (HelpLinkResolved): a second resolution of the link`,
        },
      ]),
    );
  });

  it('names a withdrawal beyond the balance at its position', async () => {
    const [{ balance }] = await t.db.app.query<{ balance: string }>(
      `select coalesce(sum(amount_paise), 0)::text as balance from postings where account = any($1)`,
      [[`member:${receiver}:level-income`, `member:${receiver}:income`, `member:${receiver}:withdrawn`]],
    );
    const amount = (BigInt(balance) + 10_000n).toString();
    const id = 'WD00000000BEEF';
    const bad = await appendUnchecked(`withdrawal-${id}`, [
      {
        type: 'WithdrawalRequested',
        payload: {
          id,
          uid: receiver,
          amountPaise: amount,
          chargePaise: '0',
          payoutPaise: amount,
          postings: [
            { account: `member:${receiver}:withdrawn`, amountPaise: `-${amount}` },
            { account: `member:${receiver}:reserved`, amountPaise: amount },
          ],
        },
      },
    ]);
    expect(await verify()).toContainEqual({
      position: bad.position,
      stream_id: `withdrawal-${id}`,
      reason: `illegal event (WithdrawalRequested): ${amount} paise asked of ${receiver}, whose net balance before it was ${balance} paise`,
    });
  });

  it('names a used e-pin moved again and income beyond level 15 (an owner rewriting events)', async () => {
    const [used] = await t.db.owner.query<{ stream_id: string; version: number; owner: string }>(
      `select e.stream_id, max(e.stream_version)::int as version, p.owner_uid as owner from events e join epins p on 'epin-' || p.number = e.stream_id
        where p.status = 'used' group by e.stream_id, p.owner_uid order by e.stream_id limit 1`,
    );
    const [income] = await t.db.owner.query<{ position: string; stream_id: string }>(
      `select position::text as position, stream_id from events where type = 'LevelIncomeDistributed' order by position limit 1`,
    );
    const moved = await insertAsOwner(used.stream_id, 'EpinTransferred', { from: used.owner, to: sender });
    await t.db.owner.transaction(async (tx) => {
      await tx.execute('set local session_replication_role = replica');
      await tx.execute(`update events set payload = jsonb_set(payload, '{levels,0,level}', '16') where position = $1`, [
        income.position,
      ]);
    });
    const problems = await verify();
    expect(problems).toEqual(
      expect.arrayContaining<Problem>([
        {
          position: moved.position,
          stream_id: used.stream_id,
          reason: `illegal event ${used.version + 1} (EpinTransferred): a transfer of a used e-pin`,
        },
        {
          position: income.position,
          stream_id: income.stream_id,
          reason: 'illegal event (LevelIncomeDistributed): income at level 16, beyond the 15 levels',
        },
      ]),
    );
  });

  it('a ledger the projections refuse is reported, not a crash: the refusal comes after the event problems', async () => {
    const projections = await compareProjections(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    // The second resolution of a settled link, the used e-pin moved, the 16th level: the first met refuses.
    expect(projections.rebuildFailed).toMatch(/Invariant violated|violates check constraint/);
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS, undefined, { projections });
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual({
      position: projections.asOfPosition,
      stream_id: 'projections',
      reason: expect.stringMatching(
        /^the read tables cannot be rebuilt from the events, a projection refuses one: (Invariant violated|new row)/,
      ),
    });
    expect(report.firstBad?.stream_id).not.toBe('projections');
    // The CLI says the ledger is broken (exit 1), not that verify failed.
    const lines: string[] = [];
    expect(await runLedgerCommand(t.db.owner, 'verify', [], { log: (l) => lines.push(l), progress: () => {} })).toBe(1);
    expect(lines.at(-1)).toMatch(/^LEDGER BROKEN at event \d+ /);
  });
});
