import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { PAY_TEXT, usdtFromInr, type EpinType } from '../api/payments';
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
  const [epintype, setEpintype] = useState<EpinType | ''>('');
  const [qty, setQty] = useState('');
  const [busy, setBusy] = useState(false);
  const quoteState = useQuote(qty, epintype);
  const quote = quoteOf(quoteState);
  const netUsdt = quote ? usdtFromInr(quote.net) : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (epintype === '') return notifyError(PAY_TEXT.enterEpinType);
    if (qty === '' || Number(qty) < 1) return notifyError(PAY_TEXT.enterQty);
    setBusy(true);
    try {
      await onRequest({ epintype, qty, netInr: quote?.net ?? '', netUsdt });
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin order failed', error);
      notifyError(PAY_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          select
          label="Epin Type"
          value={epintype}
          onChange={(event) => setEpintype(event.target.value as EpinType | '')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Select Epin Type</option>
          <option value="EpintypeB">299</option>
        </TextField>
        <TextField
          label="Quantity"
          value={qty}
          onChange={(event) => setQty(digits5(event.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        {quoteState.state === 'failed' && quoteState.message ? (
          <Typography color="error" variant="body2" role="status">
            {quoteState.message}
          </Typography>
        ) : null}
        {/* Spec §2: the form's hidden discount field (the server's quote; nothing reads it back). */}
        <input type="hidden" name="discount" value={quote?.discountAmount ?? ''} data-testid="quote-discount" />
        <ReadOnlyField label="Amount" value={quote?.amount ?? ''} testId="quote-amount" />
        <ReadOnlyField label={usdt ? 'Net Amount (INR)' : 'Net Amount'} value={quote?.net ?? ''} testId="quote-net" />
        {usdt ? <ReadOnlyField label="Net Amount (USDT)" value={netUsdt} testId="quote-usdt" /> : null}
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Processing...' : 'Request'}
        </Button>
      </Stack>
    </Paper>
  );
}
