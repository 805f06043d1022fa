import { assertInvariant } from '../../../platform/errors';
import { Posting } from '../../../platform/money';
import { EpinType } from '../../epins';
import { Settings } from '../../settings/settings';

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

/** The server's own price of an e-pin purchase (never the client's). All paise. */
export interface Quote {
  epinType: EpinType;
  qty: number;
  amountPaise: string;
  discountRateBp: number;
  discountPaise: string;
  netPaise: string;
}

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
  | { type: 'PaymentConfirmed'; payload: { paidAt: string; txnHash: string | null; utr: string | null; epins: string[]; postings: Posting[] } }
  | { type: 'PaymentLate'; payload: { paidAt: string; txnHash: string | null; utr: string | null } }
  | { type: 'OrderExpired'; payload: Record<string, never> }
  | { type: 'LatePaymentResolved'; payload: { by: string; decision: 'issue' | 'dismiss'; remark: string; epins: string[]; postings: Posting[] } };
export const paymentOrderStream = (clientid: string) => `payment-order-${clientid}`;

/** Where the money of a sale sits in the double entry: paid outside to the admin bank or a gateway. */
export const saleAccount = 'platform:epin-sales';
export const receivedAccount = (via: 'bank' | GatewayKind) => `external:${via === 'bank' ? 'admin-bank' : via === 'crypto' ? 'crypto-gateway' : 'upi-gateway'}`;
export const salePostings = (via: 'bank' | GatewayKind, netPaise: string): Posting[] =>
  BigInt(netPaise) === 0n ? [] : [
    { account: receivedAccount(via), amountPaise: (-BigInt(netPaise)).toString() },
    { account: saleAccount, amountPaise: BigInt(netPaise).toString() },
  ];

/** Payable window of a gateway order (business rules: 1200 s). */
export const PAYMENT_WINDOW_SECONDS = 1200;

/** The member contract's texts. */
export const PAY_MSG = {
  selectPaymentType: 'Please Select Payment Type',
  utrRequired: 'UTR Number is required',
  enterQty: 'Enter Quantity !!',
  enterEpinType: 'Enter Epin Type !!',
  success: 'success',
  utrUsed: 'This UTR Number has already been used',
  badUtr: 'UTR Number must be 6 to 30 letters or digits',
  badQty: 'Quantity must be a whole number from 1 to 500',
  unknownOption: 'Please Select Payment Type',
  orderSuccess: 'success',
  unknownOrder: 'Invalid Order Id',
  received: 'Response Received',
  pending: 'Payment Pending',
  expired: 'Payment Expired',
  late: 'Payment received after the time limit; an admin will review it',
  onlyEpintypeB: 'Only 299 (EpintypeB) e-pins can be bought online or through the UPI gateway',
} as const;

/** The only e-pin type offered in online (USDT) and gateway (UPI) requests (spec: "only 299 is offered"). */
export const GATEWAY_EPIN_TYPE = 'EpintypeB';

export const MAX_REQUEST_QTY = 500;

/** amount = price × q; discount by the highest tier whose minQty ≤ q (floor); net = amount − discount. */
export function quote(settings: Settings, epinType: EpinType, qty: number): Quote {
  const amount = BigInt(settings.epinPricesPaise[epinType]) * BigInt(qty);
  let rateBp = 0;
  let best = 0;
  for (const tier of settings.epinDiscountTiers) {
    if (tier.minQty <= qty && tier.minQty >= best) {
      best = tier.minQty;
      rateBp = tier.rateBp;
    }
  }
  const discount = (amount * BigInt(rateBp)) / 10000n;
  return { epinType, qty, amountPaise: amount.toString(), discountRateBp: rateBp, discountPaise: discount.toString(), netPaise: (amount - discount).toString() };
}

/** The price of one e-pin in a quote (its gross amount is price × quantity), for the e-pins it pays for. */
export function epinValueOf(quote: { amount_paise: string | null; qty: number | null }): string {
  const amount = BigInt(quote.amount_paise ?? '0');
  const qty = BigInt(quote.qty ?? 0);
  assertInvariant(qty > 0n && amount > 0n && amount % qty === 0n, `a quote of ${amount} paise for ${qty} e-pins has no whole price per e-pin`);
  return (amount / qty).toString();
}

/** Rupees-per-USDT text ("90", "88.50") → paise per USDT. */
export function ratePaise(usdtRateInr: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(usdtRateInr);
  if (!m) throw new Error(`bad usdt rate ${usdtRateInr}`);
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

/** Net INR paise → USDT cents (2 decimals, half up). */
export function usdtCents(netPaise: bigint, rate: bigint): bigint {
  return (netPaise * 100n * 2n + rate) / (2n * rate);
}

/** Cents / paise → "12.34". */
export function twoDecimals(minor: bigint): string {
  const neg = minor < 0n;
  const a = neg ? -minor : minor;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
}

/** Basis points → percent text "2.50". */
export const percentText = (bp: number): string => twoDecimals(BigInt(bp));
