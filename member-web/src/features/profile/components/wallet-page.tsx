import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WALLET_DONE, type UserInformation } from '../api/profile-api';
import { LockedNotice } from './locked-notice';
import { InfoSettingsPage } from './settings-shell';
import { firstProblem, useProfileSave, errorProps } from './use-profile';
import { FormStack, SubmitButton } from '../../../components/ui/form-stack';

/** /Ecurrency: the USDT BEP-20 (BSC) wallet address, saved with the transaction password (sent as `otp`); read-only once saved. */
export function WalletPage() {
  const { t } = useTranslation('profile');
  return (
    <InfoSettingsPage title={t('walletTitle')}>
      {(info, reload) => <WalletForm info={info} onSaved={reload} />}
    </InfoSettingsPage>
  );
}

function WalletForm({ info, onSaved }: { info: UserInformation; onSaved: () => void }) {
  const { t } = useTranslation('profile');
  const locked = info.wallet_locked;
  const [address, setAddress] = useState(info.accountaddress);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const { busy, save } = useProfileSave('ecurrency', WALLET_DONE, onSaved);

  function submit() {
    const problem = firstProblem([
      ['address', !address.trim(), t('walletRequired')],
      ['otp', !otp, t('transactionPasswordRequired')],
    ]);
    setError(problem);
    if (problem) return;
    void save({ accountnumber: address.trim(), otp, email: info.email, IP_address: '' });
  }

  return (
    <FormStack
      onSubmit={() => {
        if (!locked) submit();
      }}
    >
      {locked ? <LockedNotice /> : null}
      <Typography variant="body2" color="text.secondary">
        {t('walletNetwork')}
      </Typography>
      <TextField
        label={t('walletAddress')}
        value={address}
        onChange={(e) => {
          setAddress(e.target.value.replace(/\s/g, '').slice(0, 42));
          setError(null);
        }}
        disabled={locked || busy}
        {...errorProps(error, 'address')}
        // 42 characters do not fit one line of a phone: the address wraps, so all of it can be checked.
        multiline
        slotProps={{ htmlInput: { maxLength: 42, autoComplete: 'off', spellCheck: false } }}
        sx={{ '& textarea': { fontFamily: 'monospace', wordBreak: 'break-all' } }}
      />
      {locked ? null : (
        <TextField
          label={t('transactionPassword')}
          type="password"
          value={otp}
          onChange={(e) => {
            setOtp(e.target.value.slice(0, 25));
            setError(null);
          }}
          disabled={busy}
          {...errorProps(error, 'otp')}
          slotProps={{ htmlInput: { maxLength: 25 } }}
        />
      )}
      {locked ? null : <SubmitButton busy={busy} label={t('update')} busyLabel={t('processing')} />}
    </FormStack>
  );
}
