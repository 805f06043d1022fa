import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

export interface WithdrawalLimits {
  /** The Withdrawal Balance (`Net_Balance`), rupees as the server writes them. */
  rupees: string;
  /** The smallest withdrawal the settings allow (`Withdrawal_Min`, whole rupees), or null when not sent. */
  minimumRupees: string | null;
}

/** POST /api/userDashboard, read for `Net_Balance` and `Withdrawal_Min`, or null when the balance is absent. */
export async function fetchWithdrawalBalance(): Promise<WithdrawalLimits | null> {
  const response = await apiClient.post<unknown>('/userDashboard', { uid: getSession().userId });
  const body = response.data;
  const row = Array.isArray(body)
    ? (body[0] as { Net_Balance?: unknown; Withdrawal_Min?: unknown } | undefined)
    : undefined;
  if (!row || row.Net_Balance === undefined || row.Net_Balance === null) return null;
  const minimum = row.Withdrawal_Min;
  return {
    rupees: String(row.Net_Balance),
    minimumRupees: typeof minimum === 'string' || typeof minimum === 'number' ? String(minimum) : null,
  };
}
