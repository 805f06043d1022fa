import { Sql } from '../../../../platform/db/sql';
import { maskAadhaar, maskPan } from '../../domain/id-numbers';
import { loadProfile } from '../member-profile/member-profile.query';

/**
 * UserInformation (spec §3 "User information"): the member's own profile in full — the one member
 * read that shows PAN and Aadhaar unmasked — with the locks the settings screens disable their
 * inputs on (`bank_locked`, `wallet_locked`, Sahyog's fields). Unknown member: null.
 * `masked`: PAN and Aadhaar as their masked forms (a read-only "Log in as" session, docs/decisions/0035).
 */
export async function userInformation(sql: Sql, uid: string, masked = false): Promise<Record<string, unknown> | null> {
  const p = await loadProfile(sql, uid);
  if (!p) return null;
  return {
    uid: p.uid,
    f_name: p.name,
    email: p.email,
    mobile: p.mobile,
    countryid: p.country_id,
    country_name: p.country_name ?? '',
    statename: p.state,
    districtname: p.district,
    cityname: p.city,
    pincode: p.pincode,
    nominee_name: p.nominee_name,
    nominee_relation: p.nominee_relation,
    accountaddress: p.wallet_address,
    accountnumber: p.account_number,
    holder: p.holder,
    ifsc: p.ifsc,
    bank_name: p.bank_name,
    branch: p.branch,
    PAN: masked ? maskPan(p.pan ?? '') : (p.pan ?? ''),
    AAdhar: masked ? maskAadhaar(p.aadhaar ?? '') : (p.aadhaar ?? ''),
    GPay: p.upi_number || p.registration_upi,
    bank_locked: p.bank_locked,
    wallet_locked: p.wallet_locked,
  };
}
