import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { StatusText } from '../../../components/ui/status-text';
import { formatAmount } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { fetchPhListDetails } from '../api/ph-list-details';
import { disputePhUser, PH_DISPUTED_TEXT } from '../api/dispute-ph-user';
import { statusColor, CANCEL, PENDING } from '../api/types';
import { PH_PAID_TEXT, updatePhUser } from '../api/update-ph-user';
import { DetailList, DetailStates } from './detail-parts';
import { formatDateTime } from '../../../lib/format-date';
import { useLinkAction, useLinkDetail } from './use-link-detail';

/**
 * /PHRecivePaymentId/{id}: the sender's view of a link — whom to pay (bank and UPI details copied
 * when the link was made) and the UTR input. Update asks 'Are you sure, you want to update..?',
 * reads 'Processing..' while busy, and on 'Payment Paid Successfully.' goes to /dashboard 1 s later.
 * A Paid link the receiver cancelled (Cancel with a UTR) can be disputed with a remark
 * (DisputePhUser; the server holds the 48 h window and says so when it has passed).
 */
export function PhDetailPage() {
  const { t } = useTranslation('help-links');
  const { id = '' } = useParams();
  const act = useLinkAction(t('updateFailed'));
  const { load, reload } = useLinkDetail(fetchPhListDetails, id, 'PH link');
  const [utr, setUtr] = useState('');
  const [busy, setBusy] = useState(false);
  const [disputeRemark, setDisputeRemark] = useState('');

  async function dispute() {
    if (busy) return;
    const remark = disputeRemark.trim();
    if (!remark) {
      notifyError(t('enterRemark'));
      return;
    }
    if (!window.confirm(t('confirmDispute'))) return;
    setBusy(true);
    const done = await act('dispute', async () => {
      const result = await disputePhUser(id, remark);
      return result === PH_DISPUTED_TEXT ? { ok: true, message: t('disputeRaised') } : { ok: false, message: result };
    });
    if (!done) setBusy(false);
  }

  async function update() {
    if (busy) return;
    if (!window.confirm(t('confirmUpdate'))) return;
    setBusy(true);
    const done = await act('UTR update', async () => {
      const result = await updatePhUser(id, utr.trim());
      return { ok: result === PH_PAID_TEXT, message: result };
    });
    // Busy until the redirect after a success.
    if (!done) setBusy(false);
  }

  return (
    <PageShell title={t('phDetailTitle')} maxWidth="md">
      <DetailStates load={load} reload={reload}>
        {load.state === 'ready' ? (
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <DetailList
              items={[
                { label: t('orderId'), value: load.link.id, testId: 'order-id' },
                { label: t('amount'), value: formatAmount(load.link.amount, 'INR'), testId: 'amount' },
                { label: t('receiverName'), value: load.link.name },
                { label: t('receiverUserId'), value: load.link.uid },
                { label: t('remarks'), value: load.link.remark },
                ...(load.link.ghRemark ? [{ label: t('cancelRemark'), value: load.link.ghRemark }] : []),
                {
                  label: t('linkStatus'),
                  value: <StatusText status={load.link.paidst} color={statusColor(load.link.paidst)} />,
                  testId: 'link-status',
                },
                { label: t('bankName'), value: load.link.bankName },
                { label: t('branch'), value: load.link.branch },
                { label: t('ifsc'), value: load.link.ifsc },
                { label: t('accountNumber'), value: load.link.accountNumber },
                { label: t('holderName'), value: load.link.holder },
                { label: t('upiNumber'), value: load.link.upi },
                { label: t('generateDate'), value: formatDateTime(load.link.ed) },
                ...(load.link.utrno ? [{ label: t('utrNumber'), value: load.link.utrno }] : []),
              ]}
            />
            {load.link.paidst === PENDING ? (
              <Stack
                component="form"
                spacing={2}
                sx={{ mt: 2 }}
                onSubmit={(event) => {
                  event.preventDefault();
                  void update();
                }}
              >
                <Alert severity="info">{t('payThisMember')}</Alert>
                <TextField
                  label={t('utrNumber')}
                  value={utr}
                  onChange={(event) => setUtr(event.target.value)}
                  disabled={busy}
                  slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off' } }}
                />
                <Button type="submit" variant="contained" disabled={busy}>
                  {busy ? t('processing') : t('update')}
                </Button>
              </Stack>
            ) : null}
            {load.link.paidst === CANCEL && load.link.utrno ? (
              <Stack
                component="form"
                spacing={2}
                sx={{ mt: 2 }}
                aria-label={t('disputeTitle')}
                onSubmit={(event) => {
                  event.preventDefault();
                  void dispute();
                }}
              >
                <Alert severity="warning">{t('disputeHelp')}</Alert>
                <TextField
                  label={t('disputeRemark')}
                  value={disputeRemark}
                  onChange={(event) => setDisputeRemark(event.target.value)}
                  disabled={busy}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                />
                <Button type="submit" variant="contained" color="warning" disabled={busy}>
                  {busy ? t('processing') : t('dispute')}
                </Button>
              </Stack>
            ) : null}
          </Paper>
        ) : null}
      </DetailStates>
    </PageShell>
  );
}
