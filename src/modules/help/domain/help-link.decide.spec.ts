import {
  decideCreateLink,
  decideDispute,
  decideReceiverAction,
  decideResolve,
  decideSubmitUtr,
  decideTimeouts,
  LinkState,
} from './help-link.decide';
import { decideClose } from './help-request.decide';
import { decideMatching } from './matching.decide';

const HOUR = 3_600_000;
const t0 = new Date('2026-11-24T00:00:00Z');
const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);
const link = (over: Partial<LinkState> = {}): LinkState => ({
  id: 'HL000000000001',
  state: 'Pending',
  settled: false,
  senderUid: '111111',
  receiverUid: '222222',
  amountPaise: 20_000n,
  requestId: 'r1',
  phEntryId: 'ph-r1',
  ghEntryId: 'gh-w1',
  ghSource: 'withdrawal',
  ghSourceId: 'w1',
  deadline: at(24),
  paidAt: null,
  cancelledAt: null,
  ...over,
});
const firstTime = { failures: 0, phWaitingPaise: 980_000n };
const gh = { amountPaise: 20_000n, receivedPaise: 0n };
const sum = (postings: Array<{ amountPaise: string }>) => postings.reduce((s, p) => s + BigInt(p.amountPaise), 0n);

describe('help links', () => {
  it('given two entries, when a link is made, then it holds the amount on both sides and the postings balance', () => {
    const created = decideCreateLink({
      id: 'HL1',
      phEntryId: 'ph-r1',
      ghEntryId: 'gh-w1',
      requestId: 'r1',
      ghSource: 'withdrawal',
      ghSourceId: 'w1',
      sender: { uid: '111111', name: 'A', mobile: '1' },
      receiver: { uid: '222222', name: 'B', mobile: '2' },
      bank: { bankName: '', branch: '', ifsc: '', accountNumber: '', holder: 'B', gpay: 'b@upi' },
      amountPaise: 20_000n,
      manual: false,
      now: t0,
      linkDeadlineHours: 24,
    });
    expect(created.payload.deadline).toBe(at(24).toISOString());
    expect(created.payload.postings).toEqual([
      { account: 'member:111111:ph-owed', amountPaise: '-20000' },
      { account: 'help-link:HL1:ph', amountPaise: '20000' },
      { account: 'member:222222:gh-owed', amountPaise: '-20000' },
      { account: 'help-link:HL1:gh', amountPaise: '20000' },
    ]);
  });

  it('given a Pending link, when its sender submits a UTR, then HelpLinkPaid; anyone else: no such link', () => {
    expect(decideSubmitUtr(link(), { uid: '111111', utr: 'UTR123' }, firstTime, at(1))).toEqual({
      ok: true,
      outcome: { code: 'HELP.PAID', text: 'Payment Paid Successfully.' },
      events: [{ type: 'HelpLinkPaid', payload: { id: 'HL000000000001', senderUid: '111111', utr: 'UTR123' } }],
    });
    expect(decideSubmitUtr(link(), { uid: '222222', utr: 'UTR123' }, firstTime, at(1))).toMatchObject({
      ok: false,
      outcome: { code: 'HELP.NO_SUCH_LINK' },
    });
  });

  it('given a Pending link past its deadline, when the UTR comes, then it expires and both amounts return (sender reopened)', () => {
    const d = decideSubmitUtr(link(), { uid: '111111', utr: 'UTR123' }, firstTime, at(24));
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['HelpLinkExpired', 'HelpLinkReturned']);
    expect(d.outcome.code).toBe('HELP.EXPIRED');
  });

  it('given a Paid link, when the receiver confirms, then Received counts the amount once on each side', () => {
    const d = decideReceiverAction(
      link({ state: 'Paid', paidAt: at(2) }),
      { uid: '222222', status: 1, remark: '' },
      { request: firstTime, gh },
      at(3),
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const [received] = d.events;
    expect(received.type).toBe('HelpLinkReceived');
    const payload = received.payload as {
      postings: Array<{ account: string; amountPaise: string }>;
      ghEntryCompleted: boolean;
    };
    expect(payload.ghEntryCompleted).toBe(true);
    expect(sum(payload.postings)).toBe(0n);
    expect(payload.postings).toContainEqual({ account: 'member:111111:ph-given', amountPaise: '20000' });
    expect(payload.postings).toContainEqual({ account: 'member:222222:gh-received', amountPaise: '20000' });
  });

  it('given a cancel without a remark, then Please Enter Remark !!; a Pending cancel returns at once, a Paid one is held', () => {
    expect(
      decideReceiverAction(link(), { uid: '222222', status: 2, remark: ' ' }, { request: firstTime, gh }, at(1)).outcome
        .text,
    ).toBe('Please Enter Remark !!');
    const pending = decideReceiverAction(
      link(),
      { uid: '222222', status: 2, remark: 'no' },
      { request: firstTime, gh },
      at(1),
    );
    expect(pending.ok && pending.events.map((e) => e.type)).toEqual(['HelpLinkCancelled', 'HelpLinkReturned']);
    const paid = decideReceiverAction(
      link({ state: 'Paid' }),
      { uid: '222222', status: 2, remark: 'no' },
      { request: firstTime, gh },
      at(1),
    );
    expect(paid.ok && paid.events).toEqual([
      { type: 'HelpLinkCancelled', payload: { id: 'HL000000000001', remark: 'no', held: true } },
    ]);
  });

  it('given a second failure of a request, when a link returns, then its amount and what still waits are written off', () => {
    const d = decideReceiverAction(
      link(),
      { uid: '222222', status: 2, remark: 'no' },
      { request: { failures: 1, phWaitingPaise: 50_000n }, gh },
      at(1),
    );
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const returned = d.events[1].payload as {
      sender: string;
      writtenOffWaitingPaise: string;
      postings: Array<{ account: string; amountPaise: string }>;
    };
    expect(returned.sender).toBe('written-off');
    expect(returned.writtenOffWaitingPaise).toBe('50000');
    expect(sum(returned.postings)).toBe(0n);
    expect(returned.postings).toContainEqual({ account: 'member:111111:ph-owed', amountPaise: '-50000' });
    expect(returned.postings).toContainEqual({ account: 'member:222222:gh-owed', amountPaise: '20000' });
  });

  it('given a held cancel, when the sender disputes within the window, then Disputed; after it, refused', () => {
    const held = link({ state: 'Cancel', paidAt: at(1), cancelledAt: at(2) });
    expect(decideDispute(held, { uid: '111111', remark: 'paid' }, { disputeAfterHours: 48 }, at(49)).ok).toBe(true);
    expect(decideDispute(held, { uid: '111111', remark: 'paid' }, { disputeAfterHours: 48 }, at(50)).outcome.code).toBe(
      'HELP.NOT_DISPUTABLE',
    );
  });

  it('given time passing, then Pending expires, Paid becomes Disputed, a held cancel returns — each only when due', () => {
    const timing = { disputeAfterHours: 48 };
    expect(decideTimeouts(link(), firstTime, timing, at(23))).toEqual([]);
    expect(decideTimeouts(link(), firstTime, timing, at(24)).map((e) => e.type)).toEqual([
      'HelpLinkExpired',
      'HelpLinkReturned',
    ]);
    expect(
      decideTimeouts(link({ state: 'Paid', paidAt: at(1) }), firstTime, timing, at(49)).map((e) => e.type),
    ).toEqual(['HelpLinkDisputed']);
    expect(
      decideTimeouts(link({ state: 'Cancel', cancelledAt: at(1) }), firstTime, timing, at(49)).map((e) => e.type),
    ).toEqual(['HelpLinkReturned']);
    expect(decideTimeouts(link({ state: 'Received', settled: true }), firstTime, timing, at(100))).toEqual([]);
  });

  it('given a disputed link, when an admin resolves it, then resolved plus received or returned; a settled link is refused', () => {
    const disputed = link({ state: 'Disputed' });
    const r = decideResolve(
      disputed,
      { outcome: 'received', remark: 'ok', by: 'approver' },
      { request: firstTime, gh },
    );
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['HelpLinkResolved', 'HelpLinkReceived']);
    const c = decideResolve(disputed, { outcome: 'cancel', remark: 'no', by: 'approver' }, { request: firstTime, gh });
    expect(c.ok && c.events.map((e) => e.type)).toEqual(['HelpLinkResolved', 'HelpLinkReturned']);
    expect(
      decideResolve(
        link({ state: 'Received', settled: true }),
        { outcome: 'cancel', remark: 'x', by: 'a' },
        { request: firstTime, gh },
      ).ok,
    ).toBe(false);
  });
});

describe('help requests close', () => {
  const request = {
    id: 'r1',
    uid: '111111',
    status: 'in-queue' as const,
    tierPaise: 1_000_000n,
    givenPaise: 0n,
    failures: 0,
  };
  const settings = { phToGhPercent: 100, phToGhDelayHours: 0 };

  it('given nothing waiting and no open link, then closed completed with its GH entitlement credited at once', () => {
    const events = decideClose(request, { givenPaise: 1_000_000n, phWaitingPaise: 0n, openLinks: 0 }, settings, t0);
    expect(events.map((e) => e.type)).toEqual(['HelpRequestClosed', 'GhEntitlementCredited']);
    expect(events[0].payload).toMatchObject({ outcome: 'completed', entitlementPaise: '1000000' });
  });

  it('given something still waiting or open, then nothing; given a delay, then closed with the entitlement due later', () => {
    expect(decideClose(request, { givenPaise: 0n, phWaitingPaise: 1n, openLinks: 0 }, settings, t0)).toEqual([]);
    expect(decideClose(request, { givenPaise: 0n, phWaitingPaise: 0n, openLinks: 1 }, settings, t0)).toEqual([]);
    const later = decideClose(
      request,
      { givenPaise: 300_000n, phWaitingPaise: 0n, openLinks: 0 },
      { phToGhPercent: 50, phToGhDelayHours: 2 },
      t0,
    );
    expect(later).toEqual([
      {
        type: 'HelpRequestClosed',
        payload: {
          id: 'r1',
          uid: '111111',
          outcome: 'failed',
          givenPaise: '300000',
          entitlementPaise: '150000',
          entitlementDueAt: at(2).toISOString(),
        },
      },
    ]);
  });
});

describe('matching', () => {
  const w = (id: string, uid: string, rupees: number) => ({ id, uid, remainingPaise: BigInt(rupees * 100) });

  it('given waiting PH and GH, then oldest against oldest, amounts split as needed', () => {
    expect(decideMatching([w('p1', 'A', 500), w('p2', 'B', 300)], [w('g1', 'C', 200), w('g2', 'D', 700)], 100)).toEqual(
      [
        { phEntryId: 'p1', ghEntryId: 'g1', senderUid: 'A', receiverUid: 'C', amountPaise: 20_000n },
        { phEntryId: 'p1', ghEntryId: 'g2', senderUid: 'A', receiverUid: 'D', amountPaise: 30_000n },
        { phEntryId: 'p2', ghEntryId: 'g2', senderUid: 'B', receiverUid: 'D', amountPaise: 30_000n },
      ],
    );
  });

  it('given a member on both sides, then never linked to themselves; the next GH is taken instead', () => {
    expect(decideMatching([w('p1', 'A', 100)], [w('g1', 'A', 100), w('g2', 'B', 100)], 100)).toEqual([
      { phEntryId: 'p1', ghEntryId: 'g2', senderUid: 'A', receiverUid: 'B', amountPaise: 10_000n },
    ]);
    expect(decideMatching([w('p1', 'A', 100)], [w('g1', 'A', 100)], 100)).toEqual([]);
  });

  it('given a limit, then at most that many links', () => {
    expect(
      decideMatching([w('p1', 'A', 300)], [w('g1', 'B', 100), w('g2', 'C', 100), w('g3', 'D', 100)], 2),
    ).toHaveLength(2);
  });
});
