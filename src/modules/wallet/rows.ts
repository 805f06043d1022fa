import { prepared, Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { WithdrawalState } from './domain/withdrawal.decide';
import { WALLET_ACCOUNT, WITHDRAWAL_ID, withdrawalStream } from './domain/withdrawal.events';

/**
 * The member's wallet, locked (a transaction-scoped lock per member: withdrawals of one member take
 * turns, so two at once cannot both spend one balance), and its net balance read after the lock.
 */
export async function lockWallet(tx: Sql, uid: string): Promise<{ netBalancePaise: bigint }> {
  await tx.execute('select pg_advisory_xact_lock(hashtext($1))', [`wallet:${uid}`]);
  const [row] = await tx.query<{ total: string }>(
    'select coalesce(sum(amount_paise), 0)::text as total from postings where account = any($1)',
    [[WALLET_ACCOUNT.levelIncome(uid), WALLET_ACCOUNT.income(uid), WALLET_ACCOUNT.withdrawn(uid)]],
  );
  return { netBalancePaise: BigInt(row.total) };
}

const LOCK_WITHDRAWAL_SQL = prepared(
  `select id, uid, status, amount_paise::text as amount_paise, charge_paise::text as charge_paise, payout_paise::text as payout_paise, version,
          (select hash from events where stream_id = 'withdrawal-' || withdrawals.id and stream_version = withdrawals.version) as head_hash
     from withdrawals where id = $1 for update`,
);

export async function lockWithdrawal(tx: Sql, id: string): Promise<Locked<WithdrawalState> | null> {
  if (!WITHDRAWAL_ID.test(id)) return null;
  const [row] = await tx.query<{
    id: string;
    uid: string;
    status: WithdrawalState['status'];
    amount_paise: string;
    charge_paise: string;
    payout_paise: string;
    version: number;
    head_hash: string | null;
  }>(LOCK_WITHDRAWAL_SQL, [id]);
  if (!row) return null;
  return {
    streamId: withdrawalStream(row.id),
    state: {
      id: row.id,
      uid: row.uid,
      status: row.status,
      amountPaise: BigInt(row.amount_paise),
      chargePaise: BigInt(row.charge_paise),
      payoutPaise: BigInt(row.payout_paise),
    },
    version: row.version,
    headHash: row.head_hash,
  };
}
