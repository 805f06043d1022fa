import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

export interface LevelIncomeRow {
  /** The earner (the caller). */
  sid: string;
  /** The member whose top-up paid this income. */
  uid: string;
  lvl: string;
  income: string;
  dd: string;
}

/** POST /api/GetIncomeReport type LevelIncome: rows newest first. */
export async function fetchLevelIncome(): Promise<LevelIncomeRow[]> {
  const response = await apiClient.post<unknown>('/GetIncomeReport', {
    uid: getSession().userId,
    fdate: '',
    tdate: '',
    type: 'LevelIncome',
  });
  return rowsOf(response.data).map((r) => ({
    sid: text(r, 'sid'),
    uid: text(r, 'uid'),
    lvl: text(r, 'lvl'),
    income: text(r, 'income'),
    dd: text(r, 'dd'),
  }));
}
