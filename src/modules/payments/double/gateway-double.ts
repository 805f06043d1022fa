import { randomBytes } from 'node:crypto';
import { Database } from '../../../platform/db/database';
import { DomainError } from '../../../platform/errors';
import { GatewayKind } from '../domain/payment.events';
import {
  CreateOrderInput,
  GatewayOrder,
  GatewayStatus,
  mapNowPaymentsStatus,
  PaymentGateway,
  signIpn,
} from '../gateways/gateway';

export interface DoubleOrderRow {
  id: string;
  kind: GatewayKind;
  order_ref: string;
  pay_address: string;
  pay_amount: string;
  pay_currency: string;
  status: 'waiting' | 'finished' | 'expired';
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  late_paid_at: Date | null;
  txn_hash: string | null;
  utr: string | null;
  callback_result: string | null;
}

const COLUMNS =
  'id, kind, order_ref, pay_address, pay_amount, pay_currency, status, created_at, expires_at, paid_at, late_paid_at, txn_hash, utr, callback_result';
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The local stand-in for both gateways, kept in its own PostgreSQL table like a real service keeps
 * its state: orders wait, are paid (in the window) or expire; a payment after expiry is recorded as
 * late. For crypto it sends NowPayments-style IPN callbacks signed with HMAC-SHA512.
 */
export class GatewayDouble {
  constructor(
    private readonly db: Database,
    readonly ipnSecret: string,
    private readonly callbackUrl: string,
  ) {}

  async create(kind: GatewayKind, input: CreateOrderInput, payee: string): Promise<DoubleOrderRow> {
    const id =
      kind === 'crypto'
        ? String(4_000_000_000 + Math.floor(Math.random() * 999_999_999))
        : `UPI${hex(6).toUpperCase()}`;
    const address = kind === 'crypto' ? `0x${hex(20)}` : payee;
    // Idempotent on the merchant's order id, like a gateway refusing a duplicate order id would be.
    await this.db.execute(
      `insert into gateway_double_orders (id, kind, order_ref, pay_address, pay_amount, pay_currency, status, created_at, expires_at, callback_url)
       values ($1, $2, $3, $4, $5, $6, 'waiting', now(), now() + make_interval(secs => $7), $8) on conflict (order_ref) do nothing`,
      [
        id,
        kind,
        input.clientid,
        address,
        input.payAmount,
        kind === 'crypto' ? 'USDT' : 'INR',
        input.windowSeconds,
        kind === 'crypto' ? this.callbackUrl : null,
      ],
    );
    return (await this.byRef(input.clientid))!;
  }

  async byRef(orderRef: string): Promise<DoubleOrderRow | undefined> {
    const [row] = await this.db.query<DoubleOrderRow>(
      `select ${COLUMNS} from gateway_double_orders where order_ref = $1`,
      [orderRef],
    );
    return row;
  }

  async list(limit: number, offset: number): Promise<{ rows: DoubleOrderRow[]; total: number }> {
    const rows = await this.db.query<DoubleOrderRow>(
      `select ${COLUMNS} from gateway_double_orders order by created_at desc, id limit $1 offset $2`,
      [limit, offset],
    );
    const [{ total }] = await this.db.query<{ total: number }>(
      'select count(*)::int as total from gateway_double_orders',
    );
    return { rows, total };
  }

  /** The NowPayments-shaped view of an order (what a status call and an IPN carry). */
  nowPaymentsBody(row: DoubleOrderRow): Record<string, unknown> {
    const paid = row.paid_at ?? row.late_paid_at;
    return {
      payment_id: row.id,
      order_id: row.order_ref,
      payment_status: row.status,
      pay_address: row.pay_address,
      pay_amount: row.pay_amount,
      pay_currency: 'usdtbsc',
      actually_paid: paid ? row.pay_amount : '0',
      payin_hash: row.txn_hash,
      paid_at: paid ? paid.toISOString() : null,
      updated_at: (paid ?? row.created_at).toISOString(),
    };
  }

  statusOf(row: DoubleOrderRow): GatewayStatus {
    if (row.kind === 'crypto') return mapNowPaymentsStatus(this.nowPaymentsBody(row));
    if (row.status === 'finished') return { state: 'paid', paidAt: row.paid_at, txnHash: null, utr: row.utr };
    if (row.status === 'expired')
      return row.late_paid_at
        ? { state: 'paid-late', paidAt: row.late_paid_at, txnHash: null, utr: row.utr }
        : { state: 'expired', paidAt: null, txnHash: null, utr: null };
    return { state: 'waiting', paidAt: null, txnHash: null, utr: null };
  }

  /** The payer pays: inside the window the order finishes; after it, the payment is recorded as late. Paying twice changes nothing. */
  async markPaid(orderRef: string): Promise<{ row: DoubleOrderRow; callback: string | null }> {
    const txn = `0x${hex(32)}`;
    const utr = String(100000000000 + Math.floor(Math.random() * 899999999999));
    await this.db.execute(
      `update gateway_double_orders set status = 'expired' where order_ref = $1 and status = 'waiting' and expires_at <= now()`,
      [orderRef],
    );
    await this.db.execute(
      `update gateway_double_orders
          set status = case when status = 'waiting' then 'finished' else status end,
              paid_at = case when status = 'waiting' then now() else paid_at end,
              late_paid_at = case when status = 'expired' and late_paid_at is null then now() else late_paid_at end,
              txn_hash = case when kind = 'crypto' then coalesce(txn_hash, $2) else null end,
              utr = case when kind = 'upi' then coalesce(utr, $3) else null end
        where order_ref = $1`,
      [orderRef, txn, utr],
    );
    const row = await this.byRef(orderRef);
    if (!row) throw new DomainError('DOUBLE.UNKNOWN_ORDER', `No gateway order for ${orderRef}`, 'not-found');
    return { row, callback: row.kind === 'crypto' ? await this.sendCallback(row) : null };
  }

  /** The window ends now (the double's clock jumps past the order's expiry). */
  async expire(orderRef: string): Promise<{ row: DoubleOrderRow; callback: string | null }> {
    await this.db.execute(
      `update gateway_double_orders set status = 'expired', expires_at = least(expires_at, now()) where order_ref = $1 and status = 'waiting'`,
      [orderRef],
    );
    const row = await this.byRef(orderRef);
    if (!row) throw new DomainError('DOUBLE.UNKNOWN_ORDER', `No gateway order for ${orderRef}`, 'not-found');
    return { row, callback: row.kind === 'crypto' ? await this.sendCallback(row) : null };
  }

  /** The signed IPN for the order's current state: body and `x-nowpayments-sig`. */
  signedCallback(row: DoubleOrderRow): { body: Record<string, unknown>; signature: string } {
    const body = this.nowPaymentsBody(row);
    return { body, signature: signIpn(this.ipnSecret, body) };
  }

  private async sendCallback(row: DoubleOrderRow): Promise<string> {
    const { body, signature } = this.signedCallback(row);
    let result: string;
    try {
      const response = await fetch(this.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(3000),
      });
      result = `${response.status}`;
    } catch (error) {
      result = `not delivered: ${(error as Error).message}`;
    }
    await this.db.execute(
      'update gateway_double_orders set last_callback = $2::jsonb, callback_result = $3 where id = $1',
      [row.id, JSON.stringify({ body, signature }), result],
    );
    return result;
  }
}

/** The double seen through the gateway interface. */
export class DoubleGateway implements PaymentGateway {
  readonly name: string;

  constructor(
    readonly kind: GatewayKind,
    private readonly double: GatewayDouble,
    private readonly upiPayee: string,
  ) {
    this.name = `local-double-${kind}`;
  }

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    const row = await this.double.create(this.kind, input, this.upiPayee);
    return {
      gatewayRef: row.id,
      payAddress: row.pay_address,
      payAmount: row.pay_amount,
      payCurrency: row.pay_currency,
      expiresAt: row.expires_at,
    };
  }

  async status(clientid: string): Promise<GatewayStatus> {
    const row = await this.double.byRef(clientid);
    if (!row) return { state: 'waiting', paidAt: null, txnHash: null, utr: null };
    // Time passes at the double too: an unpaid order past its expiry is expired.
    if (row.status === 'waiting' && row.expires_at.getTime() <= Date.now())
      return this.double.statusOf({ ...row, status: 'expired' });
    return this.double.statusOf(row);
  }
}
