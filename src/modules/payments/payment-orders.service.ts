import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import * as QRCode from 'qrcode';
import { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors';
import { EventMetadata } from '../../platform/event-store/event.types';
import { Ledger } from '../../platform/ledger';
import { formatRupees } from '../../platform/money';
import { EPIN_TYPES, EpinType, issueEpins } from '../epins';
import { loadSettings } from '../settings/settings';
import { epinValueOf, GATEWAY_EPIN_TYPE, GatewayKind, MAX_REQUEST_QTY, PAY_MSG, PAYMENT_WINDOW_SECONDS, paymentOrderStream, percentText, quote, ratePaise, salePostings, twoDecimals, usdtCents } from './domain/payment.events';
import { CRYPTO_GATEWAY, GatewayStatus, PaymentGateway, UPI_GATEWAY } from './gateways/gateway';
import type { PollTiming } from './jobs/payment-status.processor';
import { PAYMENTS_CONFIG } from './payments.tokens';
import { PaymentsConfig } from './payments.config';

export interface OrderRow {
  clientid: string;
  uid: string;
  kind: GatewayKind;
  status: 'created' | 'open' | 'confirmed' | 'late' | 'expired' | 'resolved';
  client_amount: string;
  epin_type: EpinType | null;
  qty: number | null;
  amount_paise: string | null;
  discount_rate_bp: number | null;
  discount_paise: string | null;
  net_paise: string | null;
  pay_amount: string | null;
  pay_currency: string | null;
  pay_address: string | null;
  gateway_ref: string | null;
  created_at: Date;
  opened_at: Date | null;
  expires_at: Date | null;
  paid_at: Date | null;
  txn_hash: string | null;
  utr: string | null;
  remark: string;
  version: number;
}

export const ORDER_COLUMNS = `clientid, uid, kind, status, client_amount, epin_type, qty, amount_paise::text as amount_paise, discount_rate_bp, discount_paise::text as discount_paise,
  net_paise::text as net_paise, pay_amount, pay_currency, pay_address, gateway_ref, created_at, opened_at, expires_at, paid_at, txn_hash, utr, remark, version`;

export interface DepositInput {
  amount?: string;
  epin_type?: string;
  epin_qty?: string;
  clientid?: string;
}

export type DepositResult =
  | { ok: false; message: string }
  | { ok: true; order: OrderRow; qrCodeImage?: string; upiUrl?: string };

export interface StatusAnswer {
  data: { message: string; status_id: number; data: { utr: string } };
}

/** Gateway orders (USDT via the crypto gateway, INR via the UPI gateway): e-pins only on the server's own confirmation, once per order. */
@Injectable()
export class PaymentOrdersService {
  constructor(
    private readonly ledger: Ledger,
    private readonly db: Database,
    @Inject(CRYPTO_GATEWAY) private readonly crypto: PaymentGateway,
    @Inject(UPI_GATEWAY) private readonly upi: PaymentGateway,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  get pollEveryMs(): number {
    return this.config.pollEveryMs;
  }

  /** The payment-status job's pace (open orders, then the late-payment watch after expiry). */
  get pollTiming(): PollTiming {
    return { everyMs: this.config.pollEveryMs, lateEveryMs: this.config.latePollEveryMs, lateWatchMs: this.config.lateWatchSeconds * 1000 };
  }

  gateway(kind: GatewayKind): PaymentGateway {
    return kind === 'crypto' ? this.crypto : this.upi;
  }

  async find(clientid: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.query<OrderRow>(`select ${ORDER_COLUMNS} from payment_orders where clientid = $1`, [clientid]);
    return row;
  }

  /** genarateOrderId…: a fresh order id for the caller. The amount the client shows is kept as a hint only. */
  async create(uid: string, kind: GatewayKind, clientAmount: string, metadata: EventMetadata): Promise<string> {
    const clientid = `${kind === 'crypto' ? 'NP' : 'UP'}${Date.now()}${randomBytes(3).toString('hex').toUpperCase()}`;
    await this.ledger.run(metadata, (tx) => tx.append(paymentOrderStream(clientid), 0, [{ type: 'OrderCreated', payload: { clientid, uid, kind, clientAmount: clientAmount.slice(0, 20) } }]));
    return clientid;
  }

  /** depositBy…: prices the order from settings, opens it at the gateway, records it. */
  async deposit(uid: string, kind: GatewayKind, input: DepositInput, metadata: EventMetadata): Promise<DepositResult> {
    const epinType = (input.epin_type ?? '').trim();
    const qtyText = (input.epin_qty ?? '').trim();
    const clientid = (input.clientid ?? '').trim();
    if (!epinType || !EPIN_TYPES.includes(epinType as EpinType)) return { ok: false, message: PAY_MSG.enterEpinType };
    if (!/^\d{1,5}$/.test(qtyText) || Number(qtyText) < 1) return { ok: false, message: PAY_MSG.enterQty };
    if (Number(qtyText) > MAX_REQUEST_QTY) return { ok: false, message: PAY_MSG.badQty };
    if (epinType !== GATEWAY_EPIN_TYPE) return { ok: false, message: PAY_MSG.onlyEpintypeB };
    const order = clientid ? await this.find(clientid) : undefined;
    if (!order || order.uid !== uid || order.kind !== kind) return { ok: false, message: PAY_MSG.unknownOrder };
    if (order.status !== 'created') return { ok: false, message: 'This order is already open' };
    const settings = await loadSettings(this.db);
    const price = quote(settings, epinType as EpinType, Number(qtyText));
    const net = BigInt(price.netPaise);
    const payAmount = kind === 'crypto' ? twoDecimals(usdtCents(net, ratePaise(settings.usdtRateInr))) : formatRupees(net);
    // The gateway is outside: called before our transaction, idempotent on the order id.
    const opened = await this.gateway(kind).createOrder({ clientid, payAmount, description: `${price.qty} x ${epinType} e-pins for ${uid}`, windowSeconds: PAYMENT_WINDOW_SECONDS });
    await this.ledger.run(metadata, async (tx) => {
      const [row] = await tx.query<{ status: string; version: number }>('select status, version from payment_orders where clientid = $1 for update', [clientid]);
      if (row.status !== 'created') throw new DomainError('PAYMENT.ORDER_OPEN', 'This order is already open', 'conflict');
      await tx.append(paymentOrderStream(clientid), row.version, [
        { type: 'OrderOpened', payload: { ...price, payAmount: opened.payAmount, payCurrency: opened.payCurrency, payAddress: opened.payAddress, gatewayRef: opened.gatewayRef, expiresAt: opened.expiresAt.toISOString() } },
      ]);
    });
    const fresh = (await this.find(clientid))!;
    if (kind === 'crypto') return { ok: true, order: fresh };
    const upiUrl = `upi://pay?${new URLSearchParams({ pa: opened.payAddress, pn: this.config.upiPayeeName, am: opened.payAmount, tn: clientid, cu: 'INR' }).toString()}`;
    return { ok: true, order: fresh, upiUrl, qrCodeImage: await QRCode.toDataURL(upiUrl) };
  }

  /** checkPaymentStatus / updatePaymentStatus: the server asks the gateway itself; the client's claim is never used. */
  async check(uid: string, clientid: string, metadata: EventMetadata): Promise<StatusAnswer> {
    const order = await this.find(clientid);
    if (!order || order.uid !== uid) return answer(PAY_MSG.unknownOrder, -1, '');
    if (order.status === 'open' || order.status === 'expired') {
      const status = await this.gateway(order.kind).status(clientid, order.gateway_ref ?? '');
      await this.settle(clientid, status, metadata);
    }
    return this.answerFor((await this.find(clientid))!);
  }

  answerFor(order: OrderRow): StatusAnswer {
    const ref = order.utr ?? order.txn_hash ?? '';
    switch (order.status) {
      case 'confirmed':
        return answer(PAY_MSG.received, 1, ref);
      case 'expired':
        return answer(PAY_MSG.expired, 2, '');
      case 'late':
      case 'resolved':
        return answer(PAY_MSG.late, 3, ref);
      default:
        return answer(PAY_MSG.pending, 0, '');
    }
  }

  /**
   * Applies what the gateway said, once: a payment inside the window confirms the order and issues
   * its e-pins in the same transaction — also when the order had already expired here because the
   * gateway's confirmation came after the window; after the window it is recorded as late (no e-pins); an
   * unpaid order past its expiry expires. Every step is conditional on the order's state under a row lock.
   */
  async settle(clientid: string, status: GatewayStatus, metadata: EventMetadata): Promise<OrderRow['status'] | 'unknown'> {
    return this.ledger.run(metadata, async (tx) => {
      const [order] = await tx.query<OrderRow>(`select ${ORDER_COLUMNS} from payment_orders where clientid = $1 for update`, [clientid]);
      if (!order) return 'unknown';
      const stream = paymentOrderStream(clientid);
      const expiresAt = order.expires_at ?? new Date(0);
      const paidAt = status.paidAt ?? tx.now;
      const paid = status.state === 'paid' || status.state === 'paid-late';
      // Paid inside the window is on time even if the order was expired meanwhile (the gateway confirmed it late).
      if (paid && (order.status === 'open' || order.status === 'expired') && status.state === 'paid' && paidAt.getTime() <= expiresAt.getTime()) {
        const epins = await issueEpins(tx, { ownerUid: order.uid, epinType: order.epin_type!, quantity: order.qty!, source: { kind: 'order', ref: clientid }, valuePaise: epinValueOf(order) });
        await tx.append(stream, order.version, [
          { type: 'PaymentConfirmed', payload: { paidAt: paidAt.toISOString(), txnHash: status.txnHash, utr: status.utr, epins, postings: salePostings(order.kind, order.net_paise!) } },
        ]);
        return 'confirmed';
      }
      if (paid && (order.status === 'open' || order.status === 'expired')) {
        await tx.append(stream, order.version, [{ type: 'PaymentLate', payload: { paidAt: paidAt.toISOString(), txnHash: status.txnHash, utr: status.utr } }]);
        return 'late';
      }
      if (!paid && order.status === 'open' && (status.state === 'expired' || tx.now.getTime() > expiresAt.getTime())) {
        await tx.append(stream, order.version, [{ type: 'OrderExpired', payload: {} }]);
        return 'expired';
      }
      return order.status;
    });
  }

  /**
   * An admin's "Re-check with gateway": asks the gateway about an open or expired order now and
   * settles on its answer, exactly like the job (a late payment is recorded late, no e-pins), at any
   * time — also after the job's late-payment watch is over. Answers the order and what the gateway said.
   */
  /**
   * Orders the server should still ask the gateway about: open, or expired less than the
   * late-payment watch ago. Oldest first, at most `limit` (a named bound per sweep).
   */
  async watched(limit: number): Promise<OrderRow[]> {
    return this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from payment_orders
        where status in ('open', 'expired') and expires_at > now() - make_interval(secs => $1)
        order by expires_at limit $2`,
      [this.config.lateWatchSeconds, limit],
    );
  }

  async recheck(clientid: string, metadata: EventMetadata): Promise<{ order: OrderRow; gatewayState: GatewayStatus['state'] }> {
    const order = await this.find(clientid);
    if (!order) throw new DomainError('PAYMENT.UNKNOWN_ORDER', `No order ${clientid}`, 'not-found');
    if (order.status !== 'open' && order.status !== 'expired') {
      throw new DomainError('PAYMENT.NOTHING_TO_CHECK', `Only an open or expired order can be re-checked with the gateway; this order is ${order.status}`, 'conflict');
    }
    const status = await this.gateway(order.kind).status(clientid, order.gateway_ref ?? '');
    await this.settle(clientid, status, metadata);
    return { order: (await this.find(clientid))!, gatewayState: status.state };
  }

  /** An admin resolves a late payment: issue the e-pins after all, or dismiss (refund handled outside). Once. */
  async resolveLate(clientid: string, decision: 'issue' | 'dismiss', remark: string, admin: string, metadata: EventMetadata): Promise<OrderRow> {
    await this.ledger.run(metadata, async (tx) => {
      const [order] = await tx.query<OrderRow>(`select ${ORDER_COLUMNS} from payment_orders where clientid = $1 for update`, [clientid]);
      if (!order) throw new DomainError('PAYMENT.UNKNOWN_ORDER', `No order ${clientid}`, 'not-found');
      if (order.status !== 'late') throw new DomainError('PAYMENT.NOT_LATE', `Only a late payment can be resolved; this order is ${order.status}`, 'conflict');
      const epins = decision === 'issue' ? await issueEpins(tx, { ownerUid: order.uid, epinType: order.epin_type!, quantity: order.qty!, source: { kind: 'order', ref: clientid }, valuePaise: epinValueOf(order) }) : [];
      await tx.append(paymentOrderStream(clientid), order.version, [
        { type: 'LatePaymentResolved', payload: { by: admin, decision, remark, epins, postings: decision === 'issue' ? salePostings(order.kind, order.net_paise!) : [] } },
      ]);
    });
    return (await this.find(clientid))!;
  }

  /** FundRequestHistory 11 (online, USDT) and 12 (gateway, UPI) in the spec's row shape. */
  async history(uid: string, kind: GatewayKind) {
    const rows = await this.db.query<OrderRow>(`select ${ORDER_COLUMNS} from payment_orders where uid = $1 and kind = $2 and status <> 'created' order by created_at desc, clientid`, [uid, kind]);
    return rows.map((r, i) => {
      const status = kind === 'crypto' ? CRYPTO_STATUS[r.status] : UPI_STATUS[r.status];
      const base = {
        row: i + 1,
        uid: r.uid,
        remark: r.remark,
        upi_id_hash: kind === 'crypto' ? (r.txn_hash ?? '') : (r.utr ?? ''),
        amount: r.pay_amount ?? '',
        requestedDate: r.created_at.toISOString(),
        client_txn_id: r.clientid,
        trnasid: r.gateway_ref ?? '',
        approveDate: r.paid_at ? r.paid_at.toISOString() : '',
        epin_type: r.epin_type ?? '',
        epin_qty: r.qty ?? 0,
        epin_amount: r.amount_paise ? formatRupees(BigInt(r.amount_paise)) : '',
        epin_discountrate: r.discount_rate_bp === null ? '' : percentText(r.discount_rate_bp),
        epin_discountamount: r.discount_paise ? formatRupees(BigInt(r.discount_paise)) : '',
        epin_netamount: r.net_paise ? formatRupees(BigInt(r.net_paise)) : '',
      };
      return kind === 'crypto'
        ? { ...base, msg: status, txn_link: r.txn_hash ? `${this.config.explorerTxUrl}${r.txn_hash}` : '' }
        : { ...base, ss: status };
    });
  }
}

const CRYPTO_STATUS: Record<OrderRow['status'], string> = { created: 'waiting', open: 'waiting', confirmed: 'finished', late: 'late', expired: 'expired', resolved: 'resolved' };
const UPI_STATUS: Record<OrderRow['status'], string> = { created: 'Pending', open: 'Pending', confirmed: 'Success', late: 'Late', expired: 'failed', resolved: 'Resolved' };

const answer = (message: string, statusId: number, utr: string): StatusAnswer => ({ data: { message, status_id: statusId, data: { utr } } });
