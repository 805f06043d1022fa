import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { formatCalendarDay } from '../../../lib/format-date';

interface DirectSample {
  login: string;
  name: string;
  registered: string;
  phone: string;
}

/** The sample rows of the static page (spec §2: no calls). */
export const DIRECT_LIST_SAMPLE: ReadonlyArray<DirectSample> = [
  { login: '603118', name: 'Ravi Kumar', registered: '2026-11-03', phone: '98******21' },
  { login: '711204', name: 'Meena Joshi', registered: '2026-11-10', phone: '97******08' },
];

/** /MyDirectList — the static "my direct members" sample (login, name, registration date, phone); it sends nothing. */
export function MyDirectListPage() {
  const { t } = useTranslation('team');
  const columns: PagedColumn<DirectSample>[] = [
    { header: t('login'), cell: (r) => r.login },
    { header: t('name'), cell: (r) => r.name },
    { header: t('registrationDate'), cell: (r) => formatCalendarDay(r.registered) },
    { header: t('phone'), cell: (r) => r.phone },
  ];
  return (
    <PageShell title={t('myDirectMembers')}>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="static-note">
        {t('sampleNote')}
      </Alert>
      <PagedTable label={t('myDirectMembers')} serialHeader={t('serial')} columns={columns} rows={DIRECT_LIST_SAMPLE} />
    </PageShell>
  );
}
