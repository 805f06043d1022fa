import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { notifyError } from '../../../lib/notify';
import { depositUpi } from '../api/deposit-upi';
import { generateUpiOrder } from '../api/generate-order';
import { storeUpiPayment } from './upi-payment-store';
import { EpinPurchaseForm, type PurchaseInput } from './epin-purchase-form';
import { HistoryLink } from './shared';

/** /GatewayFundRequest — buy e-pins through the UPI gateway; the QR is shown on /QrCode. */
export function GatewayFundRequestPage() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();

  async function request(input: PurchaseInput) {
    const order = await generateUpiOrder(input.netInr);
    if (!order.ok) return notifyError(order.message || t('failed'));
    const answer = await depositUpi({
      amount: input.netInr,
      epin_type: input.epintype,
      epin_qty: input.qty,
      clientid: order.clientid,
    });
    if (!answer.ok) return notifyError(answer.message || t('failed'));
    storeUpiPayment(answer.payment);
    await navigate('/QrCode');
  }

  return (
    <PageShell title={t('gatewayTitle')} maxWidth="sm">
      <EpinPurchaseForm usdt={false} onRequest={request} />
      <HistoryLink to="/GatewayFundRequestHistory" label={t('gatewayHistoryTitle')} />
    </PageShell>
  );
}
