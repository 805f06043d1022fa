import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * 'Withdrawal GH assigned within 48 hours' in English and Hindi, both at once whatever the chosen
 * language (spec §4 shows it bilingual, as the disclaimer).
 */
export function WithdrawalGhNotice() {
  const { t } = useTranslation('withdrawals');
  return (
    <Alert severity="info" data-testid="withdrawal-gh-notice" sx={{ mt: 2 }}>
      <Typography variant="body2" lang="en">
        {t('ghNotice', { lng: 'en' })}
      </Typography>
      <Typography variant="body2" lang="hi">
        {t('ghNotice', { lng: 'hi' })}
      </Typography>
    </Alert>
  );
}
