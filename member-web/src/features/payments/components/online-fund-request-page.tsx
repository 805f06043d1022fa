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
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { depositCrypto, paymentMsLeft, serverNowAt, type CryptoDeposit } from '../api/deposit-crypto';
import { generateCryptoOrder } from '../api/generate-order';
import { EpinPurchaseForm, type PurchaseInput } from './epin-purchase-form';
import { HistoryLink, mmss, Reloadable, useLaterTimer } from './shared';

/** Spec §9: the page reloads 2 s after the payment timer runs out. */
export const TIMEOUT_RELOAD_MS = 2000;
/** Spec §9: modal transition 300 ms, backdrop 150 ms. */
const MODAL_TRANSITION_MS = 300;
const BACKDROP_TRANSITION_MS = 150;

export { mmss } from './shared';

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
  const { t } = useTranslation('payments');
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
      <DialogTitle id="usdt-dialog-title">{t('usdt.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {t('usdt.sendBefore')} <strong data-testid="usdt-amount">{deposit.amount}</strong> {t('usdt.sendAfter')}
          </Typography>
          <TextField
            label={t('usdt.walletAddress')}
            value={deposit.address}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'usdt-address' }, inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopy />}
            onClick={() => {
              void copyText(deposit.address).then((ok) =>
                ok ? notifySuccess(t('usdt.copied')) : notifyError(t('usdt.copyFailed')),
              );
            }}
          >
            {t('usdt.copy')}
          </Button>
          <Typography variant="body2">
            {t('usdt.orderId')} <span data-testid="order-clientid">{deposit.clientid}</span>
          </Typography>
          <Typography variant="h6" component="p">
            {t('usdt.timeLeft')} <span data-testid="usdt-countdown">{mmss(left)}</span>
          </Typography>
          <Alert severity="info">{t('usdt.afterPaying')}</Alert>
          <Alert severity="warning">{t('usdt.lateWarning')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('usdt.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function OnlineRequest({ reload }: { reload: () => void }) {
  const { t } = useTranslation('payments');
  const later = useLaterTimer();
  const [deposit, setDeposit] = useState<CryptoDeposit | null>(null);

  async function request(input: PurchaseInput) {
    const order = await generateCryptoOrder(input.netUsdt);
    if (!order.ok) return notifyError(order.message || t('failed'));
    const answer = await depositCrypto({
      amount: input.netUsdt,
      epin_type: input.epintype,
      epin_qty: input.qty,
      clientid: order.clientid,
    });
    if (!answer.ok) return notifyError(answer.message || t('failed'));
    setDeposit(answer.deposit);
  }

  const onExpire = useRef(() => {
    setDeposit(null);
    // Read at expiry time, so the toast is in the language of that moment.
    notifyError(i18n.t('payments:timeOver'));
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
  const { t } = useTranslation('payments');
  return (
    <PageShell title={t('onlineTitle')} maxWidth="sm">
      <Reloadable render={(reload) => <OnlineRequest reload={reload} />} />
      <HistoryLink to="/OnlineFundRequestHistory" label={t('onlineHistoryTitle')} />
    </PageShell>
  );
}
