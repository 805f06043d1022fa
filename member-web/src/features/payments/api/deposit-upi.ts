import { apiClient, resultText } from '../../../lib/api-client';
import { parseInstant, paymentMsLeft, serverNowAt } from './deposit-crypto';
import { getSession } from '../../../lib/session';
import { text } from '../../../lib/use-rows';
import type { DepositInput } from './deposit-crypto';

const DEPOSIT_SUCCESS = 'Success';

export interface UpiPayment {
  qrCodeImage: string;
  /** Rupees to pay, as the server priced it. */
  amount: string;
  clientid: string;
  /** Payee name of the UPI link (the "banking name"). */
  bankingName: string;
  /** The payee's UPI ID (`pa` of the server's upi://pay link), for "Pay with a UPI app" and Copy. */
  payeeUpiId: string;
  /** When paying ends, on this device's clock (epoch ms; the server's deadline, at most 20 minutes away). */
  deadline: number;
}

/** Only a locally generated image is shown: a PNG data URL (the server draws the QR itself). */
export function isLocalQrImage(value: string): boolean {
  return /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(value);
}

export const DEFAULT_BANKING_NAME = 'Sahyog Foundation';

function payeeOf(upiUrl: string): string {
  const query = upiUrl.split('?')[1] ?? '';
  return new URLSearchParams(query).get('pa') ?? '';
}

function payeeName(upiUrl: string): string {
  const query = upiUrl.split('?')[1] ?? '';
  return new URLSearchParams(query).get('pn') ?? '';
}

/** POST /depositByPayatupi: `{data: {message: 'Success', upiUrl}, qrCodeImage, amount, clientid}` or `{data: {message}}`. */
export async function depositUpi(
  input: DepositInput,
): Promise<{ ok: true; payment: UpiPayment } | { ok: false; message: string }> {
  const response = await apiClient.post<unknown>('/depositByPayatupi', { username: getSession().userId, ...input });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as Record<string, unknown>;
  const message = typeof data.message === 'string' ? data.message : resultText(body);
  const qrCodeImage = text(body, 'qrCodeImage');
  if (message !== DEPOSIT_SUCCESS || !isLocalQrImage(qrCodeImage))
    return { ok: false, message: message !== DEPOSIT_SUCCESS ? message : '' };
  return {
    ok: true,
    payment: {
      qrCodeImage,
      amount: text(body, 'amount') || input.amount,
      clientid: text(body, 'clientid') || input.clientid,
      bankingName: payeeName(text(data, 'upiUrl')) || DEFAULT_BANKING_NAME,
      payeeUpiId: payeeOf(text(data, 'upiUrl')),
      deadline:
        Date.now() +
        paymentMsLeft(parseInstant(body.expiresAt), serverNowAt(Date.now(), parseInstant(response.headers.date))),
    },
  };
}
