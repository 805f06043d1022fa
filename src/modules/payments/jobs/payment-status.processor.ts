import { OutboxJob } from '../../../platform/jobs/queues';
import { OrderChecks } from '../commands/settle-order/order-checks';
import { GatewayStatus } from '../gateways/gateway';
import { PaymentsConfig } from '../payments.config';
import { OrderRow } from '../rows';

/**
 * A backstop on one order's chain of polls. The order's own expiry ends the open phase (settle expires it
 * at the first poll after its window) and the late-payment watch ends the rest, so at the defaults a chain
 * is about 40 + 145 polls; this only stops a chain that a misconfiguration would keep going.
 */
export const MAX_PAYMENT_POLLS = 5000;

export interface PaymentStatusJob extends OutboxJob {
  poll?: number;
}

export type Reschedule = (data: PaymentStatusJob, delayMs: number, jobId: string) => Promise<void>;

/** The job's pace: `everyMs` while the order is open; `lateEveryMs` after it expired, until `lateWatchMs` past its expiry. */
export interface PollTiming {
  everyMs: number;
  lateEveryMs: number;
  lateWatchMs: number;
}

/** The job's pace from the configuration (open orders, then the late-payment watch after expiry). */
export const pollTimingOf = (
  config: Pick<PaymentsConfig, 'pollEveryMs' | 'latePollEveryMs' | 'lateWatchSeconds'>,
): PollTiming => ({
  everyMs: config.pollEveryMs,
  lateEveryMs: config.latePollEveryMs,
  lateWatchMs: config.lateWatchSeconds * 1000,
});

/** The end of the late-payment watch of an order: its expiry plus the watch. */
export const lateWatchEnd = (order: Pick<OrderRow, 'expires_at'>, timing: PollTiming): number =>
  (order.expires_at ?? new Date(0)).getTime() + timing.lateWatchMs;

/**
 * The `payment-status` job: the server's own check with the gateway, and the fallback to the
 * gateway's callback (UPI has none at all). Started by the relay for each `OrderOpened`; asks the
 * gateway, applies the answer through the same conditional settle as the callback and the member's
 * status check (so running it twice issues nothing twice), and schedules the next poll:
 * - while the order is open, every `everyMs`;
 * - once it has expired, every `lateEveryMs` until `lateWatchMs` after its expiry, so a payment made
 *   after the window is still recorded as late (no e-pins; an admin resolves it);
 * confirmed, late and resolved end it, and so does the end of the late-payment watch.
 */
export async function pollPaymentStatus(
  orders: OrderChecks,
  job: PaymentStatusJob,
  reschedule: Reschedule,
  timing: PollTiming,
  now: () => number = Date.now,
): Promise<string> {
  const clientid = job.streamId.startsWith('payment-order-') ? job.streamId.slice('payment-order-'.length) : '';
  const order = clientid ? await orders.find(clientid) : undefined;
  if (!order) return `no order for ${job.streamId}`;
  if (order.status !== 'open' && order.status !== 'expired') return `final: ${order.status}`;
  if (now() > lateWatchEnd(order, timing)) return `final: ${order.status}; late-payment watch over`;
  const poll = (job.poll ?? 0) + 1;
  const next = { ...job, poll };
  const jobId = `payment-status-${job.position}-${poll}`;
  let status: GatewayStatus;
  try {
    status = await orders.gateway(order.kind).status(clientid, order.gateway_ref ?? '');
  } catch (error) {
    // A gateway outage must not end the watch (BullMQ's retries last minutes): ask again at this phase's pace.
    if (poll >= MAX_PAYMENT_POLLS)
      return `gateway did not answer after ${poll} polls; left to the callback, the member's status check and the admin's re-check`;
    const delay =
      order.status === 'open'
        ? timing.everyMs
        : Math.min(timing.lateEveryMs, Math.max(1, lateWatchEnd(order, timing) - now()));
    await reschedule(next, delay, jobId);
    return `gateway did not answer (${(error as Error).message}); poll ${poll + 1} scheduled`;
  }
  const after = await orders.settle(clientid, status, {
    actor: { kind: 'system', id: 'payment-status-job' },
    correlationId: `payment-status-${job.position}`,
  });
  if ((after === 'open' || after === 'expired') && poll >= MAX_PAYMENT_POLLS)
    return `still ${after} after ${poll} polls; left to the callback, the member's status check and the admin's re-check`;
  if (after === 'open') {
    await reschedule(next, timing.everyMs, jobId);
    return `still open; poll ${poll + 1} scheduled`;
  }
  if (after === 'expired') {
    const left = lateWatchEnd(order, timing) - now();
    if (left <= 0) return 'final: expired; late-payment watch over';
    await reschedule(next, Math.min(timing.lateEveryMs, left), jobId);
    return `expired; watching for a late payment, poll ${poll + 1} scheduled`;
  }
  return `final: ${after}`;
}

/** How often the sweep runs: a safety net under the per-order poll chains, not a second poll. */
export const PAYMENT_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Orders one sweep asks the gateway about at the most; the next sweep takes the rest. */
export const MAX_ORDERS_PER_SWEEP = 500;

/**
 * The `payment-sweep` job (repeatable, every `PAYMENT_SWEEP_EVERY_MS`): Redis is not the source of truth, so
 * an order whose poll chain was lost (a flushed Redis, or an order that expired before the watch
 * existed) is still asked about. One check per watched order and sweep, through the same
 * conditional settle, so it never issues twice; it schedules nothing itself.
 */
export async function sweepPaymentOrders(orders: OrderChecks): Promise<string> {
  const watched = await orders.watched(MAX_ORDERS_PER_SWEEP);
  const after: Record<string, number> = {};
  let unanswered = 0;
  for (const order of watched) {
    try {
      const status = await orders.gateway(order.kind).status(order.clientid, order.gateway_ref ?? '');
      const state = await orders.settle(order.clientid, status, {
        actor: { kind: 'system', id: 'payment-sweep' },
        correlationId: `payment-sweep-${order.clientid}`,
      });
      after[state] = (after[state] ?? 0) + 1;
    } catch {
      unanswered += 1; // a gateway outage: the next sweep asks again
    }
  }
  const summary = Object.entries(after)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  return `${watched.length} watched order(s) checked${summary ? `: ${summary}` : ''}${unanswered ? `; ${unanswered} unanswered` : ''}`;
}
