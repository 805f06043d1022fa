import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText } from '../../../components/ui/status-text';
import { formatCalendarDay } from '../../../lib/format-date';

interface SampleRow {
  date: string;
  amount: string;
  status: string;
}

/** Sample rows of the static help list (spec §2 static pages; status APPROVED as spec §4 saw it). */
export const HELP_LIST_SAMPLE: ReadonlyArray<SampleRow> = [
  { date: '2026-11-05', amount: '₹5000.00', status: 'APPROVED' },
  { date: '2026-11-12', amount: '₹10000.00', status: 'APPROVED' },
];

/** /help_list — a static sample page with no calls: date, amount, status. */
export function HelpListSamplePage() {
  const { t } = useTranslation('help-links');
  const columns: PagedColumn<SampleRow>[] = [
    { header: t('date'), cell: (r) => formatCalendarDay(r.date) },
    { header: t('amount'), cell: (r) => r.amount },
    {
      header: t('status'),
      cell: (r) => <StatusText status={r.status} color="success.main" />,
      role: 'status',
    },
  ];
  return (
    <PageShell title={t('helpListTitle')} maxWidth="md">
      <Alert severity="info" sx={{ mb: 2 }} data-testid="static-note">
        {t('sampleNote')}
      </Alert>
      <PagedTable label={t('helpListTitle')} columns={columns} rows={HELP_LIST_SAMPLE} />
    </PageShell>
  );
}
