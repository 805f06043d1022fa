import { prepared, Sql } from '../../../../platform/db/sql';
import { formatRupees } from '../../../../platform/money';
import { HELP_ACCOUNT } from '../../../help';
import { loadSettings } from '../../../settings';
import { WALLET_ACCOUNT } from '../../domain/withdrawal.events';

/** The dashboard's statements, prepared once per connection (decision 0051). */
const BALANCES_SQL = prepared(
  'select account, sum(amount_paise)::text as total from postings where account = any($1) group by account',
);
const WITHDRAWN_TODAY_SQL = prepared(`select coalesce(sum(amount_paise), 0)::text as total from withdrawals
        where uid = $1 and status <> 'Rejected'
          and requested_at >= date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'`);

/**
 * The dashboard's money cards (spec §3 member summary): MY PH (help given), MY GH (help received),
 * team (level) income and total income (every income account), total and today's withdrawals (requested and not rejected; today in India), net balance (income −
 * those withdrawals), and what is reserved awaiting approval; and the smallest withdrawal the
 * settings allow, in whole rupees (`Withdrawal_Min`), which the withdrawal form shows beside its field
 * (issue 20).
 */
export async function walletSummary(db: Sql, uid: string): Promise<Record<string, string>> {
  const accounts = [
    HELP_ACCOUNT.phGiven(uid),
    HELP_ACCOUNT.ghReceived(uid),
    WALLET_ACCOUNT.levelIncome(uid),
    WALLET_ACCOUNT.income(uid),
    WALLET_ACCOUNT.withdrawn(uid),
    WALLET_ACCOUNT.reserved(uid),
  ];
  const [rows, [today], settings] = await Promise.all([
    db.query<{ account: string; total: string }>(BALANCES_SQL, [accounts]),
    db.query<{ total: string }>(WITHDRAWN_TODAY_SQL, [uid]),
    loadSettings(db),
  ]);
  const bal = (account: string) => BigInt(rows.find((r) => r.account === account)?.total ?? '0');
  const income = bal(WALLET_ACCOUNT.levelIncome(uid)) + bal(WALLET_ACCOUNT.income(uid));
  const withdrawn = -bal(WALLET_ACCOUNT.withdrawn(uid));
  return {
    totalphamount: formatRupees(bal(HELP_ACCOUNT.phGiven(uid))),
    totalghamount: formatRupees(bal(HELP_ACCOUNT.ghReceived(uid))),
    totalWithdrawal: formatRupees(withdrawn),
    TodayWithdrawal: formatRupees(BigInt(today.total)),
    TeamIncome: formatRupees(bal(WALLET_ACCOUNT.levelIncome(uid))),
    TotalIncome: formatRupees(income),
    Net_Balance: formatRupees(income - withdrawn),
    Reserved_Withdrawal: formatRupees(bal(WALLET_ACCOUNT.reserved(uid))),
    Withdrawal_Min: String(settings.withdrawalMinRupees),
  };
}
