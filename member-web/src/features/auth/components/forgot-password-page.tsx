import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { UserIdField } from './user-id-field';
import { Link as RouterLink } from 'react-router-dom';
import { FormCard } from '../../../components/ui/form-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { forgetPassword, FORGET_PASSWORD_SUCCESS } from '../api/forget-password';

/** /ForgotPassword: mails a single-use reset link to the member's email. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMissing(userId === '');
    if (userId === '') {
      notifyError(t('enterUserId'));
      return;
    }
    setBusy(true);
    try {
      const answer = await forgetPassword(userId);
      if (answer === FORGET_PASSWORD_SUCCESS) notifySuccess(t('forgotSuccess'));
      else notifyError(t('invalidUserId'));
    } catch (error) {
      console.error('forget password failed', error);
      notifyError(t('invalidUserId'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormCard title={t('forgotTitle')}>
      <Box component="form" noValidate onSubmit={submit}>
        <UserIdField
          value={userId}
          error={missing ? t('enterUserId') : undefined}
          onChange={(next) => {
            setUserId(next);
            setMissing(false);
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? t('processing2') : t('submit')}
        </Button>
        <Stack direction="row" justifyContent="space-between" sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/signup">
            {t('register')}
          </Link>
          <Link component={RouterLink} to="/Login">
            {t('login')}
          </Link>
          <Link component={RouterLink} to="/">
            {t('website')}
          </Link>
        </Stack>
      </Box>
    </FormCard>
  );
}
