import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page';
import { type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText } from '../../../components/ui/status-text';
import { formatDate } from '../../../lib/format-date';
import {
  fetchBankRequests,
  fetchGatewayOrders,
  fetchOnlineOrders,
  type BankRequestRow,
  type GatewayOrderRow,
} from '../api/fund-request-history';

/** The block-explorer transaction page of a BEP-20 (BSC) transfer. */
export const EXPLORER_TX_URL = 'https://bscscan.com/tx/';

export function explorerTxLink(hash: string): string {
  return `${EXPLORER_TX_URL}${encodeURIComponent(hash.trim())}`;
}

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

const bankColumns = (t: TFunction): PagedColumn<BankRequestRow>[] => [
  { header: t('paymentType'), cell: (r) => r.paymentType },
  { header: t('quantity'), cell: (r) => r.qty },
  { header: t('reqAmount'), cell: (r) => r.reqAmount },
  { header: t('discountRate'), cell: (r) => r.discountRate },
  { header: t('discountAmount'), cell: (r) => r.discountAmount },
  { header: t('netAmount'), cell: (r) => r.netAmount },
  { header: t('utrNumber'), cell: (r) => r.utrno },
  { header: t('requestedDate'), cell: (r) => formatDate(r.requestedDate) },
  {
    header: t('status'),
    cell: (r) => <StatusText status={r.status} color={bankStatusColor(r.status)} />,
    role: 'status',
  },
  { header: t('paidDate'), cell: (r) => formatDate(r.paidDate) },
  { header: t('accountNumber'), cell: (r) => dash(r.accountNumber) },
  { header: t('holderName'), cell: (r) => dash(r.holder) },
  { header: t('ifsc'), cell: (r) => dash(r.ifsc) },
  { header: t('branch'), cell: (r) => dash(r.branch) },
  { header: t('bankName'), cell: (r) => dash(r.bankName) },
];

/** /FundRequestHistoryBank — the caller's bank/QR e-pin requests (FundRequestHistory action 7). */
export function BankRequestHistoryPage() {
  const { t } = useTranslation('payments');
  return (
    <ListPage
      title={t('bankHistoryTitle')}
      fetch={fetchBankRequests}
      what="e-pin request history"
      serialHeader={t('serial')}
      columns={bankColumns(t)}
    />
  );
}

/** The Txn Hash cell: a View link to the block explorer's transaction page, built from the stored hash. */
export function TxnHashLink({ hash }: { hash: string }) {
  const { t } = useTranslation('payments');
  if (hash.trim() === '') return <>—</>;
  return (
    <Link href={explorerTxLink(hash)} target="_blank" rel="noopener noreferrer" title={hash} data-testid="txn-link">
      {t('view')}
    </Link>
  );
}

const orderHead = (t: TFunction): PagedColumn<GatewayOrderRow>[] => [
  { header: t('orderId'), cell: (r) => r.orderId },
  { header: t('epinType'), cell: (r) => r.epinType },
  { header: t('quantity'), cell: (r) => r.qty },
  { header: t('reqAmount'), cell: (r) => r.reqAmount },
];

const onlineColumns = (t: TFunction): PagedColumn<GatewayOrderRow>[] => [
  ...orderHead(t),
  { header: t('netAmountInr'), cell: (r) => r.netInr },
  { header: t('netAmountUsdt'), cell: (r) => r.netUsdt },
  { header: t('reqDate'), cell: (r) => formatDate(r.requestedDate) },
  {
    header: t('status'),
    cell: (r) => <StatusText status={r.status} color={onlineStatusColor(r.status)} />,
    role: 'status',
  },
  { header: t('paidDate'), cell: (r) => formatDate(r.paidDate) },
  { header: t('txnHash'), cell: (r) => <TxnHashLink hash={r.txnHash} />, role: 'action' },
];

/** /OnlineFundRequestHistory — USDT (BEP-20) orders (action 11). */
export function OnlineRequestHistoryPage() {
  const { t } = useTranslation('payments');
  return (
    <ListPage
      title={t('onlineHistoryTitle')}
      fetch={fetchOnlineOrders}
      what="online e-pin request history"
      serialHeader={t('serial')}
      columns={onlineColumns(t)}
      rowKey={(r) => r.orderId}
    />
  );
}

const gatewayColumns = (t: TFunction): PagedColumn<GatewayOrderRow>[] => [
  ...orderHead(t),
  { header: t('netAmount'), cell: (r) => r.netInr },
  { header: t('reqDate'), cell: (r) => formatDate(r.requestedDate) },
  {
    header: t('status'),
    cell: (r) => <StatusText status={r.status} color={gatewayStatusColor(r.status)} />,
    role: 'status',
  },
  { header: t('paidDate'), cell: (r) => formatDate(r.paidDate) },
];

/** /GatewayFundRequestHistory — UPI orders (action 12). */
export function GatewayRequestHistoryPage() {
  const { t } = useTranslation('payments');
  return (
    <ListPage
      title={t('gatewayHistoryTitle')}
      fetch={fetchGatewayOrders}
      what="gateway e-pin request history"
      serialHeader={t('serial')}
      columns={gatewayColumns(t)}
      rowKey={(r) => r.orderId}
    />
  );
}
