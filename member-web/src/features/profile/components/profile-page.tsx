import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageShell } from '../../../components/ui/page-shell';
import { useUserInformation } from './use-profile';

/** /Profile (spec §2): user id, name, email, mobile, and the way to the settings. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { load, reload } = useUserInformation();
  return (
    <PageShell title={t('profileTitle')} maxWidth="sm">
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        {load.state === 'loading' ? <LoadingBlock label={t('loading')} /> : null}
        {load.state === 'failed' ? <LoadFailed message={t('loadFailed')} retry={t('retry')} onRetry={reload} /> : null}
        {load.state === 'ready' ? (
          <Stack spacing={1.5} component="dl" sx={{ m: 0 }} data-testid="profile-summary">
            {(
              [
                ['userId', load.info.uid],
                ['name', load.info.f_name],
                ['email', load.info.email],
                ['mobile', load.info.mobile],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <Typography component="dt" variant="overline" color="text.secondary">
                  {t(label)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {value || '—'}
                </Typography>
              </div>
            ))}
          </Stack>
        ) : null}
        <Button variant="contained" component={RouterLink} to="/ProfileSetting" sx={{ mt: 3 }}>
          {t('profileSettings')}
        </Button>
      </Paper>
    </PageShell>
  );
}
