import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { API_URL } from '../dataProvider';
import { PASSWORD_MIN_LENGTH } from '../admin-users/passwordRule';
import { clearSession, readSession, saveSession } from '../session';

export const ME_URL = `${API_URL}/auth/me`;
export const PASSWORD_URL = `${API_URL}/auth/password`;

const authorized = (): Record<string, string> => {
  const session = readSession();
  return session ? { Authorization: `Bearer ${session.token}` } : {};
};

/**
 * The admin's own password change (POST /admin-api/auth/password). An admin whose password is a
 * one-time one (GET /admin-api/auth/me says mustChangePassword) is brought here by the auth
 * provider and told why; the answer's token replaces the session's (every older token has ended).
 */
export const ChangePasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [required, setRequired] = useState(false);
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(ME_URL, { headers: { Accept: 'application/json', ...authorized() } })
      .then(async (response) => {
        if (!response.ok) return;
        const me = (await response.json()) as { mustChangePassword?: unknown };
        if (live) setRequired(me.mustChangePassword === true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if ([...form.next].length < PASSWORD_MIN_LENGTH) return setProblem(translate('sahyog.password.too_short'));
    if (form.next !== form.confirm) return setProblem(translate('sahyog.password.not_matched'));
    setProblem(null);
    setBusy(true);
    try {
      const response = await fetch(PASSWORD_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authorized() },
        body: JSON.stringify({ currentPassword: form.current, newPassword: form.next }),
      });
      const body = (await response.json().catch(() => ({}))) as { token?: unknown; message?: unknown };
      if (response.status === 401) {
        clearSession();
        navigate('/login');
        return;
      }
      const session = readSession();
      if (!response.ok || typeof body.token !== 'string' || !session) {
        setProblem(typeof body.message === 'string' ? body.message : translate('sahyog.password.failed'));
        return;
      }
      saveSession({ ...session, token: body.token });
      notify('sahyog.password.done', { type: 'success' });
      navigate('/');
    } catch {
      setProblem(translate('sahyog.auth.unreachable'));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof form, label: string, autoComplete: string) => (
    <TextField
      label={translate(label)}
      type="password"
      value={form[name]}
      autoComplete={autoComplete}
      required
      disabled={busy}
      onChange={(e) => {
        setForm((f) => ({ ...f, [name]: e.target.value }));
        setProblem(null);
      }}
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  );

  return (
    <Box sx={{ maxWidth: 480, mt: 2 }}>
      <Title title={translate('sahyog.password.title')} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate('sahyog.password.title')}
          </Typography>
          {required ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('sahyog.password.required')}
            </Alert>
          ) : null}
          <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
            {field('current', 'sahyog.password.current', 'current-password')}
            {field('next', 'sahyog.password.new', 'new-password')}
            {field('confirm', 'sahyog.password.confirm', 'new-password')}
            <Typography variant="body2" color="text.secondary">
              {translate('sahyog.password.rule')}
            </Typography>
            {problem ? (
              <Alert severity="error" data-testid="password-problem">
                {problem}
              </Alert>
            ) : null}
            <Button type="submit" variant="contained" disabled={busy}>
              {translate(busy ? 'sahyog.password.saving' : 'sahyog.password.save')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
