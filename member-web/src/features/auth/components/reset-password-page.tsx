import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { i18n } from '../../../lib/i18n';
import { FormCard } from '../../../components/ui/form-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { resetPassword, RESET_PASSWORD_SUCCESS } from '../api/reset-password';
import { PasswordField } from './password-field';

const PASSWORD_MIN = 6;
const PASSWORD_MAX = 20;

/** The first failed check, in the order registration uses for the same fields. */
export function resetPasswordProblem(password: string, confirm: string): string | null {
  if (password === '') return i18n.t('auth:passwordRequired');
  if (password.length < PASSWORD_MIN) return i18n.t('auth:passwordMin');
  if (password !== confirm) return i18n.t('auth:confirmMismatch');
  return null;
}

/** /ResetPassword?token=…, the target of the mailed single-use link (added by Sahyog). */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const failed = resetPasswordProblem(password, confirm);
    // A mismatch belongs under Confirm Password; the other checks under New Password.
    setProblem(failed ? { field: failed === t('confirmMismatch') ? 'confirm' : 'password', text: failed } : null);
    if (failed) {
      notifyError(failed);
      return;
    }
    setBusy(true);
    try {
      const answer = await resetPassword(token, password);
      if (answer === RESET_PASSWORD_SUCCESS) {
        notifySuccess(t('resetSuccess'));
        navigate('/login');
      } else {
        notifyError(answer || t('invalidResetLink'));
      }
    } catch (error) {
      console.error('reset password failed', error);
      notifyError(t('invalidResetLink'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormCard title={t('resetTitle')}>
      {token === '' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('invalidResetLink')}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit}>
        <PasswordField
          label={t('newPassword')}
          value={password}
          onChange={setPassword}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          errorText={problem?.field === 'password' ? problem.text : undefined}
        />
        <PasswordField
          label={t('confirmPassword')}
          value={confirm}
          onChange={setConfirm}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          errorText={problem?.field === 'confirm' ? problem.text : undefined}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || token === ''} sx={{ mt: 2 }}>
          {busy ? t('processing2') : t('resetButton')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            {t('backToLogin')}
          </Link>
        </Box>
      </Box>
    </FormCard>
  );
}
