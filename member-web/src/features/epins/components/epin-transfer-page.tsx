import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmSheet } from '../../../components/ui/confirm-sheet';
import { PageShell } from '../../../components/ui/page-shell';
import { refusalOf, refusalText } from '../../../lib/input-rules';
import { formatAmount } from '../../../lib/money';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import { EPIN_TYPES, epinTypeLabel, type EpinType } from '../../../lib/epin-type';
import { fetchUnusedEpins } from '../api/activation-history';
import { transferEpins } from '../api/epin-transfer';
import { lookupText, useUserLookup } from './use-user-lookup';

/** The server's success answer (compared, then shown in the member's language). */
const TRANSFER_SUCCESS = 'Success';

/** Spec §5: quantity digits only, at most 5; receiver id digits only, at most 6. */
const QTY_MAX_LENGTH = 5;
const UID_MAX_LENGTH = 6;

/**
 * /EpinTransfer: send unused e-pins of one type to another member. A typed character that is not a
 * digit, or a paste too long, is not taken and the field says why; the transfer goes only after a
 * confirmation naming the quantity, its value and the receiver (issue 20).
 */
export function EpinTransferPage() {
  const { t } = useTranslation('epins');
  const { load, reload } = useRows(fetchUnusedEpins, 'e-pin stock');
  const [epintype, setEpintype] = useState<EpinType>('EpintypeB');
  const [qty, setQty] = useState('');
  const [touid, setTouid] = useState('');
  const [busy, setBusy] = useState(false);
  // The failed check is shown under its field as well as in the toast.
  const [problem, setProblem] = useState<'qty' | 'touid' | null>(null);
  // A change not taken, and why: the form's one current message with `problem`.
  const [notice, setNotice] = useState<{ field: 'qty' | 'touid'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const lookup = useUserLookup(touid, t('transfer.invalidUser'));
  const available = load.rows.filter((pin) => pin.epintype === epintype && pin.status !== 'Used').length;

  function take(field: 'qty' | 'touid', raw: string, max: number, set: (value: string) => void) {
    const refusal = refusalOf(raw, 'digits', max);
    setProblem(null);
    if (refusal) return setNotice({ field, text: refusalText(refusal, max) });
    setNotice(null);
    set(raw);
  }

  const fieldMessage = (field: 'qty' | 'touid', required: string) =>
    problem === field ? required : notice?.field === field ? notice.text : undefined;

  function review(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (qty.trim() === '') {
      setProblem('qty');
      return notifyError(t('transfer.enterQty'));
    }
    if (touid.trim() === '') {
      setProblem('touid');
      return notifyError(t('transfer.enterUser'));
    }
    setProblem(null);
    setConfirming(true);
  }

  async function submit() {
    setConfirming(false);
    if (busy) return;
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
        <Stack component="form" spacing={2} noValidate onSubmit={review}>
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
            error={fieldMessage('qty', t('transfer.enterQty')) !== undefined}
            helperText={fieldMessage('qty', t('transfer.enterQty'))}
            onChange={(event) => take('qty', event.target.value, QTY_MAX_LENGTH, setQty)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={t('transfer.receiverUserId')}
            value={touid}
            error={fieldMessage('touid', t('transfer.enterUser')) !== undefined}
            helperText={fieldMessage('touid', t('transfer.enterUser'))}
            onChange={(event) => take('touid', event.target.value, UID_MAX_LENGTH, setTouid)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
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
        <ConfirmSheet
          open={confirming}
          title={t('transfer.confirmTitle')}
          facts={[
            {
              label: t('transfer.epinQuantity'),
              value: `${qty.trim()} × ${epinTypeLabel(epintype)}`,
              testId: 'confirm-quantity',
            },
            {
              label: t('transfer.confirmValue'),
              value: formatAmount(Number(qty.trim() || '0') * Number(epinTypeLabel(epintype, '0')), 'INR'),
              testId: 'confirm-amount',
            },
            {
              label: t('transfer.confirmReceiver'),
              value: lookup.state === 'found' ? `${lookup.name} (${touid.trim()})` : touid.trim(),
              testId: 'confirm-receiver',
            },
          ]}
          onConfirm={() => void submit()}
          onCancel={() => setConfirming(false)}
        />
      </Paper>
    </PageShell>
  );
}
