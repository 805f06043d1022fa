import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import { EPIN_TYPES, fetchUnusedEpins, transferEpins, type EpinType } from '../api/epins';
import { lookupText, useUserLookup } from './use-user-lookup';

export const TRANSFER_MESSAGES = {
  qty: 'Enter Epin Quantity',
  user: 'Enter User Id !!',
  invalidUser: 'Invalid User Id !!',
  success: 'Success',
} as const;

/** /EpinTransfer: send unused e-pins of one type to another member. */
export function EpinTransferPage() {
  const { load, reload } = useRows(fetchUnusedEpins, 'e-pin stock');
  const [epintype, setEpintype] = useState<EpinType>('EpintypeB');
  const [qty, setQty] = useState('');
  const [touid, setTouid] = useState('');
  const [busy, setBusy] = useState(false);
  const lookup = useUserLookup(touid, TRANSFER_MESSAGES.invalidUser);
  const available = load.rows.filter((pin) => pin.epintype === epintype && pin.status !== 'Used').length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (qty.trim() === '') return notifyError(TRANSFER_MESSAGES.qty);
    if (touid.trim() === '') return notifyError(TRANSFER_MESSAGES.user);
    setBusy(true);
    try {
      const result = await transferEpins({ qty: qty.trim(), touid: touid.trim(), epintype });
      if (result === TRANSFER_MESSAGES.success) {
        notifySuccess(result);
        setQty('');
        setTouid('');
        reload();
      } else {
        notifyError(result || 'Transfer failed');
      }
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin transfer failed', error);
      notifyError('Transfer failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell title="Epin Transfer" maxWidth="sm">
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          Available Epin Quantity:{' '}
          <Typography component="strong" sx={{ fontWeight: 700 }} data-testid="available-quantity">
            {load.state === 'loading' ? '…' : available}
          </Typography>
        </Alert>
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            select
            label="Epin Type"
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
            label="Epin Quantity"
            value={qty}
            onChange={(event) => setQty(event.target.value.replace(/\D/g, '').slice(0, 5))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <TextField
            label="Receiver User Id"
            value={touid}
            onChange={(event) => setTouid(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <TextField
            label="Receiver Name"
            value={lookupText(lookup)}
            error={lookup.state === 'missing'}
            helperText={lookup.state === 'checking' ? 'Checking…' : ' '}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'receiver-name' } }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Processing..' : 'Transfer'}
          </Button>
        </Stack>
      </Paper>
    </PageShell>
  );
}
