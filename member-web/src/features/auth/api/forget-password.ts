import { apiClient } from '../../../lib/api-client';

export const FORGET_PASSWORD_SUCCESS = 'Password sent to Email Id';

/** POST /api/ForgetPassword: the answer is a bare JSON string. */
export async function forgetPassword(uid: string): Promise<string> {
  const response = await apiClient.post<unknown>('/ForgetPassword', { uid });
  return typeof response.data === 'string' ? response.data : '';
}
