import { apiClient, resultText } from '../../../lib/api-client';
import type { EpinType } from '../../../lib/epin-type';
import { getSession } from '../../../lib/session';

/** The server's success answer of POST /FundRequestBank. */
export const BANK_REQUEST_SUCCESS = 'success';

export interface BankRequestInput {
  utrno: string;
  amount: string;
  bankid: string;
  qty: string;
  epintype: EpinType;
}

/** POST /FundRequestBank: 'success' or the reason, as text. */
export async function submitBankRequest(input: BankRequestInput): Promise<string> {
  const response = await apiClient.post<unknown>('/FundRequestBank', {
    uid: getSession().userId,
    usertype: '',
    ...input,
  });
  return resultText(response.data);
}
