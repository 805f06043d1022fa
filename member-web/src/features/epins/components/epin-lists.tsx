import Button from '@mui/material/Button';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ListPage } from '../../../components/ui/list-page';
import { type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText } from '../../../components/ui/status-text';
import { formatDate } from '../../../lib/format-date';
import {
  fetchEpinTransfers,
  fetchRegistrations,
  fetchUnusedEpins,
  fetchUsedEpins,
  type EpinTransferRow,
  type RegistrationRow,
  type UnusedEpin,
  type UsedEpin,
} from '../api/activation-history';

/** Epin Status: 'Used' red, anything else green (spec §2). */
function EpinStatus({ status }: { status: string }) {
  return <StatusText status={status} color={status === 'Used' ? 'error.main' : 'success.main'} />;
}

export function activationLink(pin: string, epintype: string): string {
  return `/Activation?${new URLSearchParams({ pin, type: epintype }).toString()}`;
}

const epinColumns = (t: TFunction): PagedColumn<UnusedEpin>[] => [
  { header: t('lists.epinNumber'), cell: (r) => r.pin },
  { header: t('lists.epinAmount'), cell: (r) => r.amount },
  { header: t('lists.receivedDate'), cell: (r) => formatDate(r.receivedDate) },
  { header: t('lists.epinStatus'), cell: (r) => <EpinStatus status={r.status} />, role: 'status' },
];

/** /EpinHistory — Unused Epin List (ActivationHistory type 2), each row with a Use action to /Activation. */
export function UnusedEpinsPage() {
  const { t } = useTranslation('epins');
  const columns: PagedColumn<UnusedEpin>[] = [
    ...epinColumns(t),
    {
      header: t('lists.action'),
      role: 'action',
      cell: (r) => (
        <Button
          size="small"
          variant="contained"
          component={RouterLink}
          to={activationLink(r.pin, r.epintype)}
          aria-label={t('lists.useLabel', { pin: r.pin })}
        >
          {t('lists.use')}
        </Button>
      ),
    },
  ];
  return (
    <ListPage
      title={t('lists.unusedTitle')}
      fetch={fetchUnusedEpins}
      what="unused e-pins"
      columns={columns}
      rowKey={(r) => r.pin}
    />
  );
}

/** /UsedEpin — Used Epin List (type 3): the unused columns plus Used By and Used Date. */
export function UsedEpinsPage() {
  const { t } = useTranslation('epins');
  const columns: PagedColumn<UsedEpin>[] = [
    ...(epinColumns(t) as PagedColumn<UsedEpin>[]),
    { header: t('lists.usedBy'), cell: (r) => r.usedBy },
    { header: t('lists.usedDate'), cell: (r) => formatDate(r.usedDate) },
  ];
  return (
    <ListPage
      title={t('lists.usedTitle')}
      fetch={fetchUsedEpins}
      what="used e-pins"
      columns={columns}
      rowKey={(r) => r.pin}
    />
  );
}

const transferColumns = (t: TFunction): PagedColumn<EpinTransferRow>[] => [
  { header: t('lists.epinOwner'), cell: (r) => r.owner },
  { header: t('lists.epinNumber'), cell: (r) => r.pin },
  { header: t('lists.transferToUserId'), cell: (r) => r.toUid },
  { header: t('lists.transferToUserName'), cell: (r) => r.toName },
  { header: t('lists.transferDate'), cell: (r) => formatDate(r.date) },
];

/** /EpinTransferHistory — transfers sent and received (type 4). */
export function EpinTransferHistoryPage() {
  const { t } = useTranslation('epins');
  return (
    <ListPage
      title={t('lists.transferHistoryTitle')}
      fetch={fetchEpinTransfers}
      what="e-pin transfers"
      columns={transferColumns(t)}
    />
  );
}

const registrationColumns = (t: TFunction): PagedColumn<RegistrationRow>[] => [
  { header: t('lists.userId'), cell: (r) => r.userId },
  { header: t('lists.userName'), cell: (r) => r.name },
  { header: t('lists.email'), cell: (r) => r.email },
  { header: t('lists.mobile'), cell: (r) => r.mobile },
  { header: t('lists.epinNumber'), cell: (r) => r.pin },
  { header: t('lists.registrationDate'), cell: (r) => formatDate(r.date) },
];

/** /SubscriptionHistory — Registration History: the top-ups (activations/upgrades) done by the caller (type 1). */
export function RegistrationHistoryPage() {
  const { t } = useTranslation('epins');
  return (
    <ListPage
      title={t('lists.registrationHistoryTitle')}
      fetch={fetchRegistrations}
      what="registration history"
      columns={registrationColumns(t)}
    />
  );
}
