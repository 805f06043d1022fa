/** A `withdrawals` read-model row as the wallet's queries select it (paise as text). */
export interface WithdrawalRow {
  id: string;
  uid: string;
  amount_paise: string;
  charge_paise: string;
  payout_paise: string;
  status: string;
  remark: string;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  link_at: Date | null;
  paid_at: Date | null;
}
