import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { requestWithdrawal, WITHDRAWAL_DONE } from '../api/withdrawal';
import { fetchWithdrawalBalance } from '../api/withdrawal-balance';
import { WithdrawalGhNotice } from './gh-notice';

/** Spec §5: the amount is digits only, at most 10. */
export const AMOUNT_MAX_LENGTH = 10;

type Balance = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rupees: string };

/**
 * /Withdrawal: the Withdrawal Balance (the dashboard's net balance) and an amount in whole rupees.
 * Empty → 'Please Enter Amount'; the server checks the minimum and the balance and answers 'Done'
 * or its reason (an error toast).
 */
export function WithdrawalPage() {
  const { t } = useTranslation('withdrawals');
  const [balance, setBalance] = useState<Balance>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    setBalance({ state: 'loading' });
    fetchWithdrawalBalance()
      .then((rupees) => {
        if (active) setBalance(rupees === null ? { state: 'failed' } : { state: 'ready', rupees });
      })
      .catch((failure: unknown) => {
        if (!(failure instanceof ForcedLogoutError)) console.error('withdrawal balance failed', failure);
        if (active) setBalance({ state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  async function submit() {
    if (busy) return;
    if (amount === '') {
      setError(t('enterAmount'));
      notifyError(t('enterAmount'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const result = await requestWithdrawal(amount);
      if (result === WITHDRAWAL_DONE) {
        notifySuccess(t('requested'));
        setAmount('');
        setAttempt((n) => n + 1);
      } else notifyError(result || t('failed'));
    } catch (failure) {
      if (failure instanceof ForcedLogoutError) return;
      console.error('withdrawal failed', failure);
      notifyError(t('failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell title={t('withdrawalTitle')} maxWidth="sm">
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" component="h2" color="text.secondary">
          {t('withdrawalBalance')}
        </Typography>
        {balance.state === 'loading' ? <CircularProgress size={24} aria-label={t('withdrawalBalance')} /> : null}
        {balance.state === 'ready' ? (
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="withdrawal-balance">
            {formatAmount(balance.rupees, 'INR')}
          </Typography>
        ) : null}
        {balance.state === 'failed' ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </Button>
            }
          >
            {t('balanceFailed')}
          </Alert>
        ) : null}
        <Stack
          component="form"
          noValidate
          spacing={2}
          sx={{ mt: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t('amount')}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value.replace(/\D/g, '').slice(0, AMOUNT_MAX_LENGTH));
              setError('');
            }}
            disabled={busy}
            error={error !== ''}
            helperText={error || t('wholeRupees')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: AMOUNT_MAX_LENGTH, autoComplete: 'off' } }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('processing') : t('submit')}
          </Button>
        </Stack>
        <WithdrawalGhNotice />
      </Paper>
    </PageShell>
  );
}
