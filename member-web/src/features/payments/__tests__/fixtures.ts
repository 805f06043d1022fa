import type { FakeReply, RecordedCall } from '../../../testing/mock-api';

export const BANK_OPTION = {
  id: 'POA1B2C3D4E5',
  Bank_Name: 'State Bank of India',
  type: 'Bank',
  acholdername: 'Sahyog Foundation',
  btcaddress: '30012345678',
  ifsc: 'SBIN0001234',
  Branch: 'Nashik Road',
  imglink: '',
};
export const QR_OPTION = {
  id: 'POQR00000001',
  Bank_Name: 'HDFC Bank',
  type: 'QR',
  acholdername: 'Sahyog Foundation',
  btcaddress: 'sahyog@hdfcbank',
  ifsc: '',
  Branch: '',
  imglink: 'data:image/png;base64,QUJD',
};

/** The server's quote for qty × 299 with a 2.50 % discount from 10 up (as the settings of the e2e double). */
export function quoteFor(qty: number) {
  const amount = 299 * qty;
  const rateBp = qty >= 10 ? 250 : 0;
  const discount = Math.floor(amount * rateBp) / 10000;
  const money = (n: number) => n.toFixed(2);
  return {
    requestpin_amount: money(amount),
    discount_amount: money(discount),
    discount_rate: (rateBp / 100).toFixed(2),
    amount1: money(amount - discount),
  };
}

/** GET /adminBankDetailsByBankid, answering type 1, 9 and 10 like the API. */
export function bankDetails(call: RecordedCall): FakeReply {
  const { type, id } = call.params as { type: string; id?: string };
  if (type === '1') return { data: [BANK_OPTION, QR_OPTION] };
  if (type === '9') return { data: [[BANK_OPTION, QR_OPTION].filter((o) => o.id === id)] };
  return { data: [[quoteFor(Number(id))]] };
}

export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
