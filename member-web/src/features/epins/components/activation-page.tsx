import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import { activateId, epinAmount, fetchUnusedEpins, isActivationSuccess, type UnusedEpin } from '../api/epins';
import { lookupText, useUserLookup } from './use-user-lookup';

export const ACTIVATION_MESSAGES = {
  epinRequired: 'Epin is required',
  wrongUser: 'Wrong User Id',
  validEpin: 'Valid Epin',
} as const;
export const REDIRECT_AFTER_MS = 1000;

/** Without ?pin= the screen offers the caller's unused e-pins (type 2 list) to pick from. */
function EpinPicker({ value, onPick }: { value: string; onPick: (pin: UnusedEpin | undefined) => void }) {
  const { load } = useRows(fetchUnusedEpins, 'unused e-pins');
  const pins = load.rows.filter((pin) => pin.status !== 'Used');
  return (
    <TextField
      select
      label="Choose Epin"
      value={value}
      onChange={(event) => onPick(pins.find((pin) => pin.pin === event.target.value))}
      helperText={load.state === 'ready' && pins.length === 0 ? 'No unused e-pins' : ' '}
      slotProps={{ select: { native: true } }}
    >
      <option value="">{load.state === 'loading' ? 'Loading…' : 'Select Epin'}</option>
      {pins.map((pin) => (
        <option key={pin.pin} value={pin.pin}>
          {pin.pin} ({epinAmount(pin.epintype, pin.amount)})
        </option>
      ))}
    </TextField>
  );
}

/** /Activation — Activate/Upgrade a member id with one of the caller's own unused e-pins. */
export function ActivationPage() {
  const [params] = useSearchParams();
  // A new ?pin=&type= (e.g. ACTIVATE ID pressed again) starts a fresh form.
  return <ActivationForm key={params.toString()} params={params} />;
}

function ActivationForm({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  const prefilledPin = params.get('pin') ?? '';
  const [touid, setTouid] = useState('');
  const [epin, setEpin] = useState(prefilledPin);
  const [epintype, setEpintype] = useState(params.get('type') ?? '');
  const [status, setStatus] = useState(prefilledPin ? ACTIVATION_MESSAGES.validEpin : '');
  const [busy, setBusy] = useState(false);
  const lookup = useUserLookup(touid, ACTIVATION_MESSAGES.wrongUser);
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (epin.trim() === '') return notifyError(ACTIVATION_MESSAGES.epinRequired);
    setBusy(true);
    try {
      const result = await activateId({ touid: touid.trim(), epin: epin.trim() });
      if (isActivationSuccess(result)) {
        notifySuccess(result);
        redirect.current = window.setTimeout(() => navigate('/SubscriptionHistory'), REDIRECT_AFTER_MS);
        return;
      }
      notifyError(result || 'Activation failed');
      setBusy(false);
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('activation failed', error);
      notifyError('Activation failed');
      setBusy(false);
    }
  }

  return (
    <PageShell title="Activate/Upgrade" maxWidth="sm">
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
          {prefilledPin ? null : (
            <EpinPicker
              value={epin}
              onPick={(pin) => {
                setEpin(pin?.pin ?? '');
                setEpintype(pin?.epintype ?? '');
                setStatus(pin ? ACTIVATION_MESSAGES.validEpin : '');
              }}
            />
          )}
          <TextField
            label="User Id"
            value={touid}
            onChange={(event) => setTouid(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <TextField
            label="User Name"
            value={lookupText(lookup)}
            error={lookup.state === 'missing'}
            helperText={lookup.state === 'checking' ? 'Checking…' : ' '}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label="Epin"
            value={epin}
            slotProps={{ htmlInput: { readOnly: true, 'data-epintype': epintype } }}
          />
          <TextField label="Epin Status" value={status} color="success" slotProps={{ htmlInput: { readOnly: true } }} />
          <Button type="submit" variant="contained" color="success" disabled={busy}>
            {busy ? 'Processing..' : 'Activate'}
          </Button>
        </Stack>
      </Paper>
    </PageShell>
  );
}
