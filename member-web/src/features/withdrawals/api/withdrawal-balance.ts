import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** POST /api/userDashboard, read for its `Net_Balance` (the Withdrawal Balance), or null when absent. */
export async function fetchWithdrawalBalance(): Promise<string | null> {
  const response = await apiClient.post<unknown>('/userDashboard', { uid: getSession().userId });
  const body = response.data;
  const row = Array.isArray(body) ? (body[0] as { Net_Balance?: unknown } | undefined) : undefined;
  if (!row || row.Net_Balance === undefined || row.Net_Balance === null) return null;
  return String(row.Net_Balance);
}
