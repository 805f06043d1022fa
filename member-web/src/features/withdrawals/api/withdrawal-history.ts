import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** A withdrawal row (spec §3): uid, amount, amount_usd, admincharge, reqDate, pd (paid), lgd (link generate date), ss. */
export interface WithdrawalRow {
  uid: string;
  amount: string;
  /** The amount in USD at the server's USDT rate setting ('' when the server sends none). */
  amountUsd: string;
  adminCharge: string;
  requestedAt: string;
  paidAt: string;
  linkGeneratedAt: string;
  status: string;
}

/** POST /api/GetIncomeReport type WithdrawalHistory: the caller's withdrawals (`data[0]`). */
export async function fetchWithdrawalHistory(): Promise<WithdrawalRow[]> {
  const response = await apiClient.post<unknown>('/GetIncomeReport', {
    uid: getSession().userId,
    fdate: '',
    tdate: '',
    type: 'WithdrawalHistory',
  });
  return rowsOf(response.data).map((r) => ({
    uid: text(r, 'uid'),
    amount: text(r, 'amount'),
    amountUsd: text(r, 'amount_usd'),
    adminCharge: text(r, 'admincharge'),
    requestedAt: text(r, 'reqDate'),
    paidAt: text(r, 'pd'),
    linkGeneratedAt: text(r, 'lgd'),
    status: text(r, 'ss'),
  }));
}
