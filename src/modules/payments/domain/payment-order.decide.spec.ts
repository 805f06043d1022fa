import { DomainError } from '../../../platform/errors';
import { GatewayStatus } from '../gateways/gateway';
import {
  decideBankRequest,
  decideLateResolution,
  decideOpenOrder,
  decideSettlement,
  EpinRequestState,
  PaymentOrderState,
} from './payment-order.decide';
import { OrderOpened } from './payment.events';

const expiresAt = new Date('2026-01-01T10:20:00.000Z');
const before = new Date('2026-01-01T10:10:00.000Z');
const after = new Date('2026-01-01T10:30:00.000Z');
const order = (status: PaymentOrderState['status']): PaymentOrderState => ({
  clientid: 'NP1',
  uid: 'U1',
  kind: 'crypto',
  status,
  epinType: 'EpintypeB',
  qty: 2,
  amountPaise: '59800',
  netPaise: '59800',
  expiresAt,
});
const gateway = (state: GatewayStatus['state'], paidAt: Date | null = null): GatewayStatus => ({
  state,
  paidAt,
  txnHash: paidAt ? '0xabc' : null,
  utr: null,
});
const sale = [
  { account: 'external:crypto-gateway', amountPaise: '-59800' },
  { account: 'platform:epin-sales', amountPaise: '59800' },
];
const issue = {
  ownerUid: 'U1',
  epinType: 'EpintypeB',
  quantity: 2,
  source: { kind: 'order', ref: 'NP1' },
  valuePaise: '29900',
};
const refused = (f: () => unknown, code: string) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
};

describe('a gateway order (given the order, when the gateway says this at this time, then these events)', () => {
  it('given a created order, when the gateway opens it, then it opens; given an open one, a second open is refused', () => {
    const opened = {
      epinType: 'EpintypeB',
      qty: 1,
      amountPaise: '29900',
      discountRateBp: 0,
      discountPaise: '0',
      netPaise: '29900',
      payAmount: '3.32',
      payCurrency: 'usdtbsc',
      payAddress: '0x1',
      gatewayRef: 'G1',
      expiresAt: expiresAt.toISOString(),
    } satisfies OrderOpened;
    expect(decideOpenOrder(order('created'), opened)).toEqual([{ type: 'OrderOpened', payload: opened }]);
    refused(() => decideOpenOrder(order('open'), opened), 'PAYMENT.ORDER_OPEN');
  });

  it('given an open order, when the gateway says paid inside the window, then it is confirmed and its e-pins issued at the quoted price', () => {
    const d = decideSettlement(order('open'), gateway('paid', before), after);
    expect(d.outcome).toBe('confirmed');
    expect(d.issue).toEqual(issue);
    expect(d.events(['E1', 'E2'])).toEqual([
      {
        type: 'PaymentConfirmed',
        payload: { paidAt: before.toISOString(), txnHash: '0xabc', utr: null, epins: ['E1', 'E2'], postings: sale },
      },
    ]);
  });

  it('given an order expired here, when the gateway confirms a payment made inside the window, then it is still on time', () => {
    const d = decideSettlement(order('expired'), gateway('paid', before), after);
    expect(d.outcome).toBe('confirmed');
    expect(d.issue).toEqual(issue);
  });

  it('given an open or expired order, when the gateway says paid after the window (or paid-late), then it is late and nothing is issued', () => {
    for (const status of ['open', 'expired'] as const) {
      const d = decideSettlement(order(status), gateway('paid', after), after);
      expect(d).toMatchObject({ outcome: 'late', issue: null });
      expect(d.events([])).toEqual([
        { type: 'PaymentLate', payload: { paidAt: after.toISOString(), txnHash: '0xabc', utr: null } },
      ]);
    }
    expect(decideSettlement(order('open'), gateway('paid-late', before), after)).toMatchObject({
      outcome: 'late',
      issue: null,
    });
  });

  it('given an open order, when unpaid past its expiry (or the gateway says expired), then it expires; before its expiry nothing changes', () => {
    expect(decideSettlement(order('open'), gateway('waiting'), after).events([])).toEqual([
      { type: 'OrderExpired', payload: {} },
    ]);
    expect(decideSettlement(order('open'), gateway('expired'), before).outcome).toBe('expired');
    const waiting = decideSettlement(order('open'), gateway('waiting'), before);
    expect(waiting).toMatchObject({ outcome: 'open', issue: null });
    expect(waiting.events([])).toEqual([]);
  });

  it('given a confirmed, late or resolved order, when the gateway says anything, then nothing changes (it issues once)', () => {
    for (const status of ['confirmed', 'late', 'resolved'] as const) {
      const d = decideSettlement(order(status), gateway('paid', before), after);
      expect(d).toMatchObject({ outcome: status, issue: null });
      expect(d.events([])).toEqual([]);
    }
  });
});

describe('a late payment (given a late order, when an admin decides, then these events)', () => {
  it('issue: the e-pins at the quoted price and the sale postings; dismiss: no e-pins, no postings', () => {
    const issued = decideLateResolution(order('late'), 'issue', 'admin', 'paid');
    expect(issued.issue).toEqual(issue);
    expect(issued.events(['E1', 'E2'])).toEqual([
      {
        type: 'LatePaymentResolved',
        payload: { by: 'admin', decision: 'issue', remark: 'paid', epins: ['E1', 'E2'], postings: sale },
      },
    ]);
    const dismissed = decideLateResolution(order('late'), 'dismiss', 'admin', 'refunded');
    expect(dismissed.issue).toBeNull();
    expect(dismissed.events([])).toEqual([
      {
        type: 'LatePaymentResolved',
        payload: { by: 'admin', decision: 'dismiss', remark: 'refunded', epins: [], postings: [] },
      },
    ]);
  });

  it('only a late order is resolved, once', () => {
    for (const status of ['open', 'confirmed', 'resolved'] as const)
      refused(() => decideLateResolution(order(status), 'issue', 'admin', ''), 'PAYMENT.NOT_LATE');
  });
});

describe('a bank/QR request (given the request, when an admin decides, then these events)', () => {
  const request = (status: EpinRequestState['status']): EpinRequestState => ({
    id: 'ER1',
    uid: 'U1',
    status,
    epinType: 'EpintypeA',
    qty: 3,
    amountPaise: '300000',
    netPaise: '285000',
  });

  it('approve: its e-pins at the quoted price and the bank sale postings; reject: the remark', () => {
    const approved = decideBankRequest(request('Pending'), 'approve', 'admin', '');
    expect(approved.outcome).toBe('Approved');
    expect(approved.issue).toEqual({
      ownerUid: 'U1',
      epinType: 'EpintypeA',
      quantity: 3,
      source: { kind: 'request', ref: 'ER1' },
      valuePaise: '100000',
    });
    expect(approved.events(['E1'])).toEqual([
      {
        type: 'EpinRequestApproved',
        payload: {
          by: 'admin',
          epins: ['E1'],
          postings: [
            { account: 'external:admin-bank', amountPaise: '-285000' },
            { account: 'platform:epin-sales', amountPaise: '285000' },
          ],
        },
      },
    ]);
    const rejected = decideBankRequest(request('Pending'), 'reject', 'admin', 'no money arrived');
    expect(rejected).toMatchObject({ outcome: 'Rejected', issue: null });
    expect(rejected.events([])).toEqual([
      { type: 'EpinRequestRejected', payload: { by: 'admin', remark: 'no money arrived' } },
    ]);
  });

  it('a request is decided once', () => {
    for (const status of ['Approved', 'Rejected'] as const)
      refused(() => decideBankRequest(request(status), 'approve', 'admin', ''), 'PAYMENT.ALREADY_DECIDED');
  });
});
