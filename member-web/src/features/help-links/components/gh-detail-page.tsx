import { useState } from 'react';
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
import { fetchGhListDetails } from '../api/gh-list-details';
import { CANCEL, statusColor } from '../api/types';
import { updateGhUser, type GhDecision } from '../api/update-gh-user';
import { DetailList, DetailStates } from './detail-parts';
import { formatDateTime } from '../../../lib/format-date';
import { useLinkAction, useLinkDetail } from './use-link-detail';

/** GH states after which the receiver has nothing left to decide. */
const SETTLED = new Set([CANCEL, 'Received', 'Expired']);

/**
 * /GHRecivePaymentId/{id}: the receiver's view of a link — who pays, the UTR they quoted, and the
 * decision: Update (confirm received, status 1) or Cancel (status 2, remark required: 'Please Enter
 * Remark !!'), each behind a browser confirmation; on success the server's text and /dashboard 1 s later.
 */
export function GhDetailPage() {
  const { t } = useTranslation('help-links');
  const { id = '' } = useParams();
  const act = useLinkAction(t('updateFailed'));
  const { load, reload } = useLinkDetail(fetchGhListDetails, id, 'GH link');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState<GhDecision | null>(null);

  async function decide(status: GhDecision) {
    if (busy !== null) return;
    if (status === 2 && remark.trim() === '') {
      notifyError(t('enterRemark'));
      return;
    }
    if (!window.confirm(status === 1 ? t('confirmUpdate') : t('confirmCancel'))) return;
    setBusy(status);
    const done = await act('GH update', () => updateGhUser(id, status, remark.trim()));
    if (!done) setBusy(null);
  }

  return (
    <PageShell title={t('ghDetailTitle')} maxWidth="md">
      <DetailStates load={load} reload={reload}>
        {load.state === 'ready' ? (
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <DetailList
              items={[
                { label: t('orderId'), value: load.link.id, testId: 'order-id' },
                { label: t('amount'), value: formatAmount(load.link.amount, 'INR'), testId: 'amount' },
                { label: t('senderName'), value: load.link.name },
                { label: t('senderUserId'), value: load.link.fromid },
                { label: t('senderMobile'), value: load.link.mobile },
                { label: t('remarks'), value: load.link.remark },
                {
                  label: t('linkStatus'),
                  value: <StatusText status={load.link.sidapprovest} color={statusColor(load.link.sidapprovest)} />,
                  testId: 'link-status',
                },
                { label: t('utrNumber'), value: load.link.utrno, testId: 'utr' },
                { label: t('generateDate'), value: formatDateTime(load.link.ed) },
                { label: t('paidDate'), value: formatDateTime(load.link.pd) },
                ...(load.link.ghRemark ? [{ label: t('cancelRemark'), value: load.link.ghRemark }] : []),
              ]}
            />
            {SETTLED.has(load.link.sidapprovest) ? null : (
              <Stack spacing={2} sx={{ mt: 2 }}>
                <TextField
                  label={t('cancelRemark')}
                  value={remark}
                  onChange={(event) => setRemark(event.target.value)}
                  disabled={busy !== null}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <Button variant="contained" color="success" disabled={busy !== null} onClick={() => void decide(1)}>
                    {busy === 1 ? t('processing') : t('update')}
                  </Button>
                  <Button variant="contained" color="error" disabled={busy !== null} onClick={() => void decide(2)}>
                    {busy === 2 ? t('processing') : t('cancel')}
                  </Button>
                </Stack>
              </Stack>
            )}
          </Paper>
        ) : null}
      </DetailStates>
    </PageShell>
  );
}
