import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmSheet } from '../../../components/ui/confirm-sheet';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { amountProblem, refusalText } from '../../../lib/input-rules';
import { getSession } from '../../../lib/session';
import { formatAmount } from '../../../lib/money';
import { notifyError, notifySuccess, serverText } from '../../../lib/notify';
import { requestWithdrawal, WITHDRAWAL_DONE } from '../api/withdrawal';
import { fetchWithdrawalBalance } from '../api/withdrawal-balance';
import { WithdrawalGhNotice } from './gh-notice';

/** Spec §5: the amount is digits only, at most 10. */
export const AMOUNT_MAX_LENGTH = 10;

type Balance =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rupees: string; minimumRupees: string | null };

/**
 * /Withdrawal: the Withdrawal Balance (the dashboard's net balance) and an amount in whole rupees,
 * with the minimum and the balance beside the field. The amount stays as typed: a '.' or any other
 * non-digit is shown refused with its reason and never sent (issue 20: "12.5" is not ₹125).
 * Empty → 'Please Enter Amount'; then a confirmation naming amount and receiver; the server checks
 * the minimum and the balance and answers 'Done' or its reason. One message at a time: success
 * clears the error.
 */
export function WithdrawalPage() {
  const { t } = useTranslation(['withdrawals', 'forms']);
  const [balance, setBalance] = useState<Balance>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const session = getSession();

  useEffect(() => {
    let active = true;
    setBalance({ state: 'loading' });
    fetchWithdrawalBalance()
      .then((rupees) => {
        if (active) setBalance(rupees === null ? { state: 'failed' } : { state: 'ready', ...rupees });
      })
      .catch((failure: unknown) => {
        if (!(failure instanceof ForcedLogoutError)) console.error('withdrawal balance failed', failure);
        if (active) setBalance({ state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  function review() {
    if (busy) return;
    const problem = amountProblem(amount);
    if (problem) {
      const message = problem === 'required' ? t('enterAmount') : t('forms:amount.notWhole');
      setError(message);
      notifyError(message);
      return;
    }
    setError('');
    setConfirming(true);
  }

  async function submit() {
    setConfirming(false);
    if (busy) return;
    setBusy(true);
    try {
      const result = await requestWithdrawal(amount);
      if (result === WITHDRAWAL_DONE) {
        setError('');
        notifySuccess(t('requested'));
        setAmount('');
        setAttempt((n) => n + 1);
      } else {
        // The server's reason stays beside the field, as the field's one current message.
        setError(result || t('failed'));
        notifyError(result || t('failed'));
      }
    } catch (failure) {
      if (failure instanceof ForcedLogoutError) return;
      console.error('withdrawal failed', failure);
      setError(t('failed'));
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
            review();
          }}
        >
          <TextField
            label={t('amount')}
            value={amount}
            onChange={(event) => {
              const typed = event.target.value;
              if (typed.length > AMOUNT_MAX_LENGTH) {
                setError(refusalText('tooLong', AMOUNT_MAX_LENGTH));
                return;
              }
              setAmount(typed);
              setError(amountProblem(typed) === 'notWhole' ? t('forms:amount.notWhole') : '');
            }}
            disabled={busy}
            error={error !== ''}
            helperText={serverText(error) || t('wholeRupees')}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
          {balance.state === 'ready' ? (
            <Typography variant="body2" color="text.secondary" data-testid="withdrawal-limits">
              {balance.minimumRupees !== null
                ? `${t('minimum')}: ${formatAmount(balance.minimumRupees, 'INR')} · `
                : ''}
              {`${t('withdrawalBalance')}: ${formatAmount(balance.rupees, 'INR')}`}
            </Typography>
          ) : null}
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('processing') : t('submit')}
          </Button>
        </Stack>
        <WithdrawalGhNotice />
        <ConfirmSheet
          open={confirming}
          title={t('confirmTitle')}
          facts={[
            { label: t('amount'), value: formatAmount(amount.trim(), 'INR'), testId: 'confirm-amount' },
            {
              label: t('receiver'),
              value: `${session.username} (${session.userId}) — ${t('receiverNote')}`,
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
