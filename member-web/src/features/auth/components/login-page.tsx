import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthForm } from './auth-form';
import { UserIdField } from './user-id-field';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { signIn } from '../../../lib/session';
import { login, LOGIN_SUCCESS, preloadLoginClient } from '../api/login';
import { PasswordField } from './password-field';

const PASSWORD_MAX = 20;

/** /login (also /Login): user id and password; success goes to the disclaimer page. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // The failed check is shown under the first empty field as well as in the toast.
  const [problem, setProblem] = useState<'uid' | 'password' | null>(null);
  // The HTTP client is fetched once the page runs, not in its first load (api/login.ts).
  useEffect(() => preloadLoginClient(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (userId === '' || password === '') {
      setProblem(userId === '' ? 'uid' : 'password');
      notifyError(t('enterBoth'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await login(userId, password);
      if (answer.result === LOGIN_SUCCESS) {
        signIn({ userId: answer.resultid, username: answer.resultusername, jwtToken: answer.token, ipAddress: '' });
        notifySuccess(t('loginSuccess'));
        navigate('/Disclaimer');
      } else {
        notifyError(answer.result || t('loginFailed'));
      }
    } catch (error) {
      // Spec §8: a thrown error during login is only logged.
      console.error('login failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthForm
      title={t('loginTitle')}
      onSubmit={submit}
      busy={busy}
      submitLabel={t('login')}
      links={[
        { to: '/signup', label: t('register') },
        { to: '/ForgotPassword', label: t('forgotLink') },
        { to: '/', label: t('website') },
      ]}
    >
      <UserIdField
        value={userId}
        autoComplete="username"
        error={problem === 'uid' ? t('enterBoth') : undefined}
        onChange={(next) => {
          setUserId(next);
          setProblem(null);
        }}
      />
      <PasswordField
        label={t('password')}
        name="password"
        value={password}
        onChange={(next) => {
          setPassword(next);
          setProblem(null);
        }}
        maxLength={PASSWORD_MAX}
        errorText={problem === 'password' ? t('enterBoth') : undefined}
      />
    </AuthForm>
  );
}
