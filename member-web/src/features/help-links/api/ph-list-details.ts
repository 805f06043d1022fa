import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf } from '../../../lib/use-rows';
import { toHelpLink, type HelpLink } from './types';

/** POST /api/PhListDetails: one PH link of the caller (`data[0][0]`), or null when it is not theirs or unknown. */
export async function fetchPhListDetails(rowid: string): Promise<HelpLink | null> {
  const response = await apiClient.post<unknown>('/PhListDetails', { uid: getSession().userId, rowid });
  const [row] = rowsOf(response.data);
  return row ? toHelpLink(row) : null;
}
