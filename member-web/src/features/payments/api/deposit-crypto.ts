import { parseInstant } from '../../../lib/server-clock';
import { apiClient, resultText } from '../../../lib/api-client';
import type { EpinType } from '../../../lib/epin-type';
import { getSession } from '../../../lib/session';
import { text } from '../../../lib/use-rows';

/** Spec §9: the payable window of a gateway order. */
export const PAYMENT_WINDOW_SECONDS = 1200;

export interface DepositInput {
  amount: string;
  epin_type: EpinType;
  epin_qty: string;
  clientid: string;
}

export interface CryptoDeposit {
  address: string;
  /** USDT to pay, as the server priced it (falls back to the form's figure). */
  amount: string;
  clientid: string;
  /** The server's deadline for paying (epoch ms, from `expiresAt`), or null when absent or unreadable. */
  expiresAt: number | null;
  /**
   * The server's clock when it answered, from the HTTP `Date` header (epoch ms, whole seconds), or
   * null when absent or unreadable: the time left is counted on the server's clock (`serverNowAt`),
   * so a member whose own clock is wrong still sees the window the server gives.
   */
  serverDate: number | null;
}

// The server's clock as the answer's `Date` tells it: shared with the help links' countdowns.
export { CLOCK_AGREEMENT_MS, parseInstant, serverNowAt } from '../../../lib/server-clock';

/**
 * Milliseconds left to pay at `now`, counted to the server's deadline but never more than the 20-minute
 * window nor less than 0. `now` is the server's clock as far as known (`serverNowAt`; without a `Date`
 * the device's, and then a clock that is behind cannot show more than 20:00). Without a deadline: the
 * full window from now.
 */
export function paymentMsLeft(expiresAt: number | null, now: number): number {
  const windowMs = PAYMENT_WINDOW_SECONDS * 1000;
  if (expiresAt === null) return windowMs;
  return Math.min(windowMs, Math.max(0, expiresAt - now));
}

/** POST /depositByNowPayTRC: `{success, data: address | message, amount, clientid, expiresAt}`. */
export async function depositCrypto(
  input: DepositInput,
): Promise<{ ok: true; deposit: CryptoDeposit } | { ok: false; message: string }> {
  const response = await apiClient.post<unknown>('/depositByNowPayTRC', { username: getSession().userId, ...input });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const data = typeof body.data === 'string' ? body.data : '';
  if (body.success !== true || data === '') return { ok: false, message: data || resultText(body) };
  return {
    ok: true,
    deposit: {
      address: data,
      amount: text(body, 'amount') || input.amount,
      clientid: text(body, 'clientid') || input.clientid,
      expiresAt: parseInstant(body.expiresAt),
      serverDate: parseInstant(response.headers.date),
    },
  };
}
