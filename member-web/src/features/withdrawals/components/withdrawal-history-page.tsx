import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page';
import { type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText, type StatusColor } from '../../../components/ui/status-text';
import { formatDate } from '../../../lib/format-date';
import { formatAmount } from '../../../lib/money';
import { fetchWithdrawalHistory, type WithdrawalRow } from '../api/withdrawal-history';

/** Spec §2: Paid green, others red. */
export function withdrawalStatusColor(status: string): StatusColor {
  return status === 'Paid' ? 'success.main' : 'error.main';
}

/**
 * Spec §2: amounts prefixed with $. The `$` figure is the USD value — the server's `amount_usd` (at
 * its USDT rate setting, docs/decisions/0018), else INR / 90 as the dashboard's USD display —
 * followed by the rupees requested, so no rupee amount is shown as dollars (docs/decisions/0017).
 */
export function requestAmountText(rupees: string, usd = ''): string {
  const dollars = /^\d+(\.\d{1,2})?$/.test(usd) ? `$${usd}` : formatAmount(rupees, 'USD');
  return `${dollars} (${formatAmount(rupees, 'INR')})`;
}

/** /WithdrawalHistory: S.No, User Id, Request Amount, Status, Link Generate Date, Paid Date. */
export function WithdrawalHistoryPage() {
  const { t } = useTranslation('withdrawals');
  const columns: PagedColumn<WithdrawalRow>[] = [
    { header: t('userId'), cell: (r) => r.uid },
    { header: t('requestAmount'), cell: (r) => requestAmountText(r.amount, r.amountUsd) },
    {
      header: t('status'),
      cell: (r) => <StatusText status={r.status} color={withdrawalStatusColor(r.status)} testId="withdrawal-status" />,
      role: 'status',
    },
    { header: t('linkGenerateDate'), cell: (r) => formatDate(r.linkGeneratedAt) },
    { header: t('paidDate'), cell: (r) => formatDate(r.paidAt) },
  ];
  return (
    <ListPage
      title={t('historyTitle')}
      fetch={fetchWithdrawalHistory}
      what="withdrawal history"
      columns={columns}
      emptyText={t('noData')}
    />
  );
}
