import { apiClient, resultText } from '../../../lib/api-client';

export const RESET_PASSWORD_SUCCESS = 'Password Reset Successfully';

/** POST /api/ResetPassword with the token from the mailed link. */
export async function resetPassword(token: string, password: string): Promise<string> {
  const response = await apiClient.post<unknown>('/ResetPassword', { token, password });
  return resultText(response.data);
}
