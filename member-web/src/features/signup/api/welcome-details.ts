import { apiClient } from '../../../lib/api-client';
import { welcomeTokenFor } from './welcome-token';

export interface WelcomeDetails {
  f_name: string;
  uid: string;
  email: string;
  mobile: string;
}

/**
 * GET /api/WelcomeDetails?uid=…: `{ data: [row] }`, or `{ data: [] }` for an unknown id. The browser
 * that registered `uid` sends its welcome token (a header, never the URL) and gets email and mobile
 * in full; any other gets them masked.
 */
export async function fetchWelcomeDetails(uid: string): Promise<WelcomeDetails | null> {
  const token = welcomeTokenFor(uid);
  const response = await apiClient.get<{ data?: unknown }>('/WelcomeDetails', {
    params: { uid },
    ...(token ? { headers: { 'X-Welcome-Token': token } } : {}),
  });
  const rows = Array.isArray(response.data?.data) ? (response.data.data as unknown[]) : [];
  const row = rows[0];
  if (typeof row !== 'object' || row === null) return null;
  const r = row as Record<string, unknown>;
  return {
    f_name: String(r.f_name ?? ''),
    uid: String(r.uid ?? ''),
    email: String(r.email ?? ''),
    mobile: String(r.mobile ?? ''),
  };
}
