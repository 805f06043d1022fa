import { apiClient } from '../../../lib/api-client';
import { parseInstant } from '../../../lib/server-clock';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';
import { toHelpLink, type LinkList } from './types';

export interface PhLogs extends LinkList {
  /** The first row's `ed` (end date) and `sd` (start date), as the spec reads them; '' when absent. */
  ed: string;
  sd: string;
}

/** POST /api/PhList: the dashboard's PH LOGS (the caller's pending PH links). */
export async function fetchPhList(): Promise<PhLogs> {
  const response = await apiClient.post<unknown>('/PhList', { uid: getSession().userId });
  const rows = rowsOf(response.data);
  const first = rows[0];
  return {
    rows: rows.map(toHelpLink),
    ed: first ? text(first, 'ed') : '',
    sd: first ? text(first, 'sd') : '',
    serverDate: parseInstant(response.headers.date),
  };
}
