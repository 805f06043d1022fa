import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTranslation } from 'react-i18next';
import { useOldestShownFigures, useOnline, useSubmitRefused } from '../../lib/connection';
import { figuresTime } from '../../lib/figures-time';

/**
 * Offline (issue 20): a banner at the foot of every screen saying so, with the time of the figures
 * on show when they are not fresh (lib/last-figures.ts); every form's submit button is dimmed, and
 * a submit is refused (lib/connection.ts), the banner saying why: nothing is sent, the form keeps
 * its fields. It goes away by itself when the connection comes back, and the screens re-read what
 * failed. Its own chunk (app/connection-status.tsx), fetched once the app has drawn.
 */
export function ConnectionBanner() {
  const { t, i18n } = useTranslation('common');
  const online = useOnline();
  const refused = useSubmitRefused();
  const oldest = useOldestShownFigures();
  if (online && oldest === null) return null;
  return (
    <>
      <GlobalStyles
        styles={{ 'html[data-offline] form button[type="submit"]': { opacity: 0.5, cursor: 'not-allowed' } }}
      />
      <Box
        role="status"
        data-testid="connection-banner"
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 'snackbar',
          px: 2,
          py: 1,
          bgcolor: online ? 'info.dark' : 'grey.900',
          color: 'common.white',
          typography: 'body2',
          textAlign: 'center',
          boxShadow: 6,
        }}
      >
        {online ? null : <strong>{t('connection.offline')} </strong>}
        {online ? null : `${refused ? t('connection.needsConnection') : t('connection.offlineActions')} `}
        {oldest === null ? null : t('connection.lastFigures', { time: figuresTime(oldest, i18n.language) })}
      </Box>
    </>
  );
}
