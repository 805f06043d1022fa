import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

/** Spec §4/§8: the receiver confirmed the payment (status 1). */
export const GH_RECEIVED_TEXT = 'Payment Received Successfully.';

/** 1 = confirm received, 2 = cancel (with a remark). */
export type GhDecision = 1 | 2;

export interface GhUpdateAnswer {
  ok: boolean;
  message: string;
}

/**
 * POST /api/UpdateGhUser. Confirming succeeds only with the spec's 'Payment Received Successfully.'.
 * The spec names no success text for a cancel: a 200 answer whose text says "success" is taken as
 * done (docs/decisions/0017); any other text is the reason.
 */
export async function updateGhUser(rowid: string, status: GhDecision, remark: string): Promise<GhUpdateAnswer> {
  const response = await apiClient.post<unknown>('/UpdateGhUser', { uid: getSession().userId, rowid, status, remark });
  const message = resultText(response.data);
  const ok = status === 1 ? message === GH_RECEIVED_TEXT : response.status === 200 && /success/i.test(message);
  return { ok, message };
}
