import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { formatCalendarDay } from '../../../lib/format-date';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { LEDGER_SAMPLE } from './sample-data';

/** Every static page says plainly that it sends nothing. */
function StaticNote() {
  const { t } = useTranslation('epin-static');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="static-note">
      {t('staticNote')}
    </Alert>
  );
}

/** /myepinstrans — e-pin home: an (empty) stock and a transfer form (spec §3: type, qty, receiver login id) that submits nowhere. */
export function EpinHomePage() {
  const { t } = useTranslation('epin-static');
  const [type, setType] = useState('epin_dollar');
  const [to, setTo] = useState('');
  const [qty, setQty] = useState('0');
  const [shown, setShown] = useState('');
  return (
    <PageShell title={t('homeTitle')} maxWidth="md">
      <StaticNote />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('pinStock')}
        </Typography>
        <Typography color="error.main" data-testid="empty-stock">
          {t('emptyStock')}
        </Typography>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('transferPins')}
        </Typography>
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setShown(t('notSubmitted'));
          }}
        >
          <TextField
            select
            label={t('epinType')}
            value={type}
            onChange={(e) => setType(e.target.value)}
            slotProps={{ select: { native: true } }}
          >
            <option value="epin_dollar">{t('dollarEpin')}</option>
            <option value="epin_inr">{t('inrEpin')}</option>
          </TextField>
          <TextField
            label={t('transferQuantity')}
            type="number"
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            slotProps={{ htmlInput: { min: 0 } }}
          />
          <TextField
            label={t('transferTo')}
            value={to}
            onChange={(e) => setTo(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <Button type="submit" variant="contained">
            {t('transferPins')}
          </Button>
          {shown ? <Alert severity="warning">{shown}</Alert> : null}
        </Stack>
      </Paper>
    </PageShell>
  );
}

type LedgerRow = (typeof LEDGER_SAMPLE)[number];
const ledgerColumns = (t: TFunction): PagedColumn<LedgerRow>[] => [
  { header: t('ledger.date'), cell: (r) => formatCalendarDay(r.date) },
  { header: t('ledger.mode'), cell: (r) => t(`sampleWords.${r.mode}`, { defaultValue: r.mode }) },
  { header: t('ledger.from'), cell: (r) => t(`sampleWords.${r.from}`, { defaultValue: r.from }) },
  { header: t('ledger.to'), cell: (r) => r.to },
  { header: t('ledger.qty'), cell: (r) => r.qty },
];

/** /Epinledger — sample ledger rows. */
export function EpinLedgerPage() {
  const { t } = useTranslation('epin-static');
  return (
    <PageShell title={t('ledgerTitle')}>
      <StaticNote />
      <PagedTable
        label={t('ledgerTitle')}
        serialHeader={t('ledger.serial')}
        columns={ledgerColumns(t)}
        rows={LEDGER_SAMPLE}
      />
    </PageShell>
  );
}

export const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
/** Catalogue keys (epin-static) of the static request form's checks. */
export const STATIC_REQUEST_MESSAGES = {
  hashRequired: 'hashRequired',
  hashPattern: 'hashPattern',
  referenceRequired: 'referenceRequired',
  quantity: 'quantityRange',
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
  const { t } = useTranslation('epin-static');
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
        <TextField label={t('regId')} value={userId} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label={t('id')} value={userId} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField label={t('pinType')} value={STATIC_PIN_TYPE} slotProps={{ htmlInput: { readOnly: true } }} />
        <TextField
          label={t('quantity')}
          type="number"
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          error={errors.qty !== undefined}
          helperText={errors.qty ? t(errors.qty) : ' '}
          slotProps={{ htmlInput: { min: 1, max: 500 } }}
        />
        <TextField
          select
          label={t('payMode')}
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
        <TextField label={t('bankName')} value={bankName} onChange={(e) => setBankName(e.target.value.slice(0, 80))} />
        <TextField
          label={usdt ? t('transactionHash') : t('transactionReference')}
          value={hash}
          onChange={(e) => setHash(e.target.value)}
          error={errors.hash !== undefined}
          helperText={errors.hash ? t(errors.hash) : ' '}
          slotProps={{ htmlInput: { maxLength: usdt ? 66 : 30 } }}
        />
        <Button variant="outlined" component="label">
          {t('bankSlipOptional')}
          <input hidden type="file" accept="image/*,application/pdf" aria-label={t('bankSlip')} />
        </Button>
        <TextField
          label={t('note')}
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, 300))}
          multiline
          minRows={2}
        />
        <Button type="submit" variant="contained">
          {t('submit')}
        </Button>
        {done ? (
          <Alert severity="warning" role="status">
            {t('notSent')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function RequestEpinsPage() {
  const { t } = useTranslation('epin-static');
  return (
    <PageShell title={t('requestUsdtTitle')} maxWidth="sm">
      <StaticNote />
      <StaticRequestForm variant="USDT" />
    </PageShell>
  );
}

export function RequestEpinsBankPage() {
  const { t } = useTranslation('epin-static');
  return (
    <PageShell title={t('requestInrTitle')} maxWidth="sm">
      <StaticNote />
      <StaticRequestForm variant="INR" />
    </PageShell>
  );
}
