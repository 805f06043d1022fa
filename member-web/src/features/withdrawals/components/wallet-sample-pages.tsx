import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText, type StatusColor } from '../../../components/ui/status-text';
import { formatCalendarDay } from '../../../lib/format-date';

/*
 * Static sample-data pages with no calls (spec §2): the wallet summary and ledger, the withdrawals
 * list, and the payout request. Each says plainly that it sends nothing.
 */

interface LedgerRow {
  date: string;
  type: string;
  amount: string;
  status: string;
  ghLinks: string;
  ghAccepted: string;
  ids: string;
}

export const WALLET_LEDGER_SAMPLE: ReadonlyArray<LedgerRow> = [
  {
    date: '2026-11-05',
    type: 'GH',
    amount: '₹5000.00',
    status: 'PENDING',
    ghLinks: '1',
    ghAccepted: '0',
    ids: '517204',
  },
  {
    date: '2026-11-12',
    type: 'GH',
    amount: '₹2500.00',
    status: 'PENDING',
    ghLinks: '2',
    ghAccepted: '1',
    ids: '603118, 482913',
  },
];

interface WithdrawalSample {
  date: string;
  amount: string;
  status: string;
}

export const WITHDRAWALS_SAMPLE: ReadonlyArray<WithdrawalSample> = [
  { date: '2026-11-08', amount: '₹1000.00', status: 'PENDING' },
];

const statusColor = (status: string): StatusColor => (status === 'PENDING' ? 'error.main' : 'success.main');

function SampleNote() {
  const { t } = useTranslation('withdrawals');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="static-note">
      {t('sampleNote')}
    </Alert>
  );
}

function WalletLinks() {
  const { t } = useTranslation('withdrawals');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
      <Button variant="contained" component={RouterLink} to="/requestpayout">
        {t('requestPayout')}
      </Button>
      <Button variant="outlined" component={RouterLink} to="/mywithdrawals">
        {t('myWithdrawals')}
      </Button>
    </Stack>
  );
}

/** The samples' Status column, coloured as the spec colours statuses. */
function statusColumn<T extends { status: string }>(header: string): PagedColumn<T> {
  return {
    header,
    role: 'status',
    cell: (r) => <StatusText status={r.status} color={statusColor(r.status)} />,
  };
}

/** /MyWallet — wallet summary (links /requestpayout and /mywithdrawals) and the wallet ledger sample. */
export function MyWalletPage() {
  const { t } = useTranslation('withdrawals');
  const figures = [
    { label: t('walletBalance'), value: '₹0.00' },
    { label: t('totalGh'), value: '₹7500.00' },
    { label: t('totalWithdrawn'), value: '₹1000.00' },
  ];
  const columns: PagedColumn<LedgerRow>[] = [
    { header: t('date'), cell: (r) => formatCalendarDay(r.date) },
    { header: t('type'), cell: (r) => r.type },
    { header: t('amountCol'), cell: (r) => r.amount },
    statusColumn(t('statusCol')),
    { header: t('ghLinks'), cell: (r) => r.ghLinks },
    { header: t('ghAccepted'), cell: (r) => r.ghAccepted },
    { header: t('ids'), cell: (r) => r.ids },
  ];
  return (
    <PageShell title={t('walletTitle')}>
      <SampleNote />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 2 }}>
        {figures.map((figure) => (
          <Paper key={figure.label} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="overline" component="h2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              {figure.value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <WalletLinks />
      <Typography variant="h6" component="h2" gutterBottom>
        {t('walletLedger')}
      </Typography>
      <PagedTable label={t('walletLedger')} serialHeader={t('sr')} columns={columns} rows={WALLET_LEDGER_SAMPLE} />
    </PageShell>
  );
}

/** /mywithdrawals — the withdrawals list sample. */
export function MyWithdrawalsPage() {
  const { t } = useTranslation('withdrawals');
  const columns: PagedColumn<WithdrawalSample>[] = [
    { header: t('date'), cell: (r) => formatCalendarDay(r.date) },
    { header: t('amountCol'), cell: (r) => r.amount },
    statusColumn(t('statusCol')),
  ];
  return (
    <PageShell title={t('withdrawalsTitle')} maxWidth="md">
      <SampleNote />
      <WalletLinks />
      <PagedTable label={t('withdrawalsTitle')} serialHeader={t('sr')} columns={columns} rows={WITHDRAWALS_SAMPLE} />
    </PageShell>
  );
}

/** /requestpayout — read-only balance; any request says 'Insufficiet Funds FOR PAYOUTS REQUEST PH FOR WITHDRAWALS'. */
export function RequestPayoutPage() {
  const { t } = useTranslation('withdrawals');
  const [amount, setAmount] = useState('');
  const [shown, setShown] = useState(false);
  return (
    <PageShell title={t('payoutTitle')} maxWidth="sm">
      <SampleNote />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            setShown(true);
          }}
        >
          <TextField
            label={t('availableBalance')}
            value="0.00"
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('payoutAmount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/\D/g, '').slice(0, 10))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
          <Button type="submit" variant="contained">
            {t('submit')}
          </Button>
          {shown ? <Alert severity="error">{t('insufficient')}</Alert> : null}
        </Stack>
      </Paper>
    </PageShell>
  );
}
