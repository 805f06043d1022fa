import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import {
  fetchPaymentOption,
  fetchPaymentOptions,
  PAY_TEXT,
  submitBankRequest,
  type EpinType,
  type PaymentOption,
} from '../api/payments';
import { digits5, HistoryLink, quoteOf, ReadOnlyField, Reloadable, useLaterTimer, useQuote } from './shared';

/** Spec §9: the page reloads 1 s after a successful e-pin request. */
export const BANK_RELOAD_MS = 1000;

const BANK_EPIN_TYPES: ReadonlyArray<{ value: EpinType; label: string }> = [
  { value: 'EpintypeB', label: '299' },
  { value: 'EpintypeA', label: '1000' },
];

export function optionText(option: PaymentOption): string {
  return `${option.bankName} (${option.type})`;
}

/** The chosen option's details: account, holder, IFSC, branch — or the QR image and UPI id of a QR option. */
function OptionDetails({ option }: { option: PaymentOption }) {
  const isQr = option.type.toUpperCase() === 'QR';
  const rows: Array<[string, string]> = isQr
    ? [
        ['Bank Name', option.bankName],
        ['UPI Id', option.address],
        ['Holder Name', option.holder],
      ]
    : [
        ['Bank Name', option.bankName],
        ['Account Number', option.address],
        ['Holder Name', option.holder],
        ['IFSC', option.ifsc],
        ['Branch', option.branch],
      ];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="payment-option-details">
      {isQr && option.imglink ? (
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <Box
            component="img"
            src={option.imglink}
            alt="Payment QR code"
            data-testid="payment-qr"
            sx={{ maxWidth: 220, width: '100%' }}
          />
        </Box>
      ) : null}
      <Table size="small" aria-label="Payment details">
        <TableBody>
          {rows.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {name}
              </TableCell>
              <TableCell>{value || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function BankRequestForm({ reload }: { reload: () => void }) {
  const options = useRows(fetchPaymentOptions, 'payment options').load;
  const later = useLaterTimer();
  const [bankid, setBankid] = useState('');
  const [detail, setDetail] = useState<PaymentOption | null>(null);
  const [utrno, setUtrno] = useState('');
  const [qty, setQty] = useState('');
  const [epintype, setEpintype] = useState<EpinType | ''>('');
  const [busy, setBusy] = useState(false);
  const quoteState = useQuote(qty, epintype);
  const quote = quoteOf(quoteState);

  useEffect(() => {
    setDetail(null);
    if (bankid === '') return undefined;
    let active = true;
    fetchPaymentOption(bankid)
      .then((option) => {
        if (active) setDetail(option);
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error('payment option failed', error);
      });
    return () => {
      active = false;
    };
  }, [bankid]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (bankid === '') return notifyError(PAY_TEXT.selectPaymentType);
    if (utrno.trim() === '') return notifyError(PAY_TEXT.utrRequired);
    if (qty === '') return notifyError(PAY_TEXT.enterQty);
    if (epintype === '') return notifyError(PAY_TEXT.enterEpinType);
    setBusy(true);
    let reloading = false;
    try {
      const result = await submitBankRequest({ utrno: utrno.trim(), amount: quote?.net ?? '', bankid, qty, epintype });
      if (result === PAY_TEXT.bankSuccess) {
        notifySuccess(PAY_TEXT.bankSubmitted);
        reloading = true;
        later(reload, BANK_RELOAD_MS);
      } else {
        notifyError(result || PAY_TEXT.failed);
      }
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin request failed', error);
      notifyError(PAY_TEXT.failed);
    } finally {
      if (!reloading) setBusy(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          select
          label="Payment Type"
          value={bankid}
          onChange={(event) => setBankid(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{options.state === 'loading' ? 'Loading…' : 'Select Payment Type'}</option>
          {options.rows.map((option) => (
            <option key={option.id} value={option.id}>
              {optionText(option)}
            </option>
          ))}
        </TextField>
        {detail ? <OptionDetails option={detail} /> : null}
        <TextField
          label="UTR Number"
          value={utrno}
          onChange={(event) => setUtrno(event.target.value.slice(0, 30))}
          slotProps={{ htmlInput: { maxLength: 30 } }}
        />
        <TextField
          label="Quantity"
          value={qty}
          onChange={(event) => setQty(digits5(event.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <TextField
          select
          label="Epin Type"
          value={epintype}
          onChange={(event) => setEpintype(event.target.value as EpinType | '')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Select Epin Type</option>
          {BANK_EPIN_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </TextField>
        {quoteState.state === 'failed' && quoteState.message ? (
          <Typography color="error" variant="body2" role="status">
            {quoteState.message}
          </Typography>
        ) : null}
        <ReadOnlyField label="Req. Amount" value={quote?.amount ?? ''} testId="quote-amount" />
        <ReadOnlyField label="Discount Rate" value={quote?.discountRate ?? ''} testId="quote-discount-rate" />
        <ReadOnlyField label="Discount Amount" value={quote?.discountAmount ?? ''} testId="quote-discount-amount" />
        <ReadOnlyField label="Net Amount" value={quote?.net ?? ''} testId="quote-net" />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Processing..' : 'Request'}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /FundRequestBank — Epin Request paid to an admin bank account or QR (approved later by an admin). */
export function FundRequestBankPage() {
  return (
    <PageShell title="Epin Request" maxWidth="sm">
      <Reloadable render={(reload) => <BankRequestForm reload={reload} />} />
      <HistoryLink to="/FundRequestHistoryBank" label="Epin Request History" />
    </PageShell>
  );
}
