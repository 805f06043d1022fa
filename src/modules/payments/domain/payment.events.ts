import { Posting } from '../../../platform/money';
import { Quote } from './pricing';

/** Admin payment options: stream `payment-option-<id>`. */
export interface PaymentOptionFields {
  type: 'Bank' | 'QR';
  bankName: string;
  holder: string;
  /** Account number (Bank) or UPI id (QR): the spec's `btcaddress`. */
  address: string;
  ifsc: string;
  branch: string;
  imglink: string;
}
export type PaymentOptionEvent =
  | { type: 'PaymentOptionCreated'; payload: PaymentOptionFields & { id: string } }
  | { type: 'PaymentOptionEdited'; payload: PaymentOptionFields }
  | { type: 'PaymentOptionDisabled'; payload: Record<string, never> }
  | { type: 'PaymentOptionEnabled'; payload: Record<string, never> };
export const paymentOptionStream = (id: string) => `payment-option-${id}`;

/** Bank/QR e-pin requests: stream `fund-request-<id>` (not `epin-…`: every `epin-%` stream is an e-pin to the ledger checks). */
export interface EpinRequestSubmitted extends Quote {
  id: string;
  uid: string;
  option: PaymentOptionFields & { id: string };
  utrno: string;
  usertype: string;
  /** What the client said the amount was: stored as a hint, never used. */
  clientAmount: string;
}
export type EpinRequestEvent =
  | { type: 'EpinRequestSubmitted'; payload: EpinRequestSubmitted }
  | { type: 'EpinRequestApproved'; payload: { by: string; epins: string[]; postings: Posting[] } }
  | { type: 'EpinRequestRejected'; payload: { by: string; remark: string } };
export const epinRequestStream = (id: string) => `fund-request-${id}`;

/** Gateway orders: stream `payment-order-<clientid>`. */
export type GatewayKind = 'crypto' | 'upi';
export interface OrderOpened extends Quote {
  payAmount: string;
  payCurrency: string;
  payAddress: string;
  gatewayRef: string;
  expiresAt: string;
}
export type PaymentOrderEvent =
  | { type: 'OrderCreated'; payload: { clientid: string; uid: string; kind: GatewayKind; clientAmount: string } }
  | { type: 'OrderOpened'; payload: OrderOpened }
  | {
      type: 'PaymentConfirmed';
      payload: { paidAt: string; txnHash: string | null; utr: string | null; epins: string[]; postings: Posting[] };
    }
  | { type: 'PaymentLate'; payload: { paidAt: string; txnHash: string | null; utr: string | null } }
  | { type: 'OrderExpired'; payload: Record<string, never> }
  | {
      type: 'LatePaymentResolved';
      payload: { by: string; decision: 'issue' | 'dismiss'; remark: string; epins: string[]; postings: Posting[] };
    };
export const paymentOrderStream = (clientid: string) => `payment-order-${clientid}`;

/** Where the money of a sale sits in the double entry: paid outside to the admin bank or a gateway. */
export const saleAccount = 'platform:epin-sales';
export const receivedAccount = (via: 'bank' | GatewayKind) =>
  `external:${via === 'bank' ? 'admin-bank' : via === 'crypto' ? 'crypto-gateway' : 'upi-gateway'}`;
export const salePostings = (via: 'bank' | GatewayKind, netPaise: string): Posting[] =>
  BigInt(netPaise) === 0n
    ? []
    : [
        { account: receivedAccount(via), amountPaise: (-BigInt(netPaise)).toString() },
        { account: saleAccount, amountPaise: BigInt(netPaise).toString() },
      ];

/** Payable window of a gateway order (business rules: 1200 s). */
export const PAYMENT_WINDOW_SECONDS = 1200;
