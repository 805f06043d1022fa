import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import { EPIN_TYPES, type EpinType } from '../../../lib/epin-type';
import { fetchUnusedEpins } from '../api/activation-history';
import { transferEpins } from '../api/epin-transfer';
import { lookupText, useUserLookup } from './use-user-lookup';

/** The server's success answer (compared, then shown in the member's language). */
const TRANSFER_SUCCESS = 'Success';

/** /EpinTransfer: send unused e-pins of one type to another member. */
export function EpinTransferPage() {
  const { t } = useTranslation('epins');
  const { load, reload } = useRows(fetchUnusedEpins, 'e-pin stock');
  const [epintype, setEpintype] = useState<EpinType>('EpintypeB');
  const [qty, setQty] = useState('');
  const [touid, setTouid] = useState('');
  const [busy, setBusy] = useState(false);
  // The failed check is shown under its field as well as in the toast.
  const [problem, setProblem] = useState<'qty' | 'touid' | null>(null);
  const lookup = useUserLookup(touid, t('transfer.invalidUser'));
  const available = load.rows.filter((pin) => pin.epintype === epintype && pin.status !== 'Used').length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (qty.trim() === '') {
      setProblem('qty');
      return notifyError(t('transfer.enterQty'));
    }
    if (touid.trim() === '') {
      setProblem('touid');
      return notifyError(t('transfer.enterUser'));
    }
    setProblem(null);
    setBusy(true);
    try {
      const result = await transferEpins({ qty: qty.trim(), touid: touid.trim(), epintype });
      if (result === TRANSFER_SUCCESS) {
        notifySuccess(t('transfer.success'));
        setQty('');
        setTouid('');
        reload();
      } else {
        notifyError(result || t('transfer.failed'));
      }
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin transfer failed', error);
      notifyError(t('transfer.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell title={t('transfer.title')} maxWidth="sm">
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('transfer.available')}{' '}
          <Typography component="strong" sx={{ fontWeight: 700 }} data-testid="available-quantity">
            {load.state === 'loading' ? '…' : available}
          </Typography>
        </Alert>
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            select
            label={t('transfer.epinType')}
            value={epintype}
            onChange={(event) => setEpintype(event.target.value as EpinType)}
            slotProps={{ select: { native: true } }}
          >
            {EPIN_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </TextField>
          <TextField
            label={t('transfer.epinQuantity')}
            value={qty}
            error={problem === 'qty'}
            helperText={problem === 'qty' ? t('transfer.enterQty') : undefined}
            onChange={(event) => {
              setQty(event.target.value.replace(/\D/g, '').slice(0, 5));
              setProblem(null);
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <TextField
            label={t('transfer.receiverUserId')}
            value={touid}
            error={problem === 'touid'}
            helperText={problem === 'touid' ? t('transfer.enterUser') : undefined}
            onChange={(event) => {
              setTouid(event.target.value.replace(/\D/g, '').slice(0, 6));
              setProblem(null);
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <TextField
            label={t('transfer.receiverName')}
            value={lookupText(lookup)}
            error={lookup.state === 'missing'}
            helperText={lookup.state === 'checking' ? t('transfer.checking') : ' '}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'receiver-name' } }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('processing2') : t('transfer.transfer')}
          </Button>
        </Stack>
      </Paper>
    </PageShell>
  );
}
