import { apiClient, resultText } from '../../../lib/api-client';
import type { EpinType } from '../../../lib/epin-type';
import { getSession } from '../../../lib/session';

/** POST /api/EpinTransfer: 'Success' or the reason, as text. */
export async function transferEpins(input: { qty: string; touid: string; epintype: EpinType }): Promise<string> {
  const response = await apiClient.post<unknown>('/EpinTransfer', { uid: getSession().userId, ...input });
  return resultText(response.data);
}
