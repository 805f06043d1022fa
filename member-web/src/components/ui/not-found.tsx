import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../lib/session';

/**
 * Any route not built (yet): a plain page with a way on, never a fake screen. A signed-in member is
 * offered the dashboard; a visitor the login page and the website.
 */
export function NotFound() {
  const { t } = useTranslation('not-found');
  const session = useSession();
  return (
    <Box component="main" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 4, textAlign: 'center' }}>
      <Box>
        <Typography variant="h3" component="h1" gutterBottom>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" paragraph>
          {t('notFound.body')}
        </Typography>
        <Stack direction="row" spacing={2} justifyContent="center" flexWrap="wrap" useFlexGap>
          {session.isAuth ? (
            <Button variant="contained" component={RouterLink} to="/dashboard">
              {t('notFound.dashboard')}
            </Button>
          ) : (
            <>
              <Button variant="contained" component={RouterLink} to="/login">
                {t('notFound.login')}
              </Button>
              <Button variant="outlined" component={RouterLink} to="/">
                {t('notFound.home')}
              </Button>
            </>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
