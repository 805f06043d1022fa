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
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess, serverText } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import { EPIN_TYPES, type EpinType } from '../../../lib/epin-type';
import { BANK_REQUEST_SUCCESS, submitBankRequest } from '../api/fund-request-bank';
import { fetchPaymentOption, fetchPaymentOptions, type PaymentOption } from '../api/payment-options';
import { digits5, HistoryLink, quoteOf, ReadOnlyField, Reloadable, useLaterTimer, useQuote } from './shared';

/** Spec §9: the page reloads 1 s after a successful e-pin request. */
export const BANK_RELOAD_MS = 1000;

export function optionText(option: PaymentOption, t: TFunction): string {
  return `${option.bankName} (${t(`optionType.${option.type}`, { defaultValue: option.type })})`;
}

/** The chosen option's details: account, holder, IFSC, branch — or the QR image and UPI id of a QR option. */
function OptionDetails({ option }: { option: PaymentOption }) {
  const { t } = useTranslation('payments');
  const isQr = option.type.toUpperCase() === 'QR';
  const rows: Array<[string, string]> = isQr
    ? [
        [t('bankName'), option.bankName],
        [t('upiId'), option.address],
        [t('holderName'), option.holder],
      ]
    : [
        [t('bankName'), option.bankName],
        [t('accountNumber'), option.address],
        [t('holderName'), option.holder],
        [t('ifsc'), option.ifsc],
        [t('branch'), option.branch],
      ];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="payment-option-details">
      {isQr && option.imglink ? (
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <Box
            component="img"
            src={option.imglink}
            alt={t('paymentQr')}
            data-testid="payment-qr"
            sx={{ maxWidth: 220, width: '100%' }}
          />
        </Box>
      ) : null}
      <Table size="small" aria-label={t('paymentDetails')}>
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

type BankField = 'bankid' | 'utrno' | 'qty' | 'epintype';

function BankRequestForm({ reload }: { reload: () => void }) {
  const { t } = useTranslation('payments');
  // The failed check is shown under its field as well as in the toast.
  const [problem, setProblem] = useState<{ field: BankField; key: string } | null>(null);
  const fail = (field: BankField, key: string) => {
    setProblem({ field, key });
    notifyError(t(key));
  };
  const errorOf = (field: BankField) => (problem?.field === field ? { error: true, helperText: t(problem.key) } : {});
  const touched = (field: BankField) => setProblem((current) => (current?.field === field ? null : current));
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
    if (bankid === '') return fail('bankid', 'selectPaymentType');
    if (utrno.trim() === '') return fail('utrno', 'utrRequired');
    if (qty === '') return fail('qty', 'enterQty');
    if (epintype === '') return fail('epintype', 'enterEpinType');
    setProblem(null);
    setBusy(true);
    let reloading = false;
    try {
      const result = await submitBankRequest({ utrno: utrno.trim(), amount: quote?.net ?? '', bankid, qty, epintype });
      if (result === BANK_REQUEST_SUCCESS) {
        notifySuccess(t('bankSubmitted'));
        reloading = true;
        later(reload, BANK_RELOAD_MS);
      } else {
        notifyError(result || t('failed'));
      }
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin request failed', error);
      notifyError(t('failed'));
    } finally {
      if (!reloading) setBusy(false);
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          select
          label={t('paymentType')}
          value={bankid}
          {...errorOf('bankid')}
          onChange={(event) => {
            setBankid(event.target.value);
            touched('bankid');
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{options.state === 'loading' ? t('loadingEllipsis') : t('selectPaymentTypeOption')}</option>
          {options.rows.map((option) => (
            <option key={option.id} value={option.id}>
              {optionText(option, t)}
            </option>
          ))}
        </TextField>
        {detail ? <OptionDetails option={detail} /> : null}
        <TextField
          label={t('utrNumber')}
          value={utrno}
          {...errorOf('utrno')}
          onChange={(event) => {
            setUtrno(event.target.value.slice(0, 30));
            touched('utrno');
          }}
          slotProps={{ htmlInput: { maxLength: 30 } }}
        />
        <TextField
          label={t('quantity')}
          value={qty}
          {...errorOf('qty')}
          onChange={(event) => {
            setQty(digits5(event.target.value));
            touched('qty');
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <TextField
          select
          label={t('epinType')}
          value={epintype}
          {...errorOf('epintype')}
          onChange={(event) => {
            setEpintype(event.target.value as EpinType | '');
            touched('epintype');
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('selectEpinType')}</option>
          {EPIN_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </TextField>
        {quoteState.state === 'failed' && quoteState.message ? (
          <Typography color="error" variant="body2" role="status">
            {serverText(quoteState.message)}
          </Typography>
        ) : null}
        <ReadOnlyField label={t('reqAmount')} value={quote?.amount ?? ''} testId="quote-amount" />
        <ReadOnlyField label={t('discountRate')} value={quote?.discountRate ?? ''} testId="quote-discount-rate" />
        <ReadOnlyField label={t('discountAmount')} value={quote?.discountAmount ?? ''} testId="quote-discount-amount" />
        <ReadOnlyField label={t('netAmount')} value={quote?.net ?? ''} testId="quote-net" />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('processing2') : t('request')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /FundRequestBank — Epin Request paid to an admin bank account or QR (approved later by an admin). */
export function FundRequestBankPage() {
  const { t } = useTranslation('payments');
  return (
    <PageShell title={t('bankTitle')} maxWidth="sm">
      <Reloadable render={(reload) => <BankRequestForm reload={reload} />} />
      <HistoryLink to="/FundRequestHistoryBank" label={t('bankHistoryTitle')} />
    </PageShell>
  );
}
