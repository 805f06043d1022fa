import { prepared, Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { UID_PATTERN } from '../identity';
import { ProfileState, profileStream } from './domain/profile.events';

const LOCK_PROFILE_SQL = prepared(
  `select uid, bank_locked, wallet_locked, kyc_version, version,
          (select hash from events where stream_id = 'profile-' || member_profiles.uid and stream_version = member_profiles.version) as head_hash
     from member_profiles where uid = $1 for update`,
);

/** The member's profile row, locked FOR UPDATE (saves and unlocks of one member take turns), as the stream `profile-<uid>`. */
export async function lockProfile(tx: Sql, uid: string): Promise<Locked<ProfileState> | null> {
  if (!UID_PATTERN.test(uid)) return null;
  const [row] = await tx.query<{
    uid: string;
    bank_locked: boolean;
    wallet_locked: boolean;
    kyc_version: number;
    version: number;
    head_hash: string | null;
  }>(LOCK_PROFILE_SQL, [uid]);
  if (!row) return null;
  return {
    streamId: profileStream(row.uid),
    state: { uid: row.uid, bankLocked: row.bank_locked, walletLocked: row.wallet_locked, kycVersion: row.kyc_version },
    version: row.version,
    headHash: row.head_hash,
  };
}
