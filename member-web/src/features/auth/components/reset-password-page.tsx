import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { FormCard } from '../../../components/ui/form-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { resetPassword, RESET_PASSWORD_SUCCESS } from '../api/reset-password';
import { PasswordField } from './password-field';

const PASSWORD_MIN = 6;
const PASSWORD_MAX = 20;

/** The first failed check, in the order registration uses for the same fields. */
export function resetPasswordProblem(password: string, confirm: string): string | null {
  if (password === '') return 'Password is required';
  if (password.length < PASSWORD_MIN) return 'Password must be at least 6 characters';
  if (password !== confirm) return 'Confirm Password is not match';
  return null;
}

/** /ResetPassword?token=…, the target of the mailed single-use link (added by Sahyog). */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = resetPasswordProblem(password, confirm);
    if (problem) {
      notifyError(problem);
      return;
    }
    setBusy(true);
    try {
      const answer = await resetPassword(token, password);
      if (answer === RESET_PASSWORD_SUCCESS) {
        notifySuccess(RESET_PASSWORD_SUCCESS);
        navigate('/login');
      } else {
        notifyError(answer || 'Invalid or expired reset link');
      }
    } catch (error) {
      console.error('reset password failed', error);
      notifyError('Invalid or expired reset link');
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormCard title="Reset Password">
      {token === '' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          Invalid or expired reset link
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit}>
        <PasswordField
          label="New Password"
          value={password}
          onChange={setPassword}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
        />
        <PasswordField
          label="Confirm Password"
          value={confirm}
          onChange={setConfirm}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy || token === ''} sx={{ mt: 2 }}>
          {busy ? 'Processing..' : 'Reset Password'}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            Back to Login
          </Link>
        </Box>
      </Box>
    </FormCard>
  );
}
