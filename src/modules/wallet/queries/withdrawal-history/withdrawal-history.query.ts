import { Sql } from '../../../../platform/db/sql';
import { dayFilter, MAX_HISTORY_ROWS, numbered, rupees } from '../../../../platform/member-history';
import { formatUsd } from '../../../../platform/money';
import { loadSettings } from '../../../settings';
import { WithdrawalRow } from '../withdrawal-row';

/**
 * `GetIncomeReport` type `WithdrawalHistory` (spec §3 Withdrawal row): newest first, within the IST
 * days given. Amounts are rupees like every amount of the contract; `amount_usd` and
 * `admincharge_usd` are the same at the USDT rate setting, for the screen's `$` column
 * (docs/decisions/0018: a `$` never stands before a rupee figure).
 */
export async function withdrawalHistory(
  db: Sql,
  uid: string,
  from: string | null,
  to: string | null,
): Promise<Array<Record<string, unknown>>> {
  const rate = (await loadSettings(db)).usdtRateInr;
  const rows = await db.query<Omit<WithdrawalRow, 'decided_at' | 'decided_by'>>(
    `select id, uid, amount_paise::text as amount_paise, charge_paise::text as charge_paise, payout_paise::text as payout_paise,
            status, remark, requested_at, link_at, paid_at
       from withdrawals where uid = $1 and ${dayFilter('requested_at', 2, 3)}
      order by requested_at desc, id limit ${MAX_HISTORY_ROWS}`,
    [uid, from, to],
  );
  const iso = (d: Date | null) => (d ? d.toISOString() : '');
  return numbered(
    rows.map((r) => ({
      id: r.id,
      uid: r.uid,
      amount: rupees(r.amount_paise),
      admincharge: rupees(r.charge_paise),
      payout: rupees(r.payout_paise),
      amount_usd: formatUsd(BigInt(r.amount_paise), rate),
      admincharge_usd: formatUsd(BigInt(r.charge_paise), rate),
      reqDate: iso(r.requested_at),
      lgd: iso(r.link_at),
      pd: iso(r.paid_at),
      ss: r.status,
      remark: r.remark,
    })),
  );
}
