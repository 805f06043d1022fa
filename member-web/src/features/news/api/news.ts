import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** A news row (spec §3): row, content, dd. */
export interface NewsRow {
  id: string;
  content: string;
  date: string;
}

/** POST /api/GetIncomeReport type news: the news members see, newest first (`data[0]`). */
export async function fetchNews(): Promise<NewsRow[]> {
  const response = await apiClient.post<unknown>('/GetIncomeReport', {
    uid: getSession().userId,
    fdate: '',
    tdate: '',
    type: 'news',
  });
  return rowsOf(response.data).map((r) => ({ id: text(r, 'id'), content: text(r, 'content'), date: text(r, 'dd') }));
}
