import { apiClient } from '../../../lib/api-client';
import { parseInstant } from '../../../lib/server-clock';
import { getSession } from '../../../lib/session';
import { rowsOf } from '../../../lib/use-rows';
import { toHelpLink, type LinkList, type ListType } from './types';

/** POST /api/PhListAll: the caller's PH links of one kind (1 pending, 2 received, 3 cancelled). */
export async function fetchPhListAll(type: ListType): Promise<LinkList> {
  const response = await apiClient.post<unknown>('/PhListAll', { uid: getSession().userId, type });
  return { rows: rowsOf(response.data).map(toHelpLink), serverDate: parseInstant(response.headers.date) };
}
