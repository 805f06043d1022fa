import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** Spec §4/§8: the sender's UTR was recorded. */
export const PH_PAID_TEXT = 'Payment Paid Successfully.';

/** POST /api/UpdatePhUser: the sender quotes the UTR of their payment; the server's text comes back. */
export async function updatePhUser(rowid: string, utrno: string): Promise<string> {
  const response = await apiClient.post<unknown>('/UpdatePhUser', { uid: getSession().userId, rowid, utrno });
  return resultText(response.data);
}
