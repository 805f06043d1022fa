import { DomainError } from '../../../platform/errors';
import { EpinType } from '../../epins';
import { GatewayStatus } from '../gateways/gateway';
import { EpinRequestEvent, GatewayKind, OrderOpened, PaymentOrderEvent, salePostings } from './payment.events';
import { epinValueOf } from './pricing';

/**
 * The pure decisions of the payments context: given an order (or a bank/QR request) as it stands,
 * when something happens (the gateway's answer at a time, an admin's decision), then these events.
 * E-pins are issued by the handler in the same transaction; a decision that issues says which
 * e-pins (`issue`) and builds its events from their numbers.
 */

export type OrderStatus = 'created' | 'open' | 'confirmed' | 'late' | 'expired' | 'resolved';

export interface PaymentOrderState {
  clientid: string;
  uid: string;
  kind: GatewayKind;
  status: OrderStatus;
  epinType: EpinType | null;
  qty: number | null;
  amountPaise: string | null;
  netPaise: string | null;
  expiresAt: Date | null;
}

/** E-pins a decision pays for: issued to the buyer at the price of the quote. */
export interface EpinIssue {
  ownerUid: string;
  epinType: EpinType;
  quantity: number;
  source: { kind: 'order' | 'request'; ref: string };
  valuePaise: string;
}

export interface Decision<S, E> {
  outcome: S;
  issue: EpinIssue | null;
  events: (epins: string[]) => E[];
}

const nothing = <S, E>(outcome: S): Decision<S, E> => ({ outcome, issue: null, events: () => [] });

const issueFor = (order: PaymentOrderState): EpinIssue => ({
  ownerUid: order.uid,
  epinType: order.epinType!,
  quantity: order.qty!,
  source: { kind: 'order', ref: order.clientid },
  valuePaise: epinValueOf(order),
});

/** An order opens once, with what the gateway answered; a second deposit on it is refused. */
export function decideOpenOrder(order: Pick<PaymentOrderState, 'status'>, opened: OrderOpened): PaymentOrderEvent[] {
  if (order.status !== 'created') throw new DomainError('PAYMENT.ORDER_OPEN', 'This order is already open', 'conflict');
  return [{ type: 'OrderOpened', payload: opened }];
}

/**
 * Applies what the gateway said, once: a payment inside the window confirms the order and issues
 * its e-pins — also when the order had already expired here because the gateway's confirmation
 * came after the window; after the window it is recorded as late (no e-pins); an unpaid order past
 * its expiry expires. Anything else changes nothing.
 */
export function decideSettlement(
  order: PaymentOrderState,
  status: GatewayStatus,
  now: Date,
): Decision<OrderStatus, PaymentOrderEvent> {
  const expiresAt = order.expiresAt ?? new Date(0);
  const paidAt = status.paidAt ?? now;
  const paid = status.state === 'paid' || status.state === 'paid-late';
  const watched = order.status === 'open' || order.status === 'expired';
  // Paid inside the window is on time even if the order was expired meanwhile (the gateway confirmed it late).
  if (paid && watched && status.state === 'paid' && paidAt.getTime() <= expiresAt.getTime()) {
    return {
      outcome: 'confirmed',
      issue: issueFor(order),
      events: (epins) => [
        {
          type: 'PaymentConfirmed',
          payload: {
            paidAt: paidAt.toISOString(),
            txnHash: status.txnHash,
            utr: status.utr,
            epins,
            postings: salePostings(order.kind, order.netPaise!),
          },
        },
      ],
    };
  }
  if (paid && watched) {
    return {
      outcome: 'late',
      issue: null,
      events: () => [
        { type: 'PaymentLate', payload: { paidAt: paidAt.toISOString(), txnHash: status.txnHash, utr: status.utr } },
      ],
    };
  }
  if (!paid && order.status === 'open' && (status.state === 'expired' || now.getTime() > expiresAt.getTime())) {
    return { outcome: 'expired', issue: null, events: () => [{ type: 'OrderExpired', payload: {} }] };
  }
  return nothing(order.status);
}

/** An admin resolves a late payment once: issue the e-pins after all, or dismiss (refund handled outside). */
export function decideLateResolution(
  order: PaymentOrderState,
  decision: 'issue' | 'dismiss',
  by: string,
  remark: string,
): Decision<OrderStatus, PaymentOrderEvent> {
  if (order.status !== 'late')
    throw new DomainError(
      'PAYMENT.NOT_LATE',
      `Only a late payment can be resolved; this order is ${order.status}`,
      'conflict',
    );
  const issuing = decision === 'issue';
  return {
    outcome: 'resolved',
    issue: issuing ? issueFor(order) : null,
    events: (epins) => [
      {
        type: 'LatePaymentResolved',
        payload: { by, decision, remark, epins, postings: issuing ? salePostings(order.kind, order.netPaise!) : [] },
      },
    ],
  };
}

export interface EpinRequestState {
  id: string;
  uid: string;
  status: 'Pending' | 'Approved' | 'Rejected';
  epinType: EpinType;
  qty: number;
  amountPaise: string;
  netPaise: string;
}

/** A bank/QR request is decided once: approved (its e-pins issued in the same commit) or rejected with a remark. */
export function decideBankRequest(
  request: EpinRequestState,
  decision: 'approve' | 'reject',
  by: string,
  remark: string,
): Decision<'Approved' | 'Rejected', EpinRequestEvent> {
  if (request.status !== 'Pending')
    throw new DomainError('PAYMENT.ALREADY_DECIDED', `This request is already ${request.status}`, 'conflict');
  if (decision === 'reject')
    return {
      outcome: 'Rejected',
      issue: null,
      events: () => [{ type: 'EpinRequestRejected', payload: { by, remark } }],
    };
  return {
    outcome: 'Approved',
    issue: {
      ownerUid: request.uid,
      epinType: request.epinType,
      quantity: request.qty,
      source: { kind: 'request', ref: request.id },
      valuePaise: epinValueOf(request),
    },
    events: (epins) => [
      { type: 'EpinRequestApproved', payload: { by, epins, postings: salePostings('bank', request.netPaise) } },
    ],
  };
}
