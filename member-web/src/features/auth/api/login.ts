import { apiClient } from '../../../lib/api-client';

export interface LoginAnswer {
  result: string;
  resultid: string;
  resultusername: string;
  token: string;
}

export const LOGIN_SUCCESS = 'Successfull';

/** POST /api/login. The client sends no IP (the server records the connection's own). */
export async function login(uid: string, password: string): Promise<LoginAnswer> {
  const response = await apiClient.post<Partial<LoginAnswer>>('/login', { uid, password, ipaddress: '' });
  return toLoginAnswer(response.data);
}

export function toLoginAnswer(body: Partial<LoginAnswer> | null | undefined): LoginAnswer {
  return {
    result: typeof body?.result === 'string' ? body.result : '',
    resultid: typeof body?.resultid === 'string' ? body.resultid : String(body?.resultid ?? ''),
    resultusername: typeof body?.resultusername === 'string' ? body.resultusername : '',
    token: typeof body?.token === 'string' ? body.token : '',
  };
}
