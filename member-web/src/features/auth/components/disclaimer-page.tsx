import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DisclaimerText } from '../../../components/ui/disclaimer-text';
import { FormCard } from '../../../components/ui/form-card';
import { signOut } from '../../../lib/session';

/** /Disclaimer, shown right after login: Accept goes on to the dashboard, Reject logs out. */
export function DisclaimerPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <FormCard title={t('disclaimerTitle')} maxWidth={760}>
      <DisclaimerText />
      <Stack direction="row" spacing={2} justifyContent="center" sx={{ mt: 3 }}>
        <Button variant="contained" color="primary" onClick={() => navigate('/dashboard')}>
          {t('accept')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          onClick={() => {
            signOut();
            navigate('/login');
          }}
        >
          {t('reject')}
        </Button>
      </Stack>
    </FormCard>
  );
}
