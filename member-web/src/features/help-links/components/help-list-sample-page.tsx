import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';

interface SampleRow {
  date: string;
  amount: string;
  status: string;
}

/** Sample rows of the static help list (spec §2 static pages; status APPROVED as spec §4 saw it). */
export const HELP_LIST_SAMPLE: ReadonlyArray<SampleRow> = [
  { date: '05 Nov 2026', amount: '₹5000.00', status: 'APPROVED' },
  { date: '12 Nov 2026', amount: '₹10000.00', status: 'APPROVED' },
];

/** /help_list — a static sample page with no calls: date, amount, status. */
export function HelpListSamplePage() {
  const { t } = useTranslation('help-links');
  const columns: PagedColumn<SampleRow>[] = [
    { header: t('date'), cell: (r) => r.date },
    { header: t('amount'), cell: (r) => r.amount },
    {
      header: t('status'),
      cell: (r) => (
        <Box component="span" sx={{ color: 'success.main', fontWeight: 700 }}>
          {r.status}
        </Box>
      ),
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
