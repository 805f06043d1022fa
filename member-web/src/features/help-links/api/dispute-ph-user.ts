import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** The backend's answer when the sender's dispute is recorded (docs/decisions/0018). */
export const PH_DISPUTED_TEXT = 'Dispute Raised Successfully.';

/**
 * POST /api/DisputePhUser `{uid, rowid, remark}`: the sender of a Paid link that the receiver
 * cancelled disputes the cancel, with a remark, within the dispute window; the server's text comes back.
 */
export async function disputePhUser(rowid: string, remark: string): Promise<string> {
  const response = await apiClient.post<unknown>('/DisputePhUser', { uid: getSession().userId, rowid, remark });
  return resultText(response.data);
}
