import { apiClient } from '../../../lib/api-client';

export const SPONSOR_NOT_FOUND = 'Sponsor Id doesnot exists !!';

export interface SponsorLookup {
  /** HTTP status: 200 for both found and not found, 400 for a malformed id, 429 when rate limited. */
  status: number;
  result: string;
  name: string;
  top_up: string;
}

/** GET /api/check_sponsorid?uid=… (the look-up runs as the sponsor id is typed). */
export async function checkSponsorId(uid: string): Promise<SponsorLookup> {
  const response = await apiClient.get<Partial<SponsorLookup>>('/check_sponsorid', { params: { uid } });
  const body = response.data ?? {};
  return {
    status: response.status,
    result: typeof body.result === 'string' ? body.result : '',
    name: typeof body.name === 'string' ? body.name : '',
    top_up: typeof body.top_up === 'string' ? body.top_up : '',
  };
}
