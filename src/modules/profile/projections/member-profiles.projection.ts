import { exactlyOneRow, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';
import { BankDetailsSaved, DetailsUnlocked, ProfileUpdated, WalletAddressSaved } from '../domain/profile.events';

/** The registration fields a profile starts from (identity's MemberRegistered). */
interface Registered {
  uid: string;
  state: string;
  walletAddress: string;
}

/**
 * One row per member: the Profile Info fields, the bank details (PAN and Aadhaar masked) and the
 * wallet address, each with its lock. Created at registration (the registration's state and any
 * wallet address it carried, unlocked: only a save through UpdateProfile locks); `version` is the
 * `profile-<uid>` stream's.
 */
export const memberProfilesProjection: Projection = {
  name: 'member-profiles',
  tables: ['member_profiles'],
  handles: [
    'MemberRegistered',
    'ProfileUpdated',
    'BankDetailsSaved',
    'WalletAddressSaved',
    'BankDetailsUnlocked',
    'WalletAddressUnlocked',
  ],
  project(event: ProjectedEvent): Statement[] {
    const at = event.recordedAt;
    const v = event.streamVersion;
    if (event.type === 'MemberRegistered') {
      const p = event.payload as Registered;
      return [
        {
          text: 'insert into member_profiles (uid, state, wallet_address, version) values ($1, $2, $3, 0)',
          params: [p.uid, p.state, p.walletAddress],
        },
      ];
    }
    const change = (set: string, uid: string, params: unknown[]): Statement[] => [
      exactlyOneRow(
        `update member_profiles set ${set}, version = $2 where uid = $1 and version = $2 - 1`,
        [uid, v, ...params],
        `member_profiles row ${uid} not at version ${v - 1} for ${event.type}`,
      ),
    ];
    switch (event.type) {
      case 'ProfileUpdated': {
        const p = event.payload as ProfileUpdated;
        return change(
          'state = $3, district = $4, city = $5, pincode = $6, nominee_name = $7, nominee_relation = $8, profile_updated_at = $9',
          p.uid,
          [p.state, p.district, p.city, p.pincode, p.nomineeName, p.nomineeRelation, at],
        );
      }
      case 'BankDetailsSaved': {
        const p = event.payload as BankDetailsSaved;
        return change(
          `account_number = $3, holder = $4, ifsc = $5, bank_name = $6, branch = $7, upi_number = $8, pan_masked = $9,
           aadhaar_masked = $10, kyc_version = $11, bank_locked = true, bank_saved_at = $12`,
          p.uid,
          [
            p.accountNumber,
            p.holder,
            p.ifsc,
            p.bankName,
            p.branch,
            p.upiNumber,
            p.panMasked,
            p.aadhaarMasked,
            p.kycVersion,
            at,
          ],
        );
      }
      case 'WalletAddressSaved': {
        const p = event.payload as WalletAddressSaved;
        return change('wallet_address = $3, wallet_locked = true, wallet_saved_at = $4', p.uid, [p.walletAddress, at]);
      }
      case 'BankDetailsUnlocked':
      case 'WalletAddressUnlocked': {
        const p = event.payload as DetailsUnlocked;
        const lock = event.type === 'BankDetailsUnlocked' ? 'bank_locked' : 'wallet_locked';
        return change(`${lock} = false, unlocked_at = $3, unlocked_by = $4, unlock_reason = $5`, p.uid, [
          at,
          p.by,
          p.reason,
        ]);
      }
      default:
        return [];
    }
  },
};
