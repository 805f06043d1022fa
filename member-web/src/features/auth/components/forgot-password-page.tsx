import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router-dom';
import { FormCard } from '../../../components/ui/form-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { forgetPassword, FORGET_PASSWORD_SUCCESS } from '../api/forget-password';

const USER_ID_MAX = 6;

/** /ForgotPassword: mails a single-use reset link to the member's email. */
export function ForgotPasswordPage() {
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (userId === '') {
      notifyError('Please Enter User Id !!');
      return;
    }
    setBusy(true);
    try {
      const answer = await forgetPassword(userId);
      if (answer === FORGET_PASSWORD_SUCCESS) notifySuccess(FORGET_PASSWORD_SUCCESS);
      else notifyError('Invalid User Id');
    } catch (error) {
      console.error('forget password failed', error);
      notifyError('Invalid User Id');
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormCard title="Forgot Password">
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          label="User Id"
          name="uid"
          value={userId}
          onChange={(e) => setUserId(e.target.value.replace(/\D/g, '').slice(0, USER_ID_MAX))}
          slotProps={{ htmlInput: { maxLength: USER_ID_MAX, inputMode: 'numeric' } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {busy ? 'Processing..' : 'Submit'}
        </Button>
        <Stack direction="row" justifyContent="space-between" sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/signup">
            Register
          </Link>
          <Link component={RouterLink} to="/Login">
            Login
          </Link>
          <Link component={RouterLink} to="/">
            Website
          </Link>
        </Stack>
      </Box>
    </FormCard>
  );
}
