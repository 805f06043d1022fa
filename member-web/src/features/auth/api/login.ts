/**
 * The HTTP client (axios, ≈ 22 KiB gzip) is not in /login's first load (decision 0030): it is fetched
 * once the page is running (`preloadLoginClient`, from the page's first effect) or at the first submit.
 */
const client = () => import('../../../lib/api-client').then((m) => m.apiClient);

export function preloadLoginClient(): void {
  client().catch((error: unknown) => console.error('could not load the HTTP client', error));
}

export interface LoginAnswer {
  result: string;
  resultid: string;
  resultusername: string;
  token: string;
}

export const LOGIN_SUCCESS = 'Successfull';

/** POST /api/login. The client sends no IP (the server records the connection's own). */
export async function login(uid: string, password: string): Promise<LoginAnswer> {
  const apiClient = await client();
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
