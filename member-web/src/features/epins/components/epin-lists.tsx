import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { formatDate } from '../../../lib/format-date';
import { useRows } from '../../../lib/use-rows';
import {
  fetchEpinTransfers,
  fetchRegistrations,
  fetchUnusedEpins,
  fetchUsedEpins,
  type EpinTransferRow,
  type RegistrationRow,
  type UnusedEpin,
  type UsedEpin,
} from '../api/epins';

/** Epin Status: 'Used' red, anything else green (spec §2). */
function EpinStatus({ status }: { status: string }) {
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ fontWeight: 600, color: status === 'Used' ? 'error.main' : 'success.main' }}
    >
      {status}
    </Typography>
  );
}

export function activationLink(pin: string, epintype: string): string {
  return `/Activation?${new URLSearchParams({ pin, type: epintype }).toString()}`;
}

const epinColumns: PagedColumn<UnusedEpin>[] = [
  { header: 'Epin Number', cell: (r) => r.pin },
  { header: 'Epin Amount', cell: (r) => r.amount },
  { header: 'Received Date', cell: (r) => formatDate(r.receivedDate) },
  { header: 'Epin Status', cell: (r) => <EpinStatus status={r.status} /> },
];

/** /EpinHistory — Unused Epin List (ActivationHistory type 2), each row with a Use action to /Activation. */
export function UnusedEpinsPage() {
  const { load } = useRows(fetchUnusedEpins, 'unused e-pins');
  const columns: PagedColumn<UnusedEpin>[] = [
    ...epinColumns,
    {
      header: 'Action',
      cell: (r) => (
        <Button
          size="small"
          variant="contained"
          component={RouterLink}
          to={activationLink(r.pin, r.epintype)}
          aria-label={`Use ${r.pin}`}
        >
          Use
        </Button>
      ),
    },
  ];
  return (
    <PageShell title="Unused Epin List">
      <PagedTable
        label="Unused Epin List"
        columns={columns}
        rows={load.rows}
        loading={load.state === 'loading'}
        rowKey={(r) => r.pin}
      />
    </PageShell>
  );
}

/** /UsedEpin — Used Epin List (type 3): the unused columns plus Used By and Used Date. */
export function UsedEpinsPage() {
  const { load } = useRows(fetchUsedEpins, 'used e-pins');
  const columns: PagedColumn<UsedEpin>[] = [
    ...(epinColumns as PagedColumn<UsedEpin>[]),
    { header: 'Used By', cell: (r) => r.usedBy },
    { header: 'Used Date', cell: (r) => formatDate(r.usedDate) },
  ];
  return (
    <PageShell title="Used Epin List">
      <PagedTable
        label="Used Epin List"
        columns={columns}
        rows={load.rows}
        loading={load.state === 'loading'}
        rowKey={(r) => r.pin}
      />
    </PageShell>
  );
}

const transferColumns: PagedColumn<EpinTransferRow>[] = [
  { header: 'Epin Owner', cell: (r) => r.owner },
  { header: 'Epin Number', cell: (r) => r.pin },
  { header: 'Transfer To User Id', cell: (r) => r.toUid },
  { header: 'Transfer To User Name', cell: (r) => r.toName },
  { header: 'Transfer Date', cell: (r) => formatDate(r.date) },
];

/** /EpinTransferHistory — transfers sent and received (type 4). */
export function EpinTransferHistoryPage() {
  const { load } = useRows(fetchEpinTransfers, 'e-pin transfers');
  return (
    <PageShell title="Epin Transfer History">
      <PagedTable
        label="Epin Transfer History"
        columns={transferColumns}
        rows={load.rows}
        loading={load.state === 'loading'}
      />
    </PageShell>
  );
}

const registrationColumns: PagedColumn<RegistrationRow>[] = [
  { header: 'User Id', cell: (r) => r.userId },
  { header: 'User Name', cell: (r) => r.name },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Mobile', cell: (r) => r.mobile },
  { header: 'Epin Number', cell: (r) => r.pin },
  { header: 'Registration Date', cell: (r) => formatDate(r.date) },
];

/** /SubscriptionHistory — Registration History: the top-ups (activations/upgrades) done by the caller (type 1). */
export function RegistrationHistoryPage() {
  const { load } = useRows(fetchRegistrations, 'registration history');
  return (
    <PageShell title="Registration History">
      <PagedTable
        label="Registration History"
        columns={registrationColumns}
        rows={load.rows}
        loading={load.state === 'loading'}
      />
    </PageShell>
  );
}
