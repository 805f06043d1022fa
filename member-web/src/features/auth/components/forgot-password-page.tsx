import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthForm } from './auth-form';
import { UserIdField } from './user-id-field';
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
    <AuthForm
      title={t('forgotTitle')}
      onSubmit={submit}
      busy={busy}
      submitLabel={busy ? t('processing2') : t('submit')}
      links={[
        { to: '/signup', label: t('register') },
        { to: '/Login', label: t('login') },
        { to: '/', label: t('website') },
      ]}
    >
      <UserIdField
        value={userId}
        error={missing ? t('enterUserId') : undefined}
        onChange={(next) => {
          setUserId(next);
          setMissing(false);
        }}
      />
    </AuthForm>
  );
}
