import { useState } from 'react';
import PaidIcon from '@mui/icons-material/Paid';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import { Button, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { DoubleOrderAnswer, SahyogDataProvider } from '../dataProvider';
import { errorMessage } from '../RemarkDialog';
import { canDecidePayments } from '../roles';

type DoubleAction = 'mark-paid' | 'expire';

/**
 * One of the double's two controls on a row. "Mark paid" pays the order (inside its window it
 * finishes; after it, the payment is recorded as late); "Expire" ends a waiting order's window now.
 * For USDT the double then sends its signed IPN to the API; a UPI order is seen on the next status check.
 */
const DoubleActionButton = ({ action }: { action: DoubleAction }) => {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [busy, setBusy] = useState(false);
  if (!record || !canDecidePayments(permissions)) return null;
  const id = String(record.id);
  // Paying twice changes nothing and an ended window cannot end again: offer only what still changes the order.
  const enabled = action === 'expire' ? record.status === 'waiting' : record.status === 'waiting' || (record.status === 'expired' && !record.late_paid_at);

  const run = async () => {
    setBusy(true);
    try {
      const answer: DoubleOrderAnswer =
        action === 'mark-paid' ? await dataProvider.markDoubleOrderPaid(id) : await dataProvider.expireDoubleOrder(id);
      notify(`resources.payment-double.actions.${action === 'mark-paid' ? 'marked_paid' : 'expired'}`, {
        type: 'success',
        messageArgs: { id, status: answer?.status ?? '', callback: answer?.callback ?? '—' },
      });
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label={`resources.payment-double.actions.${action === 'mark-paid' ? 'mark_paid' : 'expire'}`}
      color={action === 'expire' ? 'warning' : 'success'}
      onClick={(event) => {
        event.stopPropagation();
        void run();
      }}
      disabled={busy || !enabled}
    >
      {action === 'mark-paid' ? <PaidIcon /> : <TimerOffIcon />}
    </Button>
  );
};

export const MarkPaidButton = () => <DoubleActionButton action="mark-paid" />;
export const ExpireButton = () => <DoubleActionButton action="expire" />;
