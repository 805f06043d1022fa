import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/showpopup: records the member's agreement to the disclaimer (isagree becomes "1"), so
 * the dashboard does not ask again with its popup (issue 20 §9: the disclaimer once).
 */
export async function acceptDisclaimer(uid: string): Promise<void> {
  await apiClient.post('/showpopup', { uid });
}
