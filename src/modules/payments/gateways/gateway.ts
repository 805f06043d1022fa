import { createHmac, timingSafeEqual } from 'node:crypto';
import { GatewayKind } from '../domain/payment.events';

/** What a gateway answers when an order is created. */
export interface GatewayOrder {
  gatewayRef: string;
  /** Crypto: the BEP-20 pay address; UPI: the payee VPA. */
  payAddress: string;
  payAmount: string;
  payCurrency: string;
  expiresAt: Date;
}

/** A gateway's view of one order, mapped to what the product decides on. */
export interface GatewayStatus {
  state: 'waiting' | 'paid' | 'paid-late' | 'expired';
  paidAt: Date | null;
  txnHash: string | null;
  utr: string | null;
}

export interface CreateOrderInput {
  clientid: string;
  payAmount: string;
  description: string;
  /** Seconds the order is payable. */
  windowSeconds: number;
}

/** One outside payment service (the crypto gateway or the UPI gateway): a real HTTP adapter or the local double. */
export interface PaymentGateway {
  readonly kind: GatewayKind;
  readonly name: string;
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  status(clientid: string, gatewayRef: string): Promise<GatewayStatus>;
}

export const CRYPTO_GATEWAY = Symbol('CRYPTO_GATEWAY');
export const UPI_GATEWAY = Symbol('UPI_GATEWAY');

/** Deep key sort (NowPayments signs JSON.stringify of the body with keys sorted). */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sort(value));
}

/** HMAC-SHA512 over the sorted JSON body, hex: the `x-nowpayments-sig` header. */
export function signIpn(secret: string, body: unknown): string {
  return createHmac('sha512', secret).update(sortedJson(body)).digest('hex');
}

export function ipnSignatureValid(secret: string, body: unknown, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signIpn(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

/** NowPayments payment_status → the product's states. A payment seen after expiry is late. */
export function mapNowPaymentsStatus(body: {
  payment_status?: unknown;
  actually_paid?: unknown;
  payin_hash?: unknown;
  updated_at?: unknown;
  paid_at?: unknown;
}): GatewayStatus {
  const status = String(body.payment_status ?? '');
  const paid = Number(body.actually_paid ?? 0) > 0;
  const when =
    typeof body.paid_at === 'string' ? body.paid_at : typeof body.updated_at === 'string' ? body.updated_at : null;
  const paidAt = when && !Number.isNaN(Date.parse(when)) ? new Date(when) : null;
  const txnHash = typeof body.payin_hash === 'string' && body.payin_hash ? body.payin_hash : null;
  if (status === 'finished' || status === 'confirmed' || status === 'sending')
    return { state: 'paid', paidAt: paidAt ?? new Date(), txnHash, utr: null };
  if (status === 'expired')
    return paid
      ? { state: 'paid-late', paidAt: paidAt ?? new Date(), txnHash, utr: null }
      : { state: 'expired', paidAt: null, txnHash: null, utr: null };
  return { state: 'waiting', paidAt: null, txnHash: null, utr: null };
}
