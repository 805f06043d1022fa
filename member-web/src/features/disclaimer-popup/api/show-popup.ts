import { apiClient } from '../../../lib/api-client';

/** POST /api/showpopup: records the member's agreement (isagree becomes "1"). */
export async function recordDisclaimerAgreement(uid: string): Promise<void> {
  await apiClient.post('/showpopup', { uid });
}
