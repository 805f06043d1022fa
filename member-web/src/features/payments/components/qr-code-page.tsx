import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  checkPaymentStatus,
  clearUpiPayment,
  isFinalFailure,
  isPaid,
  PAY_TEXT,
  readUpiPayment,
  STATUS_POLL_MS,
  type UpiPayment,
} from '../api/payments';

/** Spec §9: gateway success goes to the history 1 s later. */
export const SUCCESS_REDIRECT_MS = 1000;

type Phase = { state: 'waiting' } | { state: 'paid' } | { state: 'closed'; message: string };

/**
 * Asks the server every 3 s (the server asks the gateway; the client never decides). Each check is
 * scheduled 3 s after the previous answer, so checks never overlap. Stops once the answer is final.
 */
function useStatusPoll(payment: UpiPayment | null) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ state: 'waiting' });
  useEffect(() => {
    if (!payment) return undefined;
    let active = true;
    let timer = 0;
    const schedule = () => {
      timer = window.setTimeout(() => void check(), STATUS_POLL_MS);
    };
    const check = async () => {
      try {
        const status = await checkPaymentStatus(payment.clientid);
        if (!active) return;
        if (isPaid(status)) {
          clearUpiPayment();
          setPhase({ state: 'paid' });
          notifySuccess(PAY_TEXT.paymentReceived);
          timer = window.setTimeout(() => void navigate('/GatewayFundRequestHistory'), SUCCESS_REDIRECT_MS);
          return;
        }
        if (isFinalFailure(status)) {
          clearUpiPayment();
          const message = status.statusId === 2 ? PAY_TEXT.timeOver : status.message || PAY_TEXT.failed;
          setPhase({ state: 'closed', message });
          notifyError(message);
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
  const [payment] = useState(readUpiPayment);
  const phase = useStatusPoll(payment);

  if (!payment) {
    return (
      <PageShell title="Scan and Pay" maxWidth="sm">
        <Alert severity="info" sx={{ mb: 2 }}>
          No UPI payment is in progress.
        </Alert>
        <Button variant="contained" component={RouterLink} to="/GatewayFundRequest">
          Gateway Epin Request
        </Button>
      </PageShell>
    );
  }

  return (
    <PageShell title="Scan and Pay" maxWidth="sm">
      <Paper sx={{ p: { xs: 2, md: 3 }, textAlign: 'center' }}>
        <Box
          component="img"
          src={payment.qrCodeImage}
          alt="UPI QR code"
          data-testid="upi-qr"
          sx={{ width: '100%', maxWidth: 280 }}
        />
        <Typography sx={{ mt: 2 }}>
          Scan and pay <strong data-testid="qr-amount">₹{payment.amount}</strong> with any UPI app.
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Banking name: <strong data-testid="banking-name">{payment.bankingName}</strong>
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Order Id: <span data-testid="qr-clientid">{payment.clientid}</span>
        </Typography>
        <Box role="status" data-testid="qr-status" data-state={phase.state} sx={{ mt: 2 }}>
          {phase.state === 'waiting' ? <Typography color="text.secondary">Waiting for your payment…</Typography> : null}
          {phase.state === 'paid' ? <Alert severity="success">{PAY_TEXT.paymentReceived}</Alert> : null}
          {phase.state === 'closed' ? (
            <>
              <Alert severity="error" sx={{ mb: 1 }}>
                {phase.message}
              </Alert>
              <Button variant="outlined" component={RouterLink} to="/GatewayFundRequest">
                Gateway Epin Request
              </Button>
            </>
          ) : null}
        </Box>
      </Paper>
    </PageShell>
  );
}
