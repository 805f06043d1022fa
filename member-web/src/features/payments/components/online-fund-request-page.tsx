import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { PageShell } from '../../../components/ui/page-shell';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  depositCrypto,
  generateCryptoOrder,
  PAY_TEXT,
  paymentMsLeft,
  serverNowAt,
  type CryptoDeposit,
} from '../api/payments';
import { EpinPurchaseForm, type PurchaseInput } from './epin-purchase-form';
import { HistoryLink, Reloadable, useLaterTimer } from './shared';

/** Spec §9: the page reloads 2 s after the payment timer runs out. */
export const TIMEOUT_RELOAD_MS = 2000;
/** Spec §9: modal transition 300 ms, backdrop 150 ms. */
const MODAL_TRANSITION_MS = 300;
const BACKDROP_TRANSITION_MS = 150;

export function mmss(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

async function copyText(value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The USDT payment popup: amount on BEP20 (BSC), the wallet address with Copy, a mm:ss countdown to
 * the server's deadline (`expiresAt`, measured against the server's `Date`, so a wrong device clock
 * does not shorten or stretch it), never above 20:00 — 20 minutes from opening when the answer has no
 * deadline — ticking every second, and the notes. `onExpire` at zero.
 */
function UsdtPaymentDialog({
  deposit,
  onClose,
  onExpire,
}: {
  deposit: CryptoDeposit;
  onClose: () => void;
  onExpire: () => void;
}) {
  // Fixed when the popup opens (right after the answer): the time left on the server's clock, as far as
  // the answer's Date tells, becomes a deadline on this device's clock.
  const [opened] = useState(() => {
    const now = Date.now();
    const msLeft = paymentMsLeft(deposit.expiresAt, serverNowAt(now, deposit.serverDate));
    return { deadline: now + msLeft, secondsLeft: Math.ceil(msLeft / 1000) };
  });
  const [left, setLeft] = useState(opened.secondsLeft);
  const expired = useRef(false);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((opened.deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !expired.current) {
        expired.current = true;
        window.clearInterval(timer);
        onExpire();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [onExpire, opened.deadline]);

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="usdt-dialog-title"
      maxWidth="xs"
      fullWidth
      transitionDuration={MODAL_TRANSITION_MS}
      slotProps={{ backdrop: { transitionDuration: BACKDROP_TRANSITION_MS } }}
    >
      <DialogTitle id="usdt-dialog-title">Pay with USDT (BEP-20)</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            Send exactly <strong data-testid="usdt-amount">{deposit.amount}</strong> USDT on the BEP20 (BSC) chain to
            this address.
          </Typography>
          <TextField
            label="Wallet Address"
            value={deposit.address}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'usdt-address' }, inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopy />}
            onClick={() => {
              void copyText(deposit.address).then((ok) =>
                ok ? notifySuccess('Copied Wallet Address') : notifyError('Could not copy the address'),
              );
            }}
          >
            Copy Address
          </Button>
          <Typography variant="body2">
            Order Id: <span data-testid="order-clientid">{deposit.clientid}</span>
          </Typography>
          <Typography variant="h6" component="p">
            Time left: <span data-testid="usdt-countdown">{mmss(left)}</span>
          </Typography>
          <Alert severity="info">
            After paying, close this popup and check your deposit history (Online Epin Request History).
          </Alert>
          <Alert severity="warning">Payments made after 20 minutes are not the company&apos;s responsibility.</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function OnlineRequest({ reload }: { reload: () => void }) {
  const later = useLaterTimer();
  const [deposit, setDeposit] = useState<CryptoDeposit | null>(null);

  async function request(input: PurchaseInput) {
    const order = await generateCryptoOrder(input.netUsdt);
    if (!order.ok) return notifyError(order.message);
    const answer = await depositCrypto({
      amount: input.netUsdt,
      epin_type: input.epintype,
      epin_qty: input.qty,
      clientid: order.clientid,
    });
    if (!answer.ok) return notifyError(answer.message);
    setDeposit(answer.deposit);
  }

  const onExpire = useRef(() => {
    setDeposit(null);
    notifyError(PAY_TEXT.timeOver);
    later(reload, TIMEOUT_RELOAD_MS);
  }).current;

  return (
    <>
      <EpinPurchaseForm usdt onRequest={request} />
      {deposit ? <UsdtPaymentDialog deposit={deposit} onClose={reload} onExpire={onExpire} /> : null}
    </>
  );
}

/** /OnlineFundRequest — buy e-pins with USDT (BEP-20) through the crypto gateway. */
export function OnlineFundRequestPage() {
  return (
    <PageShell title="Online Epin Request" maxWidth="sm">
      <Reloadable render={(reload) => <OnlineRequest reload={reload} />} />
      <HistoryLink to="/OnlineFundRequestHistory" label="Online Epin Request History" />
    </PageShell>
  );
}
