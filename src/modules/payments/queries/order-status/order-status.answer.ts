import { PAY_MSG } from '../../domain/payment.messages';
import { OrderRow } from '../../rows';

/** checkPaymentStatus / updatePaymentStatus's answer. */
export interface StatusAnswer {
  data: { message: string; status_id: number; data: { utr: string } };
}

const answer = (message: string, statusId: number, utr: string): StatusAnswer => ({
  data: { message, status_id: statusId, data: { utr } },
});

/** The contract's status of an order (none: not the caller's, or unknown): 0 pending, 1 received, 2 expired, 3 late. */
export function orderStatusAnswer(order: OrderRow | undefined): StatusAnswer {
  if (!order) return answer(PAY_MSG.unknownOrder, -1, '');
  const ref = order.utr ?? order.txn_hash ?? '';
  switch (order.status) {
    case 'confirmed':
      return answer(PAY_MSG.received, 1, ref);
    case 'expired':
      return answer(PAY_MSG.expired, 2, '');
    case 'late':
    case 'resolved':
      return answer(PAY_MSG.late, 3, ref);
    default:
      return answer(PAY_MSG.pending, 0, '');
  }
}
