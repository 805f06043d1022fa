import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DisclaimerText } from '../../../components/ui/disclaimer-text';
import { FormCard } from '../../../components/ui/form-card';
import { ForcedLogoutError } from '../../../lib/api-client';
import { getSession, signOut } from '../../../lib/session';
import { acceptDisclaimer } from '../api/accept-disclaimer';

/**
 * /Disclaimer, shown right after login: Accept records the agreement (the dashboard's popup, which
 * shows while it is not recorded, then stays closed: the disclaimer is read once) and goes on to the
 * dashboard; Reject logs out. An admin's "Log in as" session agrees to nothing for the member. A
 * failed record is logged and the member goes on (the popup asks again).
 */
export function DisclaimerPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function accept() {
    if (busy) return;
    const session = getSession();
    setBusy(true);
    try {
      if (!session.impersonated) await acceptDisclaimer(session.userId);
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('recording the disclaimer agreement failed', error);
    } finally {
      setBusy(false);
    }
    navigate('/dashboard');
  }

  return (
    <FormCard title={t('disclaimerTitle')} maxWidth={760}>
      <DisclaimerText />
      <Stack direction="row" spacing={2} justifyContent="center" sx={{ mt: 3 }}>
        <Button variant="contained" color="primary" onClick={() => void accept()} disabled={busy}>
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
