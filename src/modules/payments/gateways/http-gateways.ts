import { DomainError } from '../../../platform/errors';
import { CreateOrderInput, GatewayOrder, GatewayStatus, mapNowPaymentsStatus, PaymentGateway } from './gateway';

const TIMEOUT_MS = 10_000;

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new DomainError(
      'PAYMENT.GATEWAY_UNREACHABLE',
      `Payment gateway unreachable: ${(error as Error).message}`,
      'business',
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DomainError(
      'PAYMENT.GATEWAY_BAD_ANSWER',
      `Payment gateway answered ${response.status} without JSON`,
      'business',
    );
  }
  if (!response.ok || !body || typeof body !== 'object')
    throw new DomainError(
      'PAYMENT.GATEWAY_REFUSED',
      `Payment gateway refused the order (${response.status})`,
      'business',
    );
  return body as Record<string, unknown>;
}

/** NowPayments (USDT on BSC): POST /v1/payment, GET /v1/payment/:id, IPN signed with HMAC-SHA512. */
export class NowPaymentsGateway implements PaymentGateway {
  readonly kind = 'crypto' as const;
  readonly name = 'nowpayments';

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly callbackUrl: string,
  ) {}

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    const body = await call(`${this.baseUrl}/v1/payment`, {
      method: 'POST',
      headers: { 'x-api-key': this.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        price_amount: input.payAmount,
        price_currency: 'usdtbsc',
        pay_currency: 'usdtbsc',
        order_id: input.clientid,
        order_description: input.description,
        ipn_callback_url: this.callbackUrl,
      }),
    });
    if (typeof body.payment_id !== 'string' && typeof body.payment_id !== 'number')
      throw new DomainError('PAYMENT.GATEWAY_BAD_ANSWER', 'Payment gateway gave no payment id', 'business');
    if (typeof body.pay_address !== 'string')
      throw new DomainError('PAYMENT.GATEWAY_BAD_ANSWER', 'Payment gateway gave no pay address', 'business');
    return {
      gatewayRef: String(body.payment_id),
      payAddress: body.pay_address,
      payAmount: String(body.pay_amount ?? input.payAmount),
      payCurrency: 'USDT',
      expiresAt: new Date(Date.now() + input.windowSeconds * 1000),
    };
  }

  async status(_clientid: string, gatewayRef: string): Promise<GatewayStatus> {
    return mapNowPaymentsStatus(
      await call(`${this.baseUrl}/v1/payment/${encodeURIComponent(gatewayRef)}`, {
        headers: { 'x-api-key': this.apiKey },
      }),
    );
  }
}

/**
 * When a UPI payment was made: the gateway's `txnAt` only when it names a time of day. Without one
 * (missing, unparsable, or a bare date such as "2026-11-24", which would read as midnight and make
 * any payment later that day look inside the window), the time of this check stands in: the payment
 * was made by then at the latest, so an order checked inside its window is still confirmed, and one
 * checked after it is recorded late for an admin rather than issued.
 */
export function paidTimeOf(txnAt: unknown, checkedAt: Date = new Date()): Date {
  if (typeof txnAt !== 'string' || !/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(txnAt) || Number.isNaN(Date.parse(txnAt)))
    return checkedAt;
  return new Date(txnAt);
}

/** A UPI collection gateway (UPIGateway-style: create_order / check_order_status with a key). The QR is drawn locally. */
export class UpiHttpGateway implements PaymentGateway {
  readonly kind = 'upi' as const;
  readonly name = 'upi-http';

  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly payeeVpa: string,
  ) {}

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    const body = await call(`${this.baseUrl}/create_order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: this.key,
        client_txn_id: input.clientid,
        amount: input.payAmount,
        p_info: input.description,
      }),
    });
    const data = (body.data ?? {}) as Record<string, unknown>;
    if (body.status !== true)
      throw new DomainError('PAYMENT.GATEWAY_REFUSED', String(body.msg ?? 'UPI gateway refused the order'), 'business');
    return {
      gatewayRef: String(data.order_id ?? input.clientid),
      payAddress: this.payeeVpa,
      payAmount: input.payAmount,
      payCurrency: 'INR',
      expiresAt: new Date(Date.now() + input.windowSeconds * 1000),
    };
  }

  async status(clientid: string): Promise<GatewayStatus> {
    const body = await call(`${this.baseUrl}/check_order_status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: this.key, client_txn_id: clientid }),
    });
    const data = (body.data ?? {}) as Record<string, unknown>;
    const utr = typeof data.upi_txn_id === 'string' ? data.upi_txn_id : null;
    if (data.status === 'success') return { state: 'paid', paidAt: paidTimeOf(data.txnAt), txnHash: null, utr };
    if (data.status === 'failure') return { state: 'expired', paidAt: null, txnHash: null, utr: null };
    return { state: 'waiting', paidAt: null, txnHash: null, utr: null };
  }
}
