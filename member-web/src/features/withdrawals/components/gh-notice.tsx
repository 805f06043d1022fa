import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import en from '../locales/en.json';
import hi from '../locales/hi.json';

/**
 * 'Withdrawal GH assigned within 48 hours' in English and Hindi, both at once whatever the chosen
 * language (spec §4 shows it bilingual, as the disclaimer). Read from the feature's two catalogues
 * themselves: i18next loads only the chosen language's, so `t(…, { lng })` showed the key (or the
 * other language twice) for the language not chosen.
 */
export function WithdrawalGhNotice() {
  return (
    <Alert severity="info" data-testid="withdrawal-gh-notice" sx={{ mt: 2 }}>
      <Typography variant="body2" lang="en">
        {en.ghNotice}
      </Typography>
      <Typography variant="body2" lang="hi">
        {hi.ghNotice}
      </Typography>
    </Alert>
  );
}
