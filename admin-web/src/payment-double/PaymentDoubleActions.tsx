import PaidIcon from '@mui/icons-material/Paid';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import { Button, useDataProvider, usePermissions, useRecordContext } from 'react-admin';
import type { DoubleOrderAnswer, SahyogDataProvider } from '../dataProvider';
import { useAdminAction } from '../useAdminAction';
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
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const { busy, run, notify } = useAdminAction();
  if (!record || !canDecidePayments(permissions)) return null;
  const id = String(record.id);
  // Paying twice changes nothing and an ended window cannot end again: offer only what still changes the order.
  const enabled =
    action === 'expire'
      ? record.status === 'waiting'
      : record.status === 'waiting' || (record.status === 'expired' && !record.late_paid_at);

  const act = () =>
    run(async () => {
      const answer: DoubleOrderAnswer =
        action === 'mark-paid' ? await dataProvider.markDoubleOrderPaid(id) : await dataProvider.expireDoubleOrder(id);
      notify(`resources.payment-double.actions.${action === 'mark-paid' ? 'marked_paid' : 'expired'}`, {
        type: 'success',
        messageArgs: { id, status: answer?.status ?? '', callback: answer?.callback ?? '—' },
      });
    });

  return (
    <Button
      label={`resources.payment-double.actions.${action === 'mark-paid' ? 'mark_paid' : 'expire'}`}
      color={action === 'expire' ? 'warning' : 'success'}
      onClick={(event) => {
        event.stopPropagation();
        void act();
      }}
      disabled={busy || !enabled}
    >
      {action === 'mark-paid' ? <PaidIcon /> : <TimerOffIcon />}
    </Button>
  );
};

export const MarkPaidButton = () => <DoubleActionButton action="mark-paid" />;
export const ExpireButton = () => <DoubleActionButton action="expire" />;
