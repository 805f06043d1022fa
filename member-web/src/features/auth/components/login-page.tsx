import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormCard } from '../../../components/ui/form-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { signIn } from '../../../lib/session';
import { login, LOGIN_SUCCESS } from '../api/login';
import { PasswordField } from './password-field';

const USER_ID_MAX = 6;
const PASSWORD_MAX = 20;

/** /login (also /Login): user id and password; success goes to the disclaimer page. */
export function LoginPage() {
  const navigate = useNavigate();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (userId === '' || password === '') {
      notifyError('Please enter both username and password.');
      return;
    }
    setBusy(true);
    try {
      const answer = await login(userId, password);
      if (answer.result === LOGIN_SUCCESS) {
        signIn({ userId: answer.resultid, username: answer.resultusername, jwtToken: answer.token, ipAddress: '' });
        notifySuccess('Login successful!');
        navigate('/Disclaimer');
      } else {
        notifyError(answer.result || 'Login failed. Please try again.');
      }
    } catch (error) {
      // Spec §8: a thrown error during login is only logged.
      console.error('login failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormCard title="Member Login">
      <Box component="form" noValidate onSubmit={submit}>
        <TextField
          label="User Id"
          name="uid"
          value={userId}
          autoComplete="username"
          onChange={(e) => setUserId(e.target.value.replace(/\D/g, '').slice(0, USER_ID_MAX))}
          slotProps={{ htmlInput: { maxLength: USER_ID_MAX, inputMode: 'numeric' } }}
        />
        <PasswordField
          label="Password"
          name="password"
          value={password}
          onChange={setPassword}
          maxLength={PASSWORD_MAX}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          Login
        </Button>
        <Stack direction="row" justifyContent="space-between" flexWrap="wrap" sx={{ mt: 2, gap: 1 }}>
          <Link component={RouterLink} to="/signup">
            Register
          </Link>
          <Link component={RouterLink} to="/ForgotPassword">
            Forgot Password?
          </Link>
          <Link component={RouterLink} to="/">
            Website
          </Link>
        </Stack>
      </Box>
    </FormCard>
  );
}
