import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** GET /adminBankDetailsByBankid (types 1 and 9): the admin's bank/QR payment options. */
export interface PaymentOption {
  id: string;
  bankName: string;
  /** 'Bank' or 'QR'. */
  type: string;
  holder: string;
  /** Account number (Bank) or UPI id (QR). */
  address: string;
  ifsc: string;
  branch: string;
  imglink: string;
}

function toOption(r: Record<string, unknown>): PaymentOption {
  return {
    id: text(r, 'id'),
    bankName: text(r, 'Bank_Name'),
    type: text(r, 'type'),
    holder: text(r, 'acholdername'),
    address: text(r, 'btcaddress'),
    ifsc: text(r, 'ifsc'),
    branch: text(r, 'Branch'),
    imglink: text(r, 'imglink'),
  };
}

/** GET /adminBankDetailsByBankid?type=1: the enabled options (a flat list). */
export async function fetchPaymentOptions(): Promise<PaymentOption[]> {
  const response = await apiClient.get<unknown>('/adminBankDetailsByBankid', {
    params: { uid: getSession().userId, type: '1' },
  });
  return rowsOf(response.data).map(toOption);
}

/** GET …?type=9&id=: one option (`[[row]]`), or null when unknown/disabled. */
export async function fetchPaymentOption(id: string): Promise<PaymentOption | null> {
  const response = await apiClient.get<unknown>('/adminBankDetailsByBankid', {
    params: { uid: getSession().userId, type: '9', id },
  });
  const [row] = rowsOf(response.data);
  return row ? toOption(row) : null;
}
