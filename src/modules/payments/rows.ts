import { Sql } from '../../platform/db/sql';
import { EpinType } from '../epins';
import { utrClaim, utrKey } from '../help';
import { EpinRequestState, OrderStatus, PaymentOrderState } from './domain/payment-order.decide';
import { GatewayKind } from './domain/payment.events';

/** Row helpers of the payments context: the read tables its use cases lock and its queries read. */

export type { OrderStatus };

export interface OrderRow {
  clientid: string;
  uid: string;
  kind: GatewayKind;
  status: OrderStatus;
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

export async function findOrder(sql: Sql, clientid: string): Promise<OrderRow | undefined> {
  const [row] = await sql.query<OrderRow>(`select ${ORDER_COLUMNS} from payment_orders where clientid = $1`, [
    clientid,
  ]);
  return row;
}

/** An order under its row lock, as its decide sees it, with the stream version to append at. */
export async function lockOrder(
  sql: Sql,
  clientid: string,
): Promise<{ state: PaymentOrderState; version: number } | undefined> {
  const [row] = await sql.query<OrderRow>(
    `select ${ORDER_COLUMNS} from payment_orders where clientid = $1 for update`,
    [clientid],
  );
  return row && { state: orderState(row), version: row.version };
}

export const orderState = (row: OrderRow): PaymentOrderState => ({
  clientid: row.clientid,
  uid: row.uid,
  kind: row.kind,
  status: row.status,
  epinType: row.epin_type,
  qty: row.qty,
  amountPaise: row.amount_paise,
  netPaise: row.net_paise,
  expiresAt: row.expires_at,
});

/**
 * Orders the server should still ask the gateway about: open, or expired less than the
 * late-payment watch ago. Oldest first, at most `limit` (a named bound per sweep).
 */
export function watchedOrders(sql: Sql, lateWatchSeconds: number, limit: number): Promise<OrderRow[]> {
  return sql.query<OrderRow>(
    `select ${ORDER_COLUMNS} from payment_orders
      where status in ('open', 'expired') and expires_at > now() - make_interval(secs => $1)
      order by expires_at limit $2`,
    [lateWatchSeconds, limit],
  );
}

export interface EpinRequestRow {
  id: string;
  uid: string;
  option_id: string;
  option_type: string;
  bank_name: string;
  holder: string;
  address: string;
  ifsc: string;
  branch: string;
  utrno: string;
  epin_type: EpinType;
  qty: number;
  usertype: string;
  client_amount: string;
  amount_paise: string;
  discount_rate_bp: number;
  discount_paise: string;
  net_paise: string;
  status: 'Pending' | 'Approved' | 'Rejected';
  remark: string;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  version: number;
}

export const REQUEST_COLUMNS = `id, uid, option_id, option_type, bank_name, holder, address, ifsc, branch, utrno, epin_type, qty, usertype, client_amount,
  amount_paise::text as amount_paise, discount_rate_bp, discount_paise::text as discount_paise, net_paise::text as net_paise, status, remark, requested_at, decided_at, decided_by, version`;

/** A bank/QR e-pin request under its row lock, with the stream version to append at. */
export async function lockRequest(
  sql: Sql,
  id: string,
): Promise<{ state: EpinRequestState; version: number } | undefined> {
  const [row] = await sql.query<EpinRequestRow>(
    `select ${REQUEST_COLUMNS} from epin_requests where id = $1 for update`,
    [id],
  );
  return (
    row && {
      state: {
        id: row.id,
        uid: row.uid,
        status: row.status,
        epinType: row.epin_type,
        qty: row.qty,
        amountPaise: row.amount_paise,
        netPaise: row.net_paise,
      },
      version: row.version,
    }
  );
}

/** Whether a UTR number was already used by any request (case-insensitive, as its unique index). */
/** The claim on a UTR number, by an e-pin request or a help link (one table for both: help's `utr_claims`). */
export async function utrUsed(
  sql: Sql,
  utrno: string,
): Promise<{ source: 'help-link' | 'epin-request'; source_id: string } | null> {
  return utrClaim(sql, utrKey(utrno));
}
