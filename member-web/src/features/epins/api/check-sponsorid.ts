import { apiClient } from '../../../lib/api-client';

export const USER_NOT_FOUND = 'Sponsor Id doesnot exists !!';

export interface UserLookup {
  status: number;
  found: boolean;
  result: string;
  name: string;
}

/** GET /api/check_sponsorid?uid=… — the member look-up used by transfer and activation. */
export async function lookUpUser(uid: string): Promise<UserLookup> {
  const response = await apiClient.get<unknown>('/check_sponsorid', { params: { uid } });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const result = typeof body.result === 'string' ? body.result : '';
  const name = typeof body.name === 'string' ? body.name : '';
  return {
    status: response.status,
    found: response.status === 200 && result !== USER_NOT_FOUND && name !== '',
    result,
    name,
  };
}
