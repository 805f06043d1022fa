import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** POST /api/ActivateId: ' Activation Successfull', ' Upgrade Successfull' or the reason. */
export async function activateId(input: { touid: string; epin: string }): Promise<string> {
  const response = await apiClient.post<unknown>('/ActivateId', { uid: getSession().userId, ...input });
  return resultText(response.data);
}

/** The server's two success answers (compared trimmed). */
export const ACTIVATION_SUCCESS = { activate: ' Activation Successfull', upgrade: ' Upgrade Successfull' } as const;

/** Which success the answer is, or null for a refusal. */
export function activationSuccess(result: string): keyof typeof ACTIVATION_SUCCESS | null {
  if (result.trim() === ACTIVATION_SUCCESS.activate.trim()) return 'activate';
  if (result.trim() === ACTIVATION_SUCCESS.upgrade.trim()) return 'upgrade';
  return null;
}
