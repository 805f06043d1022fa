import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { useSession } from '../../../lib/session';
import { EMPTY_STOCK_TEXT, LEDGER_SAMPLE, NOT_SUBMITTED_NOTE } from './sample-data';

/** Every static page says plainly that it sends nothing. */
function StaticNote() {
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="static-note">
      Sample page: nothing here is sent. {NOT_SUBMITTED_NOTE}.
    </Alert>
  );
}

/** /myepinstrans — e-pin home: an (empty) stock and a transfer form (spec §3: type, qty, receiver login id) that submits nowhere. */
export function EpinHomePage() {
  const [type, setType] = useState('epin_dollar');
  const [to, setTo] = useState('');
  const [qty, setQty] = useState('0');
  const [shown, setShown] = useState('');
  return (
    <PageShell title="My E-Pins" maxWidth="md">
      <StaticNote />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          PIN Stock
        </Typography>
        <Typography color="error.main" data-testid="empty-stock">
          {EMPTY_STOCK_TEXT}
        </Typography>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Transfer PINs
        </Typography>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setShown(NOT_SUBMITTED_NOTE);
          }}
        >
          <TextField
            select
            label="E-Pin Type"
            value={type}
            onChange={(e) => setType(e.target.value)}
            slotProps={{ select: { native: true } }}
          >
            <option value="epin_dollar">Dollar E-Pin</option>
            <option value="epin_inr">INR E-Pin</option>
          </TextField>
          <TextField
            label="Transfer Quantity"
            type="number"
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            slotProps={{ htmlInput: { min: 0 } }}
          />
          <TextField
            label="Transfer To"
            value={to}
            onChange={(e) => setTo(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <Button type="submit" variant="contained">
            Transfer PINs
          </Button>
          {shown ? <Alert severity="warning">{shown}</Alert> : null}
        </Stack>
      </Paper>
    </PageShell>
  );
}

type LedgerRow = (typeof LEDGER_SAMPLE)[number];
const ledgerColumns: PagedColumn<LedgerRow>[] = [
  { header: 'DATE', cell: (r) => r.date },
  { header: 'MODE', cell: (r) => r.mode },
  { header: 'FROM', cell: (r) => r.from },
  { header: 'TO', cell: (r) => r.to },
  { header: 'QTY', cell: (r) => r.qty },
];

/** /Epinledger — sample ledger rows. */
export function EpinLedgerPage() {
  return (
    <PageShell title="E-Pin Ledger">
      <StaticNote />
      <PagedTable label="E-Pin Ledger" serialHeader="SR" columns={ledgerColumns} rows={LEDGER_SAMPLE} />
    </PageShell>
  );
}

export const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
export const STATIC_REQUEST_MESSAGES = {
  hashRequired: 'Transaction hash is required',
  hashPattern: 'Transaction hash must be 0x followed by 64 hex characters',
  referenceRequired: 'Transaction reference is required',
  quantity: 'Quantity must be between 1 and 500',
} as const;

/** Spec §5's pay modes (CASH is hidden there, so not offered). */
const PAY_MODES = ['USDT', 'RTGS', 'NEFT', 'PHONE-PE', 'GOOGLE-PE', 'PAY-TM'];
/** Spec §5: the pin type as the static request page shows it. */
export const STATIC_PIN_TYPE = 'PH_EPIN - $ 11.00';

/**
 * /RequestEPins (USDT) and /RequestEPinsBank (INR): the static request form with spec §3's fields
 * (reg_id, ID, pintype, QTY, pay_mode, bank_name, UTR, img_snap, note). It validates like the spec's
 * static page (hash 0x + 64 hex on the USDT variant, quantity 1..500, default 1, optional slip) and
 * then only says where real requests are made.
 */
function StaticRequestForm({ variant }: { variant: 'USDT' | 'INR' }) {
  const { userId } = useSession();
  const [qty, setQty] = useState('1');
  const [bankName, setBankName] = useState('');
  const [note, setNote] = useState('');
  const [mode, setMode] = useState(variant === 'USDT' ? 'USDT' : 'RTGS');
  const [hash, setHash] = useState('');
  const [errors, setErrors] = useState<{ hash?: string; qty?: string }>({});
  const [done, setDone] = useState(false);
  const usdt = variant === 'USDT';

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: { hash?: string; qty?: string } = {};
    const trimmed = hash.trim();
    if (trimmed === '')
      next.hash = usdt ? STATIC_REQUEST_MESSAGES.hashRequired : STATIC_REQUEST_MESSAGES.referenceRequired;
    else if (usdt && !HASH_PATTERN.test(trimmed)) next.hash = STATIC_REQUEST_MESSAGES.hashPattern;
    const n = Number(qty);
    if (!/^\d+$/.test(qty.trim()) || n < 1 || n > 500) next.qty = STATIC_REQUEST_MESSAGES.quantity;
    setErrors(next);
    setDone(next.hash === undefined && next.qty === undefined);
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <TextField label="Reg. Id" value={userId} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label="ID" value={userId} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label="Pin Type" value={STATIC_PIN_TYPE} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField
          label="Quantity"
          type="number"
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          error={errors.qty !== undefined}
          helperText={errors.qty ?? ' '}
          slotProps={{ htmlInput: { min: 1, max: 500 } }}
        />
        <TextField
          select
          label="Pay Mode"
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          slotProps={{ select: { native: true } }}
        >
          {PAY_MODES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </TextField>
        <TextField label="Bank Name" value={bankName} onChange={(e) => setBankName(e.target.value.slice(0, 80))} />
        <TextField
          label={usdt ? 'Transaction Hash' : 'Transaction Reference'}
          value={hash}
          onChange={(e) => setHash(e.target.value)}
          error={errors.hash !== undefined}
          helperText={errors.hash ?? ' '}
          slotProps={{ htmlInput: { maxLength: usdt ? 66 : 30 } }}
        />
        <Button variant="outlined" component="label">
          Bank Slip (optional)
          <input hidden type="file" accept="image/*,application/pdf" aria-label="Bank Slip" />
        </Button>
        <TextField
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, 300))}
          multiline
          minRows={2}
        />
        <Button type="submit" variant="contained">
          Submit
        </Button>
        {done ? (
          <Alert severity="warning" role="status">
            Not sent: {NOT_SUBMITTED_NOTE}.
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function RequestEpinsPage() {
  return (
    <PageShell title="Request E-Pins (USDT)" maxWidth="sm">
      <StaticNote />
      <StaticRequestForm variant="USDT" />
    </PageShell>
  );
}

export function RequestEpinsBankPage() {
  return (
    <PageShell title="Request E-Pins (INR)" maxWidth="sm">
      <StaticNote />
      <StaticRequestForm variant="INR" />
    </PageShell>
  );
}
