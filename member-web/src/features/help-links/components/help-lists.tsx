import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText } from '../../../components/ui/status-text';
import { formatAmount } from '../../../lib/money';
import { fetchGhListAll } from '../api/gh-list-all';
import { fetchPhListAll } from '../api/ph-list-all';
import { statusColor, type HelpLink, type ListType } from '../api/types';
import { formatDateTime } from '../../../lib/format-date';
import { LoadFailed } from '../../../components/ui/load-states';
import { LinkCard, type Side } from './link-card';
import { EMPTY_LIST, useLinkList } from './use-link-list';

const fetchers = { PH: fetchPhListAll, GH: fetchGhListAll } as const;

/** Pending PH / GH Help List: one card per order, or 'No Data Found' (spec §2). */
function PendingList({ side }: { side: Side }) {
  const { t } = useTranslation('help-links');
  const title = side === 'PH' ? t('pendingPhTitle') : t('pendingGhTitle');
  const load = useLinkList(() => fetchers[side]('1'), `${side} pending list`, EMPTY_LIST);
  return (
    <PageShell title={title}>
      {load.state === 'loading' ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={`${t('loading')} ${title}`} />
        </Box>
      ) : load.state === 'failed' ? (
        <LoadFailed message={t('connection.loadFailed')} retry={t('connection.retry')} onRetry={load.reload} />
      ) : load.list.rows.length === 0 ? (
        <Typography align="center" color="text.secondary" sx={{ py: 6 }} data-testid="list-empty">
          {t('noData')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {load.list.rows.map((link) => (
            <LinkCard key={link.id} link={link} side={side} serverDate={load.list.serverDate} />
          ))}
        </Box>
      )}
    </PageShell>
  );
}

/** Received / Cancel PH or GH Help List: the paged table, status coloured, 'No Data Found' when empty. */
function LinkTable({ side, type }: { side: Side; type: Exclude<ListType, '1'> }) {
  const { t } = useTranslation('help-links');
  const title =
    side === 'PH'
      ? t(type === '2' ? 'receivedPhTitle' : 'cancelPhTitle')
      : t(type === '2' ? 'receivedGhTitle' : 'cancelGhTitle');
  const load = useLinkList(() => fetchers[side](type), `${side} list ${type}`, EMPTY_LIST);
  const status = (r: HelpLink) => (side === 'PH' ? r.paidst : r.sidapprovest);
  const columns: PagedColumn<HelpLink>[] = [
    { header: t('orderId'), cell: (r) => r.id },
    { header: t('amount'), cell: (r) => formatAmount(r.amount, 'INR') },
    side === 'PH' ? { header: t('receiverId'), cell: (r) => r.uid } : { header: t('senderId'), cell: (r) => r.fromid },
    { header: t('name'), cell: (r) => r.name },
    { header: t('mobile'), cell: (r) => r.mobile || '—' },
    { header: t('utrNumber'), cell: (r) => r.utrno || '—' },
    // `dd` is the link's creation on every answer (a list's first row carries the countdown's end in `ed`).
    { header: t('generateDate'), cell: (r) => formatDateTime(r.dd || r.ed) },
    { header: t('paidDate'), cell: (r) => formatDateTime(r.pd) },
    ...(type === '3' ? [{ header: t('cancelRemark'), cell: (r: HelpLink) => r.ghRemark || '—' }] : []),
    {
      header: t('status'),
      cell: (r) => <StatusText status={status(r)} color={statusColor(status(r))} testId="link-status" />,
      role: 'status',
    },
    {
      header: t('action'),
      cell: (r) => (
        <Button
          size="small"
          variant="outlined"
          component={RouterLink}
          to={`/${side}RecivePaymentId/${encodeURIComponent(r.id)}`}
          aria-label={t('viewOrder', { id: r.id })}
        >
          {t('view')}
        </Button>
      ),
      role: 'action',
    },
  ];
  return (
    <PageShell title={title}>
      <PagedTable
        label={title}
        columns={columns}
        rows={load.list.rows}
        loading={load.state === 'loading'}
        failed={load.state === 'failed'}
        onRetry={load.reload}
        emptyText={t('noData')}
        rowKey={(r) => r.id}
      />
    </PageShell>
  );
}

/** /PHRecivePayment */
export const PendingPhPage = () => <PendingList side="PH" />;
/** /PHRecivePaymentPaid */
export const ReceivedPhPage = () => <LinkTable side="PH" type="2" />;
/** /PHRecivePaymentCancel */
export const CancelPhPage = () => <LinkTable side="PH" type="3" />;
/** /GHRecivePayment */
export const PendingGhPage = () => <PendingList side="GH" />;
/** /GHRecivePaymentPaid */
export const ReceivedGhPage = () => <LinkTable side="GH" type="2" />;
/** /GHRecivePaymentCancel */
export const CancelGhPage = () => <LinkTable side="GH" type="3" />;
