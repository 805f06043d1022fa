import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { fetchRegions, PROFILE_DONE, type Region, type UserInformation } from '../api/profile-api';
import { InfoSettingsPage } from './settings-shell';
import { firstProblem, useProfileSave, errorProps } from './use-profile';
import { FormStack, SubmitButton } from '../../../components/ui/form-stack';
import { refusalOf, refusalText, type InputRule } from '../../../lib/input-rules';

/** /ProfileSetting — Profile Info: name, email, country and mobile read-only; state and district from getregion; six required fields. */
export function ProfileInfoPage() {
  const { t } = useTranslation('profile');
  return (
    <InfoSettingsPage title={t('profileInfoTitle')}>
      {(info, reload) => <ProfileInfoForm info={info} onSaved={reload} />}
    </InfoSettingsPage>
  );
}

function ProfileInfoForm({ info, onSaved }: { info: UserInformation; onSaved: () => void }) {
  const { t } = useTranslation('profile');
  const [form, setForm] = useState({
    state: info.statename,
    district: info.districtname,
    city: info.cityname,
    pincode: info.pincode,
    nomineeName: info.nominee_name,
    nomineeRelation: info.nominee_relation,
  });
  const [states, setStates] = useState<Region[]>([]);
  const [districts, setDistricts] = useState<Region[]>([]);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const { busy, save } = useProfileSave('profile', PROFILE_DONE, onSaved);

  useEffect(() => {
    fetchRegions('State')
      .then(setStates)
      .catch((failure: unknown) => console.error('getregion State failed', failure));
  }, []);
  const stateId = states.find((s) => s.name === form.state)?.id ?? '';
  useEffect(() => {
    if (!stateId) return;
    fetchRegions('District', stateId)
      .then(setDistricts)
      .catch((failure: unknown) => console.error('getregion District failed', failure));
  }, [stateId]);

  const set = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'state' ? { district: '' } : {}) }));
    setError(null);
  };
  const options = (list: Region[], current: string) => {
    const names = list.map((r) => r.name);
    return current && !names.includes(current) ? [current, ...names] : names;
  };

  function submit() {
    const problem = firstProblem([
      ['state', !form.state.trim(), t('stateRequired')],
      ['district', !form.district.trim(), t('districtRequired')],
      ['city', !form.city.trim(), t('cityRequired')],
      ['pincode', !form.pincode.trim(), t('pincodeRequired')],
      ['nomineeName', !form.nomineeName.trim(), t('nomineeNameRequired')],
      ['nomineeRelation', !form.nomineeRelation.trim(), t('nomineeRelationRequired')],
    ]);
    setError(problem);
    if (problem) return;
    void save({
      statename: form.state,
      districtname: form.district,
      cityname: form.city,
      counrtyid: String(info.countryid),
      pincode: form.pincode,
      Nomineename: form.nomineeName,
      Nomineerelation: form.nomineeRelation,
      IP_address: '',
    });
  }

  /**
   * Spec §5's input filters and maximum lengths, letters of any script (issue 20): a change that
   * breaks them is not taken, and the field says why (never filtered or cut silently).
   */
  const take = (field: keyof typeof form, raw: string, rule: InputRule, max: number) => {
    const refusal = refusalOf(raw, rule, max);
    if (refusal) setError({ field, message: refusalText(refusal, max) });
    else set(field, raw);
  };
  const text = (field: keyof typeof form, label: string, rule: InputRule, max: number) => (
    <TextField
      label={t(label)}
      value={form[field]}
      onChange={(e) => take(field, e.target.value, rule, max)}
      disabled={busy}
      {...errorProps(error, field)}
      slotProps={{ htmlInput: rule === 'digits' ? { inputMode: 'numeric' } : {} }}
    />
  );
  const select = (field: 'state' | 'district', label: string, list: Region[]) => (
    <TextField
      select
      label={t(label)}
      value={form[field]}
      onChange={(e) => set(field, e.target.value)}
      disabled={busy}
      {...errorProps(error, field)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('choose')}</option>
      {options(list, form[field]).map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </TextField>
  );

  return (
    <FormStack onSubmit={() => submit()}>
      <TextField label={t('name')} value={info.f_name} slotProps={{ htmlInput: { readOnly: true } }} />
      <TextField label={t('email')} value={info.email} slotProps={{ htmlInput: { readOnly: true } }} />
      <TextField label={t('country')} value={info.country_name} slotProps={{ htmlInput: { readOnly: true } }} />
      <TextField label={t('mobile')} value={info.mobile} slotProps={{ htmlInput: { readOnly: true } }} />
      {select('state', 'state', states)}
      {select('district', 'district', districts)}
      {text('city', 'city', 'digits', 6)}
      {text('pincode', 'pincode', 'digits', 6)}
      {text('nomineeName', 'nomineeName', 'letters', 30)}
      {text('nomineeRelation', 'nomineeRelation', 'letters', 20)}
      <SubmitButton busy={busy} label={t('update')} busyLabel={t('processing')} />
    </FormStack>
  );
}
