import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText } from '../../../components/ui/status-text';
import { type TeamMember, type TeamReport } from '../api/team';
import { useTeamPages } from './use-team-pages';

/** Active green, anything else red (spec §2's status colours); the word in the reader's language. */
export function MemberStatus({ status }: { status: string }) {
  return <StatusText status={status} color={status === 'Active' ? 'success.main' : 'error.main'} />;
}

/**
 * A team report as a table: the loaded rows paged client-side (spec §2), how many of the team are
 * loaded, and "Load more" while the server has further pages.
 */
export function TeamTable({
  label,
  report,
  columns,
  searchKey = '',
}: {
  label: string;
  report: TeamReport;
  columns: PagedColumn<TeamMember>[];
  searchKey?: string;
}) {
  const { t } = useTranslation('team');
  const team = useTeamPages(report, searchKey, label);
  return (
    <Stack spacing={1.5}>
      <PagedTable
        label={label}
        serialHeader={t('serial')}
        columns={columns}
        rows={team.rows}
        loading={team.loading}
        failed={team.failed}
        onRetry={team.reload}
        rowKey={(row) => row.uid}
      />
      {team.rows.length > 0 ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }}>
          <Typography variant="body2" color="text.secondary" data-testid="team-loaded">
            {team.total
              ? t('loadedOf', { loaded: team.rows.length, total: team.total })
              : t('loaded', { loaded: team.rows.length })}
          </Typography>
          {team.hasMore ? (
            <Button variant="outlined" onClick={() => void team.loadMore()} disabled={team.busy}>
              {team.busy ? t('loadingMore') : t('loadMore')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
