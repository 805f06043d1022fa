import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import { epinTypeLabel } from '../../../lib/epin-type';
import { activateId, activationSuccess } from '../api/activate-id';
import { fetchUnusedEpins, type UnusedEpin } from '../api/activation-history';
import { lookupText, useUserLookup } from './use-user-lookup';
import { lazyPart } from '../../../lib/lazy-part';

// The ways to get an e-pin: a chunk of its own, imported only dynamically (here and by the dashboard's
// alert, features/epins/index.ts), so sharing it adds no chunk to the routes' preload lists.
const EpinWaysPart = lazyPart(() => import('./epin-ways').then((m) => m.EpinWays));

export const REDIRECT_AFTER_MS = 1000;

/** Without ?pin= the screen offers the caller's unused e-pins (type 2 list) to pick from. */
function EpinPicker({
  value,
  onPick,
  errorText,
}: {
  value: string;
  onPick: (pin: UnusedEpin | undefined) => void;
  errorText?: string;
}) {
  const { t } = useTranslation('epins');
  const { load } = useRows(fetchUnusedEpins, 'unused e-pins');
  const pins = load.rows.filter((pin) => pin.status !== 'Used');
  return (
    <>
      <TextField
        select
        label={t('activation.chooseEpin')}
        value={value}
        onChange={(event) => onPick(pins.find((pin) => pin.pin === event.target.value))}
        error={errorText !== undefined}
        helperText={errorText ?? (load.state === 'ready' && pins.length === 0 ? t('activation.noUnusedEpins') : ' ')}
        // The first option ('Select Epin') always shows: the label sits above it, not on it.
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{load.state === 'loading' ? t('loadingEllipsis') : t('activation.selectEpin')}</option>
        {pins.map((pin) => (
          <option key={pin.pin} value={pin.pin}>
            {pin.pin} ({epinTypeLabel(pin.epintype, pin.amount)})
          </option>
        ))}
      </TextField>
      {load.state === 'ready' && pins.length === 0 ? <EpinWaysPart /> : null}
    </>
  );
}

/** /Activation — Activate/Upgrade a member id with one of the caller's own unused e-pins. */
export function ActivationPage() {
  const [params] = useSearchParams();
  // A new ?pin=&type= (e.g. ACTIVATE ID pressed again) starts a fresh form.
  return <ActivationForm key={params.toString()} params={params} />;
}

function ActivationForm({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation('epins');
  const navigate = useNavigate();
  const prefilledPin = params.get('pin') ?? '';
  const [touid, setTouid] = useState('');
  const [epin, setEpin] = useState(prefilledPin);
  const [epintype, setEpintype] = useState(params.get('type') ?? '');
  const [status, setStatus] = useState(prefilledPin ? 'valid' : '');
  const [busy, setBusy] = useState(false);
  const [epinMissing, setEpinMissing] = useState(false);
  const lookup = useUserLookup(touid, t('activation.wrongUser'));
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setEpinMissing(epin.trim() === '');
    if (epin.trim() === '') return notifyError(t('activation.epinRequired'));
    setBusy(true);
    try {
      const result = await activateId({ touid: touid.trim(), epin: epin.trim() });
      const success = activationSuccess(result);
      if (success) {
        notifySuccess(t(success === 'activate' ? 'activation.activateSuccess' : 'activation.upgradeSuccess'));
        redirect.current = window.setTimeout(() => navigate('/SubscriptionHistory'), REDIRECT_AFTER_MS);
        return;
      }
      notifyError(result || t('activation.failed'));
      setBusy(false);
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('activation failed', error);
      notifyError(t('activation.failed'));
      setBusy(false);
    }
  }

  return (
    <PageShell title={t('activation.title')} maxWidth="sm">
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
          {prefilledPin ? null : (
            <EpinPicker
              value={epin}
              errorText={epinMissing ? t('activation.epinRequired') : undefined}
              onPick={(pin) => {
                setEpinMissing(false);
                setEpin(pin?.pin ?? '');
                setEpintype(pin?.epintype ?? '');
                setStatus(pin ? 'valid' : '');
              }}
            />
          )}
          <TextField
            label={t('activation.userId')}
            value={touid}
            onChange={(event) => setTouid(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <TextField
            label={t('activation.userName')}
            value={lookupText(lookup)}
            error={lookup.state === 'missing'}
            helperText={lookup.state === 'checking' ? t('activation.checking') : ' '}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label={t('activation.epin')}
            value={epin}
            slotProps={{ htmlInput: { readOnly: true, 'data-epintype': epintype } }}
          />
          <TextField
            label={t('activation.epinStatus')}
            value={status === 'valid' ? t('activation.validEpin') : ''}
            color="success"
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Button type="submit" variant="contained" color="success" disabled={busy}>
            {busy ? t('processing2') : t('activation.activate')}
          </Button>
        </Stack>
      </Paper>
    </PageShell>
  );
}
