import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BANK_DONE, lookupIfsc, type UserInformation } from '../api/profile-api';
import { LockedNotice } from './locked-notice';
import { InfoSettingsPage } from './settings-shell';
import { firstProblem, useProfileSave, errorProps } from './use-profile';
import { FormStack, SubmitButton } from '../../../components/ui/form-stack';

/** Spec §5/§9 limits: account 30, holder 30, IFSC 15, transaction password 25, PAN 10, Aadhar 12, UPI 12. */
const IFSC_FORMAT = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** /Updatebank: bank details with the transaction password; read-only once saved ('Details Verified and Locked'); to /Profile on success. */
export function BankPage() {
  const { t } = useTranslation('profile');
  return <InfoSettingsPage title={t('bankTitle')}>{(info) => <BankForm info={info} />}</InfoSettingsPage>;
}

function BankForm({ info }: { info: UserInformation }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const locked = info.bank_locked;
  const [form, setForm] = useState({
    account: info.accountnumber,
    holder: info.holder,
    ifsc: info.ifsc,
    bankName: info.bank_name,
    branch: info.branch,
    transactionPassword: '',
    pan: info.PAN,
    aadhaar: info.AAdhar,
    upi: info.GPay,
  });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const { busy, save } = useProfileSave('bankdetails', BANK_DONE, () => navigate('/Profile'));

  // The IFSC fills bank name and branch from the look-up; a failed look-up clears them (spec §5).
  const ifsc = form.ifsc;
  useEffect(() => {
    if (locked || ifsc === info.ifsc) return;
    let active = true;
    const clear = () => active && setForm((f) => ({ ...f, bankName: '', branch: '' }));
    if (!IFSC_FORMAT.test(ifsc)) {
      clear();
      return;
    }
    lookupIfsc(ifsc)
      .then((found) => {
        if (!active) return;
        if (found) setForm((f) => ({ ...f, bankName: found.bank, branch: found.branch }));
        else clear();
      })
      .catch(() => clear());
    return () => {
      active = false;
    };
  }, [ifsc, locked, info.ifsc]);

  const set = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setError(null);
  };

  function submit() {
    const problem = firstProblem([
      ['account', !form.account.trim(), t('accountRequired')],
      ['holder', !form.holder.trim(), t('holderRequired')],
      ['ifsc', !form.ifsc.trim(), t('ifscRequired')],
      ['transactionPassword', !form.transactionPassword, t('transactionPasswordRequired')],
      ['pan', !form.pan.trim(), t('panRequired')],
      ['aadhaar', !form.aadhaar.trim() || /^0+$/.test(form.aadhaar), t('aadhaarRequired')],
      ['upi', !form.upi.trim(), t('upiRequired')],
    ]);
    setError(problem);
    if (problem) return;
    void save({
      accountnumber: form.account,
      holder: form.holder,
      ifsc: form.ifsc,
      bank_name: form.bankName,
      branch: form.branch,
      ctrans_password: form.transactionPassword,
      PAN: form.pan,
      AAdhar: form.aadhaar,
      upinumber: form.upi,
      IP_address: '',
    });
  }

  const field = (
    name: keyof typeof form,
    label: string,
    max: number,
    filter: (v: string) => string = (v) => v,
    extra: { type?: string; readOnly?: boolean; numeric?: boolean } = {},
  ) => (
    <TextField
      label={t(label)}
      type={extra.type}
      value={form[name]}
      onChange={(e) => set(name, filter(e.target.value).slice(0, max))}
      disabled={locked || busy}
      {...errorProps(error, name)}
      slotProps={{
        htmlInput: {
          maxLength: max,
          readOnly: extra.readOnly,
          ...(extra.numeric ? { inputMode: 'numeric' } : {}),
          autoComplete: 'off',
        },
        ...(extra.readOnly ? { inputLabel: { shrink: true } } : {}),
      }}
    />
  );

  return (
    <FormStack
      onSubmit={() => {
        if (!locked) submit();
      }}
    >
      {locked ? <LockedNotice /> : null}
      {field('account', 'accountNumber', 30, (v) => v.replace(/\D/g, ''), { numeric: true })}
      {field('holder', 'holder', 30, (v) => v.replace(/[^A-Za-z .]/g, ''))}
      {field('ifsc', 'ifsc', 15, (v) => v.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
      {field('bankName', 'bankName', 100, undefined, { readOnly: true })}
      {field('branch', 'branch', 100, undefined, { readOnly: true })}
      {locked ? null : field('transactionPassword', 'transactionPassword', 25, undefined, { type: 'password' })}
      {field('pan', 'pan', 10, (v) => v.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
      {field('aadhaar', 'aadhaar', 12, (v) => v.replace(/\D/g, ''), { numeric: true })}
      {field('upi', 'upi', 12)}
      {locked ? null : <SubmitButton busy={busy} label={t('update')} busyLabel={t('processing')} />}
    </FormStack>
  );
}
