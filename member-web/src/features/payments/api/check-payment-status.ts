import { apiClient, resultText } from '../../../lib/api-client';
import { text } from '../../../lib/use-rows';

/** Spec §9: the QR page asks for the payment status every 3 s. */
export const STATUS_POLL_MS = 3000;
/** The gateway's words for a paid order (with status_id 1). */
const PAYMENT_RECEIVED = 'Response Received';

/**
 * POST /checkPaymentStatus: the server asks the gateway itself (architecture §6).
 * status_id 1 with 'Response Received' = paid; 2 expired; 3 paid after the window (admin review);
 * -1 unknown order; 0 still waiting.
 */
export interface PaymentStatus {
  message: string;
  statusId: number;
  utr: string;
}

export async function checkPaymentStatus(clientid: string): Promise<PaymentStatus> {
  const response = await apiClient.post<unknown>('/checkPaymentStatus', { clientid });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Record<string, unknown>;
  const inner = (typeof data.data === 'object' && data.data !== null ? data.data : {}) as Record<string, unknown>;
  const statusId = typeof data.status_id === 'number' ? data.status_id : Number(data.status_id ?? 0);
  return {
    message: typeof data.message === 'string' ? data.message : resultText(body),
    statusId: Number.isFinite(statusId) ? statusId : 0,
    utr: text(inner, 'utr'),
  };
}

export function isPaid(status: PaymentStatus): boolean {
  return status.message === PAYMENT_RECEIVED && status.statusId === 1;
}

/** Final without success: expired (2), paid late (3, an admin reviews it) or an unknown order (-1). */
export function isFinalFailure(status: PaymentStatus): boolean {
  return status.statusId === 2 || status.statusId === 3 || status.statusId === -1;
}
