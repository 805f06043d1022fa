import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BANK_DONE, lookupIfsc, type UserInformation } from '../api/profile-api';
import { LockedNotice } from './locked-notice';
import { InfoSettingsPage } from './settings-shell';
import { firstProblem, useProfileSave, errorProps } from './use-profile';
import { FormStack, SubmitButton } from '../../../components/ui/form-stack';
import { refusalText, UPI_ID_MAX_LENGTH, upiProblem } from '../../../lib/input-rules';

/**
 * Spec §5/§9 limits: account 30, holder 30, IFSC 15, transaction password 25, PAN 10, Aadhar 12,
 * UPI 12 — or a UPI ID of up to 50 (issue 20, decision 0041).
 */
const IFSC_FORMAT = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const DIGITS = /^\d*$/;
/** The account holder as the bank spells it: Latin letters, spaces and dots (the server's rule). */
const HOLDER = /^[A-Za-z .]*$/;
const CAPITALS_AND_DIGITS = /^[A-Z0-9]*$/;
const NO_SPACES = /^\S*$/;

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
      ['upi', upiProblem(form.upi.trim()) === 'upiIdInvalid', t('upiIdInvalid')],
      ['upi', upiProblem(form.upi.trim()) === 'upiTooLong', t('upiFormat')],
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

  /**
   * A change is taken whole or not at all (issue 20): a character outside `allowed` or a value over
   * `max` leaves the field as it was and says why. IFSC and PAN are shown in capitals as typed.
   */
  const take = (name: keyof typeof form, raw: string, max: number, allowed?: RegExp, upper = false) => {
    // Grouping spaces and dashes of a pasted account or Aadhaar number are not part of it.
    const value = allowed === DIGITS ? raw.replace(/[\s-]/g, '') : upper ? raw.toUpperCase() : raw;
    if (allowed && !allowed.test(value)) {
      setError({ field: name, message: refusalText(allowed === DIGITS ? 'digits' : 'notAllowed', max) });
      return;
    }
    if (value.length > max) {
      setError({ field: name, message: refusalText('tooLong', max) });
      return;
    }
    set(name, value);
  };
  const field = (
    name: keyof typeof form,
    label: string,
    max: number,
    allowed?: RegExp,
    extra: { type?: string; readOnly?: boolean; numeric?: boolean; upper?: boolean } = {},
  ) => (
    <TextField
      label={t(label)}
      type={extra.type}
      value={form[name]}
      onChange={(e) => take(name, e.target.value, max, allowed, extra.upper)}
      disabled={locked || busy}
      {...errorProps(error, name)}
      slotProps={{
        htmlInput: {
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
      {field('account', 'accountNumber', 30, DIGITS, { numeric: true })}
      {field('holder', 'holder', 30, HOLDER)}
      {field('ifsc', 'ifsc', 15, CAPITALS_AND_DIGITS, { upper: true })}
      {field('bankName', 'bankName', 100, undefined, { readOnly: true })}
      {field('branch', 'branch', 100, undefined, { readOnly: true })}
      {locked ? null : field('transactionPassword', 'transactionPassword', 25, undefined, { type: 'password' })}
      {field('pan', 'pan', 10, CAPITALS_AND_DIGITS, { upper: true })}
      {field('aadhaar', 'aadhaar', 12, DIGITS, { numeric: true })}
      {field('upi', 'upi', UPI_ID_MAX_LENGTH, NO_SPACES)}
      {locked ? null : <SubmitButton busy={busy} label={t('update')} busyLabel={t('processing')} />}
    </FormStack>
  );
}
