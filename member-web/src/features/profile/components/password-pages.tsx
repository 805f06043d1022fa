import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PASSWORD_DONE } from '../api/profile-api';
import { SettingsShell } from './settings-shell';
import { errorProps, firstProblem, useProfileSave } from './use-profile';
import { FormStack, SubmitButton } from '../../../components/ui/form-stack';

/**
 * Spec §5: the login password is at most 20 characters, the transaction password 25; the
 * transaction password's short-password text is 'Password must be at least 6 characters'.
 */
const KINDS = {
  password: {
    type: 'password',
    title: 'changePasswordTitle',
    max: 20,
    tooShort: 'newPasswordTooShort',
    fields: (next: string, current: string, confirm: string) => ({
      password: next,
      cpassword: current,
      confirmpassword: confirm,
    }),
  },
  transaction: {
    type: 'trans_password',
    title: 'transactionPasswordTitle',
    max: 25,
    tooShort: 'passwordTooShort',
    fields: (next: string, current: string, confirm: string) => ({
      trans_password: next,
      ctrans_password: current,
      confirm_trans_password: confirm,
    }),
  },
} as const;

/** /ChangePassword and /TransactionPassword (/transactionPassword): current, new and confirm, checked in the spec's order. */
function PasswordChangePage({ kind }: { kind: keyof typeof KINDS }) {
  const k = KINDS[kind];
  const { t } = useTranslation('profile');
  const [form, setForm] = useState({ current: '', next: '', confirm: '' });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [params, setParams] = useSearchParams();
  // Sent here by the api client: the password is a one-time one, to change before anything else.
  const required = kind === 'password' && params.get('required') === '1';
  const { busy, save } = useProfileSave(k.type, PASSWORD_DONE, () => {
    setForm({ current: '', next: '', confirm: '' });
    if (required) setParams({}, { replace: true });
  });

  function submit() {
    const problem = firstProblem([
      ['current', !form.current, t('currentRequired')],
      ['next', !form.next, t('newRequired')],
      ['confirm', !form.confirm, t('confirmRequired')],
      ['next', form.next.length < 6, t(k.tooShort)],
      ['next', form.next === form.current, t('sameAsOld')],
      ['confirm', form.next !== form.confirm, t('notMatched')],
    ]);
    setError(problem);
    if (problem) return;
    void save({ ...k.fields(form.next, form.current, form.confirm), IP_address: '' });
  }

  const field = (name: keyof typeof form, label: string, autoComplete: string) => (
    <TextField
      label={t(label)}
      type="password"
      value={form[name]}
      autoComplete={autoComplete}
      onChange={(e) => {
        setForm((f) => ({ ...f, [name]: e.target.value.slice(0, k.max) }));
        setError(null);
      }}
      disabled={busy}
      {...errorProps(error, name)}
      slotProps={{ htmlInput: { maxLength: k.max } }}
    />
  );

  return (
    <SettingsShell title={t(k.title)}>
      {required ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('passwordChangeRequired')}
        </Alert>
      ) : null}
      <FormStack onSubmit={() => submit()}>
        {field('current', kind === 'password' ? 'currentPassword' : 'currentTransactionPassword', 'current-password')}
        {field('next', kind === 'password' ? 'newPassword' : 'newTransactionPassword', 'new-password')}
        {field('confirm', 'confirmPassword', 'new-password')}
        <Typography variant="body2" color="text.secondary">
          {t('passwordHint')}
        </Typography>
        <SubmitButton busy={busy} label={t('update')} busyLabel={t('processing')} />
      </FormStack>
    </SettingsShell>
  );
}

export const ChangePasswordPage = () => <PasswordChangePage kind="password" />;
export const TransactionPasswordPage = () => <PasswordChangePage kind="transaction" />;
