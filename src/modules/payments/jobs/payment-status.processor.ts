import { OutboxJob } from '../../../platform/jobs/queues';
import { PaymentOrdersService } from '../payment-orders.service';

/** At most this many polls per order (at the default 30 s, twice the 1200 s window); the order's own expiry ends polling sooner. */
export const MAX_PAYMENT_POLLS = 80;

export interface PaymentStatusJob extends OutboxJob {
  poll?: number;
}

export type Reschedule = (data: PaymentStatusJob, delayMs: number, jobId: string) => Promise<void>;

/**
 * The `payment-status` job: the fallback to the gateway's callback. Started by the relay for each
 * `OrderOpened`; asks the gateway, applies the answer through the same conditional settle as the
 * callback and the member's status check (so running it twice issues nothing twice), and schedules
 * the next poll while the order is still open. Expired, confirmed, late and resolved are final here.
 */
export async function pollPaymentStatus(orders: PaymentOrdersService, job: PaymentStatusJob, reschedule: Reschedule, everyMs: number): Promise<string> {
  const clientid = job.streamId.startsWith('payment-order-') ? job.streamId.slice('payment-order-'.length) : '';
  const order = clientid ? await orders.find(clientid) : undefined;
  if (!order) return `no order for ${job.streamId}`;
  if (order.status !== 'open') return `final: ${order.status}`;
  const status = await orders.gateway(order.kind).status(clientid, order.gateway_ref ?? '');
  const after = await orders.settle(clientid, status, { actor: { kind: 'system', id: 'payment-status-job' }, correlationId: `payment-status-${job.position}` });
  if (after !== 'open') return `final: ${after}`;
  const poll = (job.poll ?? 0) + 1;
  if (poll >= MAX_PAYMENT_POLLS) return `still open after ${poll} polls; left to the callback and the member's status check`;
  await reschedule({ ...job, poll }, everyMs, `payment-status-${job.position}-${poll}`);
  return `still open; poll ${poll + 1} scheduled`;
}
