import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/**
 * POST /genarateOrderIdNPayTRC (USDT) and POST /genarateOrderIdPayatupi (UPI): the two order
 * endpoints answer alike, so they share this file and its answer type.
 */
const ORDER_SUCCESS = 'success';

export type OrderAnswer = { ok: true; clientid: string } | { ok: false; message: string };

async function generateOrder(path: string, amount: string): Promise<OrderAnswer> {
  const response = await apiClient.post<unknown>(path, { username: getSession().userId, amount });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const result = resultText(body);
  const clientid = typeof body.clientid === 'string' ? body.clientid : '';
  // A refusal carries the server's words ('' when it sent none: the screen says the request failed).
  return result === ORDER_SUCCESS && clientid !== '' ? { ok: true, clientid } : { ok: false, message: result };
}

/** POST /genarateOrderIdNPayTRC (USDT) — the amount is a hint; the server prices the order. */
export const generateCryptoOrder = (usdt: string) => generateOrder('/genarateOrderIdNPayTRC', usdt);
/** POST /genarateOrderIdPayatupi (UPI, INR). */
export const generateUpiOrder = (inr: string) => generateOrder('/genarateOrderIdPayatupi', inr);
