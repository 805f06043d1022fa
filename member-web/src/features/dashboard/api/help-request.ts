import { apiClient, resultText } from '../../../lib/api-client';
import type { EpinType } from '../../../lib/epin-type';
export type HelpRequestType = 'Activate' | 'Upgrade';

/** POST /api/GHRequesttoAdmin: 'Successfull' or the reason as text. */
export async function requestHelp(input: { uid: string; epin: EpinType; type: HelpRequestType }): Promise<string> {
  const response = await apiClient.post<unknown>('/GHRequesttoAdmin', {
    sid: input.uid,
    referby: input.uid,
    epin: input.epin,
    type: input.type,
  });
  return resultText(response.data);
}
