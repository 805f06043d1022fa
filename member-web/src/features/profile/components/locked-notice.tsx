import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Spec §4: saved bank details and wallet address are read-only; changes need the admin. */
export function LockedNotice() {
  const { t } = useTranslation('profile');
  return (
    <Alert severity="success" data-testid="locked-notice">
      {t('locked')}
    </Alert>
  );
}
