import { API_URL, httpClient } from '../dataProvider';

/** GET /admin-api/auth/totp: whether the signed-in admin's factor is on, and whether it must enrol. */
export interface TotpStatus {
  enabled: boolean;
  enrolmentRequired: boolean;
}

/** POST /admin-api/auth/totp/setup: a new secret, inactive until a code confirms it. */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

const post = async <T>(path: string, body: object = {}): Promise<T> =>
  (await httpClient(`${API_URL}${path}`, { method: 'POST', body: JSON.stringify(body) })).json as T;

export const totpApi = {
  status: async (): Promise<TotpStatus> => (await httpClient(`${API_URL}/auth/totp`)).json as TotpStatus,
  setUp: () => post<TotpSetup>('/auth/totp/setup'),
  enable: (code: string) => post<{ enabled: true; recoveryCodes: string[] }>('/auth/totp/enable', { code }),
  disable: (code: string) => post<{ enabled: false }>('/auth/totp/disable', { code }),
  /** A superadmin resets another admin's factor. */
  reset: (username: string) =>
    post<{ id: string; totpEnabled: false }>(`/admin-users/${encodeURIComponent(username)}/reset-totp`),
};
