import { apiClient, resultText } from '../../../lib/api-client';
import { getSession, signIn } from '../../../lib/session';

/** Spec §3 "User information", plus Sahyog's locks (the settings screens disable locked inputs). */
export interface UserInformation {
  uid: string;
  f_name: string;
  email: string;
  mobile: string;
  countryid: number | string;
  country_name: string;
  statename: string;
  districtname: string;
  cityname: string;
  pincode: string;
  nominee_name: string;
  nominee_relation: string;
  accountaddress: string;
  accountnumber: string;
  holder: string;
  ifsc: string;
  bank_name: string;
  branch: string;
  PAN: string;
  AAdhar: string;
  GPay: string;
  bank_locked: boolean;
  wallet_locked: boolean;
}

/** Spec §8's success texts of UpdateProfile. */
export const PROFILE_DONE = 'Profile Update Successfully';
export const PASSWORD_DONE = 'Changes Password Update Successfully';
export const WALLET_DONE = 'Wallet Address Update Successfully';
export const BANK_DONE = 'Bank Details Updated Successfully';

/** POST /api/UserInformation `{uid}` → data[0], or null when the answer has none. */
export async function fetchUserInformation(): Promise<UserInformation | null> {
  const response = await apiClient.post<unknown>('/UserInformation', { uid: getSession().userId });
  const body = response.data;
  const row = Array.isArray(body) ? (body[0] as UserInformation | undefined) : undefined;
  return row && typeof row === 'object' ? row : null;
}

export interface Region {
  id: string;
  name: string;
}

/** POST /api/getregion `{uid, regiontype, regionid}` → data[0]: the states of India, or a state's districts. */
export async function fetchRegions(regiontype: 'State' | 'District', regionid = ''): Promise<Region[]> {
  const response = await apiClient.post<unknown>('/getregion', { uid: getSession().userId, regiontype, regionid });
  const body = response.data;
  const list = Array.isArray(body) && Array.isArray(body[0]) ? (body[0] as Region[]) : [];
  return list.filter((r) => r && typeof r.name === 'string');
}

/** GET /api/ifsc/{code} (Sahyog's look-up through the server): bank name and branch, or null (the form clears them). */
export async function lookupIfsc(code: string): Promise<{ bank: string; branch: string } | null> {
  const response = await apiClient.get<unknown>(`/ifsc/${encodeURIComponent(code)}`);
  const body = response.data as { BANK?: unknown; BRANCH?: unknown } | null;
  if (response.status !== 200 || !body || typeof body.BANK !== 'string') return null;
  return { bank: body.BANK, branch: typeof body.BRANCH === 'string' ? body.BRANCH : '' };
}

/**
 * POST /api/UpdateProfile with `type` and the spec's fields: the answer's text (`Result`) and code. A
 * password change answers a token of the new credential version: the session carries on with it
 * (older sessions end).
 */
export async function updateProfile(
  type: string,
  fields: Record<string, string>,
): Promise<{ text: string; code: string }> {
  const session = getSession();
  const response = await apiClient.post<unknown>('/UpdateProfile', { type, uid: session.userId, ...fields });
  const body = response.data as { Result?: unknown; token?: unknown; code?: unknown } | null;
  if (body && typeof body.token === 'string' && body.token)
    signIn({
      userId: session.userId,
      username: session.username,
      jwtToken: body.token,
      ipAddress: session.ipAddress,
      impersonated: session.impersonated,
    });
  const text = body && typeof body.Result === 'string' ? body.Result : resultText(body);
  return { text, code: body && typeof body.code === 'string' ? body.code : '' };
}

/** The code of UpdateProfile's answer after too many wrong current passwords (decision 0029). */
export const CHECKS_LOCKED = 'CREDENTIAL.CHECKS_LOCKED';
