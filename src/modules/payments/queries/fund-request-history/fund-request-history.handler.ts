import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/db/database';
import { formatRupees } from '../../../../platform/money';
import { GatewayKind } from '../../domain/payment.events';
import { percentText } from '../../domain/pricing';
import { PaymentsConfig } from '../../payments.config';
import { PAYMENTS_CONFIG } from '../../payments.tokens';
import { EpinRequestRow, ORDER_COLUMNS, OrderRow, OrderStatus, REQUEST_COLUMNS } from '../../rows';
import { FundRequestHistoryQuery } from './fund-request-history.query';

const CRYPTO_STATUS: Record<OrderStatus, string> = {
  created: 'waiting',
  open: 'waiting',
  confirmed: 'finished',
  late: 'late',
  expired: 'expired',
  resolved: 'resolved',
};
const UPI_STATUS: Record<OrderStatus, string> = {
  created: 'Pending',
  open: 'Pending',
  confirmed: 'Success',
  late: 'Late',
  expired: 'failed',
  resolved: 'Resolved',
};

/** The caller's requests or orders, newest first, in the spec's row shapes (a query: reads its tables directly). */
@QueryHandler(FundRequestHistoryQuery)
export class FundRequestHistoryHandler implements IQueryHandler<FundRequestHistoryQuery> {
  constructor(
    private readonly db: Database,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  execute({ uid, action }: FundRequestHistoryQuery) {
    return action === '7' ? this.requests(uid) : this.orders(uid, action === '11' ? 'crypto' : 'upi');
  }

  /** Action 7: bank/QR e-pin requests. */
  private async requests(uid: string) {
    const rows = await this.db.query<EpinRequestRow>(
      `select ${REQUEST_COLUMNS} from epin_requests where uid = $1 order by requested_at desc, id`,
      [uid],
    );
    return rows.map((r, i) => ({
      row: i + 1,
      id: r.id,
      uid: r.uid,
      remark: r.remark,
      utrno: r.utrno,
      amount: formatRupees(BigInt(r.net_paise)),
      requestedDate: r.requested_at.toISOString(),
      paymenttype: r.option_type,
      acholdername: r.holder,
      ifsc: r.ifsc,
      branch: r.branch,
      bankname: r.bank_name,
      accountnumber: r.address,
      requestpin_amount: formatRupees(BigInt(r.amount_paise)),
      discount_amount: formatRupees(BigInt(r.discount_paise)),
      discount_rate: percentText(r.discount_rate_bp),
      st: r.status,
      approveDate: r.decided_at ? r.decided_at.toISOString() : '',
      usertype: r.usertype,
      qty: r.qty,
      epintype: r.epin_type,
    }));
  }

  /** Actions 11 (online, USDT) and 12 (gateway, UPI): opened orders. */
  private async orders(uid: string, kind: GatewayKind) {
    const rows = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from payment_orders where uid = $1 and kind = $2 and status <> 'created' order by created_at desc, clientid`,
      [uid, kind],
    );
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
