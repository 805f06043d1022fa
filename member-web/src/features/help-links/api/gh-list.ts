import { apiClient } from '../../../lib/api-client';
import { parseInstant } from '../../../lib/server-clock';
import { getSession } from '../../../lib/session';
import { rowsOf } from '../../../lib/use-rows';
import { toHelpLink, type LinkList } from './types';

/** POST /api/GhList: the dashboard's GH LOGS (links paying the caller that are not settled). */
export async function fetchGhList(): Promise<LinkList> {
  const response = await apiClient.post<unknown>('/GhList', { uid: getSession().userId });
  return { rows: rowsOf(response.data).map(toHelpLink), serverDate: parseInstant(response.headers.date) };
}
