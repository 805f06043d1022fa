import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, serverText } from '../../../lib/notify';
import type { EpinType } from '../../../lib/epin-type';
import { usdtFromInr } from '../../../lib/money';
import { digits5, quoteOf, ReadOnlyField, useQuote } from './shared';

export interface PurchaseInput {
  epintype: EpinType;
  qty: string;
  /** Net INR of the server's quote (rupee text). */
  netInr: string;
  /** Net INR / 90, two decimals. */
  netUsdt: string;
}

/**
 * The Online and Gateway Epin Request form (spec §2): epin type (only 299 = EpintypeB), quantity
 * (digits, max 5), read-only Amount and Net Amount from the server's quote, and for USDT the net
 * in USDT. Checks, in order: 'Enter Epin Type !!', 'Enter Quantity !!'.
 */
export function EpinPurchaseForm({
  usdt,
  onRequest,
}: {
  usdt: boolean;
  onRequest: (input: PurchaseInput) => Promise<void>;
}) {
  const { t } = useTranslation('payments');
  const [epintype, setEpintype] = useState<EpinType | ''>('');
  const [qty, setQty] = useState('');
  const [busy, setBusy] = useState(false);
  // The failed check is shown under its field as well as in the toast.
  const [problem, setProblem] = useState<'epintype' | 'qty' | null>(null);
  const quoteState = useQuote(qty, epintype);
  const quote = quoteOf(quoteState);
  const netUsdt = quote ? usdtFromInr(quote.net) : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (epintype === '') {
      setProblem('epintype');
      return notifyError(t('enterEpinType'));
    }
    if (qty === '' || Number(qty) < 1) {
      setProblem('qty');
      return notifyError(t('enterQty'));
    }
    setProblem(null);
    setBusy(true);
    try {
      await onRequest({ epintype, qty, netInr: quote?.net ?? '', netUsdt });
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin order failed', error);
      notifyError(t('failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          select
          label={t('epinType')}
          value={epintype}
          error={problem === 'epintype'}
          helperText={problem === 'epintype' ? t('enterEpinType') : undefined}
          onChange={(event) => {
            setEpintype(event.target.value as EpinType | '');
            setProblem(null);
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('selectEpinType')}</option>
          <option value="EpintypeB">299</option>
        </TextField>
        <TextField
          label={t('quantity')}
          value={qty}
          error={problem === 'qty'}
          helperText={problem === 'qty' ? t('enterQty') : undefined}
          onChange={(event) => {
            setQty(digits5(event.target.value));
            setProblem(null);
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        {quoteState.state === 'failed' && quoteState.message ? (
          <Typography color="error" variant="body2" role="status">
            {serverText(quoteState.message)}
          </Typography>
        ) : null}
        {/* Spec §2: the form's hidden discount field (the server's quote; nothing reads it back). */}
        <input type="hidden" name="discount" value={quote?.discountAmount ?? ''} data-testid="quote-discount" />
        <ReadOnlyField label={t('amount')} value={quote?.amount ?? ''} testId="quote-amount" />
        <ReadOnlyField label={usdt ? t('netAmountInr') : t('netAmount')} value={quote?.net ?? ''} testId="quote-net" />
        {usdt ? <ReadOnlyField label={t('netAmountUsdt')} value={netUsdt} testId="quote-usdt" /> : null}
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('processing3') : t('request')}
        </Button>
      </Stack>
    </Paper>
  );
}
