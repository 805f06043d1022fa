import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** Spec §7/§8: the withdrawal was requested. */
export const WITHDRAWAL_DONE = 'Done';

/** POST /api/Withdrawal `{uid, Request_amount}`: 'Done' or the reason as text. */
export async function requestWithdrawal(amountRupees: string): Promise<string> {
  const response = await apiClient.post<unknown>('/Withdrawal', {
    uid: getSession().userId,
    Request_amount: amountRupees,
  });
  return resultText(response.data);
}
