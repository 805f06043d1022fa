import Link from '@mui/material/Link';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { formatDate } from '../../../lib/format-date';
import { useRows } from '../../../lib/use-rows';
import {
  explorerTxLink,
  fetchBankRequests,
  fetchGatewayOrders,
  fetchOnlineOrders,
  type BankRequestRow,
  type GatewayOrderRow,
} from '../api/payments';
import { StatusText } from './shared';

/** Spec §2: Epin request status Approved green, Pending and anything else red. */
export function bankStatusColor(status: string) {
  return status === 'Approved' ? 'success.main' : 'error.main';
}

/** Spec §4: online (msg) finished green, expired orange, anything else red. */
export function onlineStatusColor(status: string) {
  if (status === 'finished') return 'success.main';
  if (status === 'expired') return 'warning.main';
  return 'error.main';
}

/** Spec §4: gateway (ss) Success green, failed orange, anything else red. */
export function gatewayStatusColor(status: string) {
  if (status === 'Success') return 'success.main';
  if (status === 'failed') return 'warning.main';
  return 'error.main';
}

const dash = (value: string) => (value === '' ? '—' : value);

export const BANK_HISTORY_TITLE = 'Epin Request History';
export const ONLINE_HISTORY_TITLE = 'Online Epin Request History';
export const GATEWAY_HISTORY_TITLE = 'Gateway Epin Request History';

const bankColumns: PagedColumn<BankRequestRow>[] = [
  { header: 'Payment Type', cell: (r) => r.paymentType },
  { header: 'Quantity', cell: (r) => r.qty },
  { header: 'Req. Amount', cell: (r) => r.reqAmount },
  { header: 'Discount Rate', cell: (r) => r.discountRate },
  { header: 'Discount Amount', cell: (r) => r.discountAmount },
  { header: 'Net Amount', cell: (r) => r.netAmount },
  { header: 'UTR Number', cell: (r) => r.utrno },
  { header: 'Requested Date', cell: (r) => formatDate(r.requestedDate) },
  { header: 'Status', cell: (r) => <StatusText status={r.status} color={bankStatusColor(r.status)} /> },
  { header: 'Paid Date', cell: (r) => formatDate(r.paidDate) },
  { header: 'Account Number', cell: (r) => dash(r.accountNumber) },
  { header: 'Holder Name', cell: (r) => dash(r.holder) },
  { header: 'IFSC', cell: (r) => dash(r.ifsc) },
  { header: 'Branch', cell: (r) => dash(r.branch) },
  { header: 'Bank Name', cell: (r) => dash(r.bankName) },
];

/** /FundRequestHistoryBank — the caller's bank/QR e-pin requests (FundRequestHistory action 7). */
export function BankRequestHistoryPage() {
  const { load } = useRows(fetchBankRequests, 'e-pin request history');
  return (
    <PageShell title={BANK_HISTORY_TITLE}>
      <PagedTable
        label={BANK_HISTORY_TITLE}
        serialHeader="S.No."
        columns={bankColumns}
        rows={load.rows}
        loading={load.state === 'loading'}
      />
    </PageShell>
  );
}

/** The Txn Hash cell: a View link to the block explorer's transaction page, built from the stored hash. */
export function TxnHashLink({ hash }: { hash: string }) {
  if (hash.trim() === '') return <>—</>;
  return (
    <Link href={explorerTxLink(hash)} target="_blank" rel="noopener noreferrer" title={hash} data-testid="txn-link">
      View
    </Link>
  );
}

const orderHead: PagedColumn<GatewayOrderRow>[] = [
  { header: 'Order Id', cell: (r) => r.orderId },
  { header: 'Epin Type', cell: (r) => r.epinType },
  { header: 'Quantity', cell: (r) => r.qty },
  { header: 'Req. Amount', cell: (r) => r.reqAmount },
];

const onlineColumns: PagedColumn<GatewayOrderRow>[] = [
  ...orderHead,
  { header: 'Net Amount (INR)', cell: (r) => r.netInr },
  { header: 'Net Amount (USDT)', cell: (r) => r.netUsdt },
  { header: 'Req. Date', cell: (r) => formatDate(r.requestedDate) },
  { header: 'Status', cell: (r) => <StatusText status={r.status} color={onlineStatusColor(r.status)} /> },
  { header: 'Paid Date', cell: (r) => formatDate(r.paidDate) },
  { header: 'Txn Hash', cell: (r) => <TxnHashLink hash={r.txnHash} /> },
];

/** /OnlineFundRequestHistory — USDT (BEP-20) orders (action 11). */
export function OnlineRequestHistoryPage() {
  const { load } = useRows(fetchOnlineOrders, 'online e-pin request history');
  return (
    <PageShell title={ONLINE_HISTORY_TITLE}>
      <PagedTable
        label={ONLINE_HISTORY_TITLE}
        serialHeader="S.No."
        columns={onlineColumns}
        rows={load.rows}
        loading={load.state === 'loading'}
        rowKey={(r) => r.orderId}
      />
    </PageShell>
  );
}

const gatewayColumns: PagedColumn<GatewayOrderRow>[] = [
  ...orderHead,
  { header: 'Net Amount', cell: (r) => r.netInr },
  { header: 'Req. Date', cell: (r) => formatDate(r.requestedDate) },
  { header: 'Status', cell: (r) => <StatusText status={r.status} color={gatewayStatusColor(r.status)} /> },
  { header: 'Paid Date', cell: (r) => formatDate(r.paidDate) },
];

/** /GatewayFundRequestHistory — UPI orders (action 12). */
export function GatewayRequestHistoryPage() {
  const { load } = useRows(fetchGatewayOrders, 'gateway e-pin request history');
  return (
    <PageShell title={GATEWAY_HISTORY_TITLE}>
      <PagedTable
        label={GATEWAY_HISTORY_TITLE}
        serialHeader="S.No."
        columns={gatewayColumns}
        rows={load.rows}
        loading={load.state === 'loading'}
        rowKey={(r) => r.orderId}
      />
    </PageShell>
  );
}
