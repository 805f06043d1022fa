import { Sql } from '../../../../platform/db/sql';
import { UID_PATTERN } from '../../../identity';

/** A member's profile row with the registration's read-only fields and, where `full`, the PAN and Aadhaar from member_kyc. */
export interface ProfileRow {
  uid: string;
  name: string;
  email: string;
  mobile: string;
  country_id: number;
  country_name: string | null;
  state: string;
  district: string;
  city: string;
  pincode: string;
  nominee_name: string;
  nominee_relation: string;
  wallet_address: string;
  wallet_locked: boolean;
  wallet_saved_at: Date | null;
  account_number: string;
  holder: string;
  ifsc: string;
  bank_name: string;
  branch: string;
  upi_number: string;
  registration_upi: string;
  pan_masked: string;
  aadhaar_masked: string;
  pan: string | null;
  aadhaar: string | null;
  bank_locked: boolean;
  bank_saved_at: Date | null;
  unlocked_at: Date | null;
  unlocked_by: string | null;
  unlock_reason: string | null;
}

/**
 * The profile as its owner (UserInformation) and an admin's member page read it: everything, the
 * PAN and Aadhaar in full from `member_kyc` at the row's KYC version. Every other read uses the
 * masked columns.
 */
export async function loadProfile(sql: Sql, uid: string): Promise<ProfileRow | null> {
  if (!UID_PATTERN.test(uid)) return null;
  const [row] = await sql.query<ProfileRow>(
    `select p.uid, m.name, m.email, m.mobile, m.country_id, c.name as country_name, p.state, p.district, p.city, p.pincode,
            p.nominee_name, p.nominee_relation, p.wallet_address, p.wallet_locked, p.wallet_saved_at,
            p.account_number, p.holder, p.ifsc, p.bank_name, p.branch, p.upi_number, m.upi_number as registration_upi,
            p.pan_masked, p.aadhaar_masked, k.pan, k.aadhaar, p.bank_locked, p.bank_saved_at,
            p.unlocked_at, p.unlocked_by, p.unlock_reason
       from member_profiles p
       join members m on m.uid = p.uid
       left join countries c on c.id = m.country_id
       left join member_kyc k on k.uid = p.uid and k.version = p.kyc_version
      where p.uid = $1`,
    [uid],
  );
  return row ?? null;
}

/** The profile block of the admin's member page: bank and wallet in full (the admin verifies them), with their locks. */
export async function adminMemberProfile(sql: Sql, uid: string): Promise<Record<string, unknown> | null> {
  const p = await loadProfile(sql, uid);
  if (!p) return null;
  return {
    profile: {
      state: p.state,
      district: p.district,
      city: p.city,
      pincode: p.pincode,
      nominee_name: p.nominee_name,
      nominee_relation: p.nominee_relation,
    },
    bank: {
      account_number: p.account_number,
      holder: p.holder,
      ifsc: p.ifsc,
      bank_name: p.bank_name,
      branch: p.branch,
      upi_number: p.upi_number || p.registration_upi,
      pan: p.pan ?? '',
      aadhaar: p.aadhaar ?? '',
      locked: p.bank_locked,
      saved_at: p.bank_saved_at,
    },
    wallet: { address: p.wallet_address, locked: p.wallet_locked, saved_at: p.wallet_saved_at },
    last_unlock: p.unlocked_at ? { at: p.unlocked_at, by: p.unlocked_by, reason: p.unlock_reason } : null,
  };
}

/** What a help link copies of its receiver at creation: the saved bank details, else the registration's UPI number and name. */
export interface ReceiverBank {
  bankName: string;
  branch: string;
  ifsc: string;
  accountNumber: string;
  holder: string;
  gpay: string;
}

/** The receivers' bank details as of now (a help link copies them; links made earlier keep what they copied). */
export async function receiverBanks(sql: Sql, uids: readonly string[]): Promise<Map<string, ReceiverBank>> {
  const rows = await sql.query<{
    uid: string;
    name: string;
    registration_upi: string;
    bank_name: string | null;
    branch: string | null;
    ifsc: string | null;
    account_number: string | null;
    holder: string | null;
    upi_number: string | null;
  }>(
    `select m.uid, m.name, m.upi_number as registration_upi, p.bank_name, p.branch, p.ifsc, p.account_number, p.holder, p.upi_number
       from members m left join member_profiles p on p.uid = m.uid
      where m.uid = any($1)`,
    [uids],
  );
  return new Map(
    rows.map((r) => [
      r.uid,
      {
        bankName: r.bank_name ?? '',
        branch: r.branch ?? '',
        ifsc: r.ifsc ?? '',
        accountNumber: r.account_number ?? '',
        holder: r.holder || r.name,
        gpay: r.upi_number || r.registration_upi,
      },
    ]),
  );
}
