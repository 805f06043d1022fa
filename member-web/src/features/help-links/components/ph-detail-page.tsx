import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CopyButton } from '../../../components/ui/copy-button';
import { notifyError } from '../../../lib/notify';
import { upiPayLink } from '../../../lib/upi-link';
import { fetchPhListDetails } from '../api/ph-list-details';
import { disputePhUser, PH_DISPUTED_TEXT } from '../api/dispute-ph-user';
import { CANCEL, PENDING } from '../api/types';
import { PH_PAID_TEXT, updatePhUser } from '../api/update-ph-user';
import { formatDateTime } from '../../../lib/format-date';
import { LinkDetailScreen, linkStatusItem } from './detail-parts';
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

  /** A value with a Copy button beside it (nothing to copy: the value alone). */
  const withCopy = (value: string, what: string) =>
    value === '' ? (
      ''
    ) : (
      <>
        {value}
        <CopyButton value={value} what={what} />
      </>
    );

  return (
    <LinkDetailScreen
      title={t('phDetailTitle')}
      load={load}
      reload={reload}
      items={(link) => [
        { label: t('receiverName'), value: link.name },
        { label: t('receiverUserId'), value: link.uid },
        { label: t('remarks'), value: link.remark },
        ...(link.ghRemark ? [{ label: t('cancelRemark'), value: link.ghRemark }] : []),
        linkStatusItem(t('linkStatus'), link.paidst),
        { label: t('bankName'), value: link.bankName },
        { label: t('branch'), value: link.branch },
        { label: t('ifsc'), value: withCopy(link.ifsc, t('ifsc')) },
        { label: t('accountNumber'), value: withCopy(link.accountNumber, t('accountNumber')) },
        { label: t('holderName'), value: link.holder },
        { label: t('upiNumber'), value: withCopy(link.upi, t('upiNumber')), testId: 'receiver-upi' },
        { label: t('generateDate'), value: formatDateTime(link.ed) },
        ...(link.utrno ? [{ label: t('utrNumber'), value: link.utrno }] : []),
      ]}
    >
      {(link) => (
        <>
          {link.paidst === PENDING ? (
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
              {/* Paying from this phone (issue 20): the receiver's UPI ID opens the member's UPI app. */}
              {link.upi.includes('@') ? (
                <Button
                  variant="contained"
                  href={upiPayLink({
                    payeeUpiId: link.upi,
                    payeeName: link.holder || link.name,
                    amount: link.amount,
                    note: `Sahyog help ${link.id}`,
                  })}
                  data-testid="upi-pay-link"
                >
                  {t('payWithApp')}
                </Button>
              ) : null}
              <div>
                {t('amountToPay')} <strong>₹{link.amount}</strong>
                <CopyButton value={link.amount} what={t('amountToPay')} />
              </div>
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
          {link.paidst === CANCEL && link.utrno ? (
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
        </>
      )}
    </LinkDetailScreen>
  );
}
