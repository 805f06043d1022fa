import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageShell } from '../../../components/ui/page-shell';
import { upiPayLink } from '../../../lib/upi-link';
import { ForcedLogoutError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess, serverText } from '../../../lib/notify';
import { checkPaymentStatus, isFinalFailure, isPaid, STATUS_POLL_MS } from '../api/check-payment-status';
import type { UpiPayment } from '../api/deposit-upi';
import { mmss } from './shared';
import { clearUpiPayment, readUpiPayment } from './upi-payment-store';

/** Spec §9: gateway success goes to the history 1 s later. */
export const SUCCESS_REDIRECT_MS = 1000;

/** `message` is the server's words, or '' for the screen's own (time over, or the request failed). */
type Phase = { state: 'waiting' } | { state: 'paid' } | { state: 'closed'; message: string; expired: boolean };

/** Texts the poll shows, read when shown, so a language switch does not restart the poll. */
const pollText = (key: string) => i18n.t(key, { ns: 'payments' });

/** Seconds left until `deadline` (device clock, epoch ms), never below 0. */
const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Asks the server every 3 s (the server asks the gateway; the client never decides). Each check is
 * scheduled 3 s after the previous answer, so checks never overlap. Stops once the answer is final,
 * or when the order's time is over (issue 20: the spec's page polled forever).
 */
function useStatusPoll(payment: UpiPayment | null) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ state: 'waiting' });
  useEffect(() => {
    if (!payment) return undefined;
    let active = true;
    let timer = 0;
    const schedule = () => {
      if (Date.now() >= payment.deadline) {
        clearUpiPayment();
        setPhase({ state: 'closed', message: '', expired: true });
        notifyError(pollText('timeOver'));
        return;
      }
      timer = window.setTimeout(() => void check(), STATUS_POLL_MS);
    };
    const check = async () => {
      try {
        const status = await checkPaymentStatus(payment.clientid);
        if (!active) return;
        if (isPaid(status)) {
          clearUpiPayment();
          setPhase({ state: 'paid' });
          notifySuccess(pollText('paymentReceived'));
          timer = window.setTimeout(() => void navigate('/GatewayFundRequestHistory'), SUCCESS_REDIRECT_MS);
          return;
        }
        if (isFinalFailure(status)) {
          clearUpiPayment();
          const expired = status.statusId === 2;
          const message = expired ? '' : status.message;
          setPhase({ state: 'closed', message, expired });
          notifyError(expired ? pollText('timeOver') : message || pollText('failed'));
          return;
        }
      } catch (error) {
        if (error instanceof ForcedLogoutError) return;
        console.error('payment status check failed', error);
        if (!active) return;
      }
      schedule();
    };
    schedule();
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [payment, navigate]);
  return phase;
}

/** /QrCode — the UPI QR of the order opened on /GatewayFundRequest (kept in session storage). */
export function QrCodePage() {
  const { t } = useTranslation('payments');
  const [payment] = useState(readUpiPayment);
  const phase = useStatusPoll(payment);
  const [left, setLeft] = useState(() => (payment ? secondsUntil(payment.deadline) : 0));
  useEffect(() => {
    if (!payment || phase.state !== 'waiting') return undefined;
    const timer = window.setInterval(() => setLeft(secondsUntil(payment.deadline)), 1000);
    return () => window.clearInterval(timer);
  }, [payment, phase.state]);

  if (!payment) {
    return (
      <PageShell title={t('qr.title')} maxWidth="sm">
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('qr.none')}
        </Alert>
        <Button variant="contained" component={RouterLink} to="/GatewayFundRequest">
          {t('gatewayTitle')}
        </Button>
      </PageShell>
    );
  }

  return (
    <PageShell title={t('qr.title')} maxWidth="sm">
      <Paper sx={{ p: { xs: 2, md: 3 }, textAlign: 'center' }}>
        <Box
          component="img"
          src={payment.qrCodeImage}
          alt={t('qr.image')}
          data-testid="upi-qr"
          sx={{ width: '100%', maxWidth: 280 }}
        />
        <Typography sx={{ mt: 2 }}>
          {t('qr.scanBefore')} <strong data-testid="qr-amount">₹{payment.amount}</strong> {t('qr.scanAfter')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('qr.bankingName')} <strong data-testid="banking-name">{payment.bankingName}</strong>
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('qr.orderId')} <span data-testid="qr-clientid">{payment.clientid}</span>
        </Typography>
        {phase.state === 'waiting' ? (
          <>
            <Typography sx={{ mt: 1 }}>
              {t('usdt.timeLeft')} <strong data-testid="qr-countdown">{mmss(left)}</strong>
            </Typography>
            {/* Paying from this phone: one cannot scan one's own screen (issue 20). */}
            {payment.payeeUpiId ? (
              <Button
                variant="contained"
                size="large"
                sx={{ mt: 2 }}
                href={upiPayLink({
                  payeeUpiId: payment.payeeUpiId,
                  payeeName: payment.bankingName,
                  amount: payment.amount,
                  note: payment.clientid,
                })}
                data-testid="upi-pay-link"
              >
                {t('qr.payWithApp')}
              </Button>
            ) : null}
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('qr.upiId')} <strong data-testid="qr-upi-id">{payment.payeeUpiId}</strong>
              <CopyButton value={payment.payeeUpiId} what={t('qr.upiId')} />
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('qr.amount')} <strong>₹{payment.amount}</strong>
              <CopyButton value={payment.amount} what={t('qr.amount')} />
            </Typography>
          </>
        ) : null}
        <Box role="status" data-testid="qr-status" data-state={phase.state} sx={{ mt: 2 }}>
          {phase.state === 'waiting' ? <Typography color="text.secondary">{t('qr.waiting')}</Typography> : null}
          {phase.state === 'paid' ? <Alert severity="success">{t('paymentReceived')}</Alert> : null}
          {phase.state === 'closed' ? (
            <>
              <Alert severity="error" sx={{ mb: 1 }}>
                {phase.expired ? t('timeOver') : serverText(phase.message) || t('failed')}
              </Alert>
              <Button variant="outlined" component={RouterLink} to="/GatewayFundRequest">
                {t('gatewayTitle')}
              </Button>
            </>
          ) : null}
        </Box>
      </Paper>
    </PageShell>
  );
}
