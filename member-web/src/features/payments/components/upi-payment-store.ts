import { DEFAULT_BANKING_NAME, isLocalQrImage, type UpiPayment } from '../api/deposit-upi';
import { PAYMENT_WINDOW_SECONDS } from '../api/deposit-crypto';

/** Session storage key of the UPI payment in progress (the spec stores QR image, amount and clientid there). */
export const UPI_PAYMENT_KEY = 'upiPayment';

export function storeUpiPayment(payment: UpiPayment): void {
  window.sessionStorage.setItem(UPI_PAYMENT_KEY, JSON.stringify(payment));
}

export function readUpiPayment(): UpiPayment | null {
  try {
    const raw = window.sessionStorage.getItem(UPI_PAYMENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<UpiPayment>;
    const payment: UpiPayment = {
      qrCodeImage: typeof parsed.qrCodeImage === 'string' ? parsed.qrCodeImage : '',
      amount: typeof parsed.amount === 'string' ? parsed.amount : '',
      clientid: typeof parsed.clientid === 'string' ? parsed.clientid : '',
      bankingName:
        typeof parsed.bankingName === 'string' && parsed.bankingName !== '' ? parsed.bankingName : DEFAULT_BANKING_NAME,
      payeeUpiId: typeof parsed.payeeUpiId === 'string' ? parsed.payeeUpiId : '',
      // A payment stored before deadlines were kept: the spec's window from now.
      deadline:
        typeof parsed.deadline === 'number' && Number.isFinite(parsed.deadline)
          ? parsed.deadline
          : Date.now() + PAYMENT_WINDOW_SECONDS * 1000,
    };
    return isLocalQrImage(payment.qrCodeImage) && payment.clientid !== '' ? payment : null;
  } catch {
    return null;
  }
}

export function clearUpiPayment(): void {
  window.sessionStorage.removeItem(UPI_PAYMENT_KEY);
}
