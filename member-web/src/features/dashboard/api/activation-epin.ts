import { apiClient } from '../../../lib/api-client';

/** GET /api/getEpinData?uid=: the caller's oldest unused e-pin, or null when there is none. */
export async function fetchFirstEpin(uid: string): Promise<{ epin: string; epintype: string } | null> {
  const response = await apiClient.get<unknown>('/getEpinData', { params: { uid } });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as {
    result?: { result?: unknown; epintype?: unknown };
    data?: unknown;
  };
  if (body.result?.result !== 'Successfull') return null;
  const first =
    Array.isArray(body.data) && Array.isArray(body.data[0])
      ? (body.data[0][0] as { epin?: unknown } | undefined)
      : undefined;
  const epin = typeof first?.epin === 'string' ? first.epin : '';
  if (epin === '') return null;
  return { epin, epintype: typeof body.result.epintype === 'string' ? body.result.epintype : '' };
}
