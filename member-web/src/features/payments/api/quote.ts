import { apiClient, resultText } from '../../../lib/api-client';
import type { EpinType } from '../../../lib/epin-type';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

export interface Quote {
  /** Req. Amount (rupees text). */
  amount: string;
  discountRate: string;
  discountAmount: string;
  /** Net Amount (INR). */
  net: string;
}

export type QuoteAnswer = { ok: true; quote: Quote } | { ok: false; message: string };

/** GET …?type=10&id=<qty>&amount=<epin type>: the server's price `[[{requestpin_amount, discount_amount, discount_rate, amount1}]]`. */
export async function fetchQuote(qty: string, epintype: EpinType): Promise<QuoteAnswer> {
  const response = await apiClient.get<unknown>('/adminBankDetailsByBankid', {
    params: { uid: getSession().userId, type: '10', id: qty, amount: epintype },
  });
  const [row] = rowsOf(response.data);
  if (response.status !== 200 || !row) return { ok: false, message: resultText(response.data) };
  return {
    ok: true,
    quote: {
      amount: text(row, 'requestpin_amount'),
      discountRate: text(row, 'discount_rate'),
      discountAmount: text(row, 'discount_amount'),
      net: text(row, 'amount1'),
    },
  };
}
