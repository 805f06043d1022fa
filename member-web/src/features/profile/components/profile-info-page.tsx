import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { fetchRegions, PROFILE_DONE, type Region, type UserInformation } from '../api/profile-api';
import { InfoSettingsPage } from './settings-shell';
import { firstProblem, useProfileSave, errorProps } from './use-profile';
import { FormStack, SubmitButton } from '../../../components/ui/form-stack';

/** Spec §5's input filters and maximum lengths of the Profile Info form. */
const letters = (value: string, max: number) => value.replace(/[^A-Za-z ]/g, '').slice(0, max);
const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

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

  const text = (
    field: keyof typeof form,
    label: string,
    filter: (v: string) => string,
    max: number,
    numeric = false,
  ) => (
    <TextField
      label={t(label)}
      value={form[field]}
      onChange={(e) => set(field, filter(e.target.value))}
      disabled={busy}
      {...errorProps(error, field)}
      slotProps={{ htmlInput: { maxLength: max, ...(numeric ? { inputMode: 'numeric' } : {}) } }}
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
      {text('city', 'city', (v) => digits(v, 6), 6, true)}
      {text('pincode', 'pincode', (v) => digits(v, 6), 6, true)}
      {text('nomineeName', 'nomineeName', (v) => letters(v, 30), 30)}
      {text('nomineeRelation', 'nomineeRelation', (v) => letters(v, 20), 20)}
      <SubmitButton busy={busy} label={t('update')} busyLabel={t('processing')} />
    </FormStack>
  );
}
