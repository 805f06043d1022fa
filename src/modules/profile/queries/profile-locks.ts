import { Sql } from '../../../platform/db/sql';
import { UID_PATTERN } from '../../identity';

/** Whether the member's bank details and wallet address are locked (an unlocked read, before the slow password check). */
export async function profileLocks(
  sql: Sql,
  uid: string,
): Promise<{ bankLocked: boolean; walletLocked: boolean } | null> {
  if (!UID_PATTERN.test(uid)) return null;
  const [row] = await sql.query<{ bank_locked: boolean; wallet_locked: boolean }>(
    'select bank_locked, wallet_locked from member_profiles where uid = $1',
    [uid],
  );
  return row ? { bankLocked: row.bank_locked, walletLocked: row.wallet_locked } : null;
}
