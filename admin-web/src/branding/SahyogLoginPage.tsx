import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { Login, useLogin, useNotify, useTranslate } from 'react-admin';
import { TOTP_REQUIRED_MESSAGE } from '../authProvider';
import { takeBootLogin } from './bootLogin';
import { SahyogLogo } from './SahyogLogo';

const Heading = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', px: 2, pt: 1 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {translate('sahyog.brand.name')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('sahyog.brand.login_intro')}
      </Typography>
    </Box>
  );
};

/**
 * Username and password, then — for an admin with two-step sign-in on (the API answered
 * ADMIN.TOTP_REQUIRED) — the 6-digit code from the authenticator app or a recovery code.
 */
export const SahyogLoginForm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitEarly, setSubmitEarly] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await login({ username, password, ...(askCode ? { totp: code.trim() } : {}) });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'sahyog.auth.failed';
      if (message === TOTP_REQUIRED_MESSAGE) setAskCode(true);
      else notify(message, { type: 'error' });
      setCode('');
      setBusy(false);
    }
  };

  // index.html's form, drawn before this code arrived, hands over what was typed, the focus and a
  // press of its button (src/branding/bootLogin.ts); before the first paint, so nothing flickers.
  useLayoutEffect(() => {
    const early = takeBootLogin();
    if (!early) return;
    setUsername(early.username);
    setPassword(early.password);
    if (early.focus === 'password') passwordField.current?.focus();
    else if (early.focus === 'username') usernameField.current?.focus();
    setSubmitEarly(early.submit);
  }, []);

  // A press before the console ran: submitted once the fields hold what was typed.
  useEffect(() => {
    if (submitEarly) form.current?.requestSubmit();
  }, [submitEarly]);

  return (
    <Box component="form" ref={form} onSubmit={(event) => void submit(event)} noValidate>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {askCode ? (
          <>
            <Alert severity="info">{translate(TOTP_REQUIRED_MESSAGE)}</Alert>
            <TextField
              name="totp"
              label={translate('sahyog.auth.code')}
              helperText={translate('sahyog.auth.code_help')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputProps={{ autoComplete: 'one-time-code', maxLength: 40 }}
              autoFocus
              required
              fullWidth
            />
          </>
        ) : (
          <>
            <TextField
              name="username"
              label={translate('ra.auth.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              inputRef={usernameField}
              autoComplete="username"
              autoFocus
              required
              fullWidth
            />
            <TextField
              name="password"
              label={translate('ra.auth.password')}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              inputRef={passwordField}
              autoComplete="current-password"
              required
              fullWidth
            />
          </>
        )}
        <Button type="submit" variant="contained" disabled={busy} fullWidth>
          {busy ? (
            <CircularProgress size={19} thickness={3} />
          ) : (
            translate(askCode ? 'sahyog.auth.verify' : 'ra.auth.sign_in')
          )}
        </Button>
        {askCode ? (
          <Button
            onClick={() => {
              setAskCode(false);
              setPassword('');
            }}
          >
            {translate('sahyog.auth.back')}
          </Button>
        ) : null}
      </CardContent>
    </Box>
  );
};

/** react-admin's login card with Sahyog's mark, name and colours (the shared theme) instead of the lock. */
export const SahyogLoginPage = () => (
  <Login
    avatarIcon={<SahyogLogo size={40} alt="" />}
    sx={{
      backgroundImage: 'none',
      background: (theme) =>
        `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 100%)`,
      '& .RaLogin-avatar .MuiAvatar-root': { bgcolor: 'transparent', width: 48, height: 48 },
    }}
  >
    <Heading />
    <SahyogLoginForm />
  </Login>
);
