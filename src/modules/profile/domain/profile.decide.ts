import { isLettersAndSpaces, isUpiId, looksLikeUpiId } from '../../../platform/text/letters-and-upi';
import { checkEvmAddress, toChecksumAddress } from './evm-address';
import { IFSC_PATTERN, isAadhaar, isPan, maskAadhaar, maskPan } from './id-numbers';
import {
  PROFILE_MSG as M,
  PROFILE_OUTCOME,
  ProfileEvent,
  ProfileOutcome,
  ProfileState,
  ProfileUpdated,
} from './profile.events';

/**
 * Pure decisions of the profile stream: the member's input and the profile row in, events or the
 * answer out. A `check*` returns the first broken rule's text (a 400) or the cleaned input.
 */

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };
const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** The Profile Info form as sent (`statename`, `districtname`, `cityname`, `pincode`, `Nomineename`, `Nomineerelation`). */
export type ProfileInput = Omit<ProfileUpdated, 'uid'>;

/**
 * Spec §5 in its order: the six fields are required; state, district, nominee name and relation
 * letters (of any script: issue 20, decision 0041) and spaces; city and pincode digits (a pincode is six digits, never starting with 0); the
 * spec's maximum lengths. The spec's client filters its input the same way; the server refuses what
 * the form could never send. A state or district spelt as the region list spells it
 * (`listed(state, district?)`: 'Dadra and Nagar Haveli and Daman and Diu', 'North 24 Parganas') is
 * taken as it is, whatever its length and characters (decision 0025).
 */
export function checkProfile(
  input: ProfileInput,
  listed: (state: string, district?: string) => boolean,
): Checked<ProfileInput> {
  const v = {
    state: input.state.trim(),
    district: input.district.trim(),
    city: input.city.trim(),
    pincode: input.pincode.trim(),
    nomineeName: input.nomineeName.trim(),
    nomineeRelation: input.nomineeRelation.trim(),
  };
  if (!v.state) return refuse(M.stateRequired);
  if (!v.district) return refuse(M.districtRequired);
  if (!v.city) return refuse(M.cityRequired);
  if (!v.pincode) return refuse(M.pincodeRequired);
  if (!v.nomineeName) return refuse(M.nomineeNameRequired);
  if (!v.nomineeRelation) return refuse(M.nomineeRelationRequired);
  const typed = (name: string) => isLettersAndSpaces(name) && name.length <= 20;
  if (!listed(v.state) && !typed(v.state)) return refuse(M.stateFormat);
  if (!listed(v.state, v.district) && !typed(v.district)) return refuse(M.districtFormat);
  if (!/^\d{1,6}$/.test(v.city)) return refuse(M.cityFormat);
  if (!/^[1-9]\d{5}$/.test(v.pincode)) return refuse(M.pincodeFormat);
  if (!isLettersAndSpaces(v.nomineeName) || v.nomineeName.length > 30) return refuse(M.nomineeNameFormat);
  if (!isLettersAndSpaces(v.nomineeRelation) || v.nomineeRelation.length > 20) return refuse(M.nomineeRelationFormat);
  return { ok: true, value: v };
}

export function decideProfile(uid: string, value: ProfileInput): ProfileEvent[] {
  return [{ type: 'ProfileUpdated', payload: { uid, ...value } }];
}

/** The bank form as sent (`accountnumber`, `holder`, `ifsc`, `ctrans_password`, `PAN`, `AAdhar`, `upinumber`). */
export interface BankInput {
  accountNumber: string;
  holder: string;
  ifsc: string;
  transactionPassword: string;
  pan: string;
  aadhaar: string;
  upiNumber: string;
}

export interface CheckedBank {
  accountNumber: string;
  holder: string;
  ifsc: string;
  pan: string;
  aadhaar: string;
  upiNumber: string;
}

/**
 * Spec §5's bank rules in the form's order (account, holder, IFSC, transaction password, PAN,
 * Aadhaar — not zero —, UPI; all required; the spec's maximum lengths), each field also checked
 * by its real format: an account number is 9 to 18 digits (what Indian banks issue), an IFSC is
 * RBI's 11 characters and must exist (`ifscExists`, from the offline data), a PAN the Income Tax
 * Department's pattern, an Aadhaar 12 digits with its Verhoeff check digit. The UPI field also takes
 * a UPI ID (`name@bank`, at most 50 characters; issue 20, decision 0041).
 */
export function checkBank(input: BankInput, ifscExists: (ifsc: string) => boolean): Checked<CheckedBank> {
  const accountNumber = input.accountNumber.trim();
  const holder = input.holder.trim().replace(/\s+/g, ' ');
  const ifsc = input.ifsc.trim().toUpperCase();
  const pan = input.pan.trim().toUpperCase();
  const aadhaar = input.aadhaar.replace(/[\s-]/g, '');
  const upiNumber = input.upiNumber.trim();
  if (!accountNumber) return refuse(M.accountRequired);
  if (!/^\d{9,18}$/.test(accountNumber)) return refuse(M.accountFormat);
  if (!holder) return refuse(M.holderRequired);
  if (!/^[A-Za-z][A-Za-z .]*$/.test(holder) || holder.length > 30) return refuse(M.holderFormat);
  if (!ifsc) return refuse(M.ifscRequired);
  if (!IFSC_PATTERN.test(ifsc) || !ifscExists(ifsc)) return refuse(M.ifscInvalid);
  if (!input.transactionPassword) return refuse(M.transactionPasswordRequired);
  if (input.transactionPassword.length > 25) return refuse(M.transactionPasswordTooLong);
  if (!pan) return refuse(M.panRequired);
  if (!isPan(pan)) return refuse(M.panInvalid);
  if (!aadhaar || /^0+$/.test(aadhaar)) return refuse(M.aadhaarRequired);
  if (!isAadhaar(aadhaar)) return refuse(M.aadhaarInvalid);
  if (!upiNumber) return refuse(M.upiRequired);
  if (looksLikeUpiId(upiNumber)) {
    if (!isUpiId(upiNumber)) return refuse(M.upiIdFormat);
  } else if (!/^[A-Za-z0-9._-]{1,12}$/.test(upiNumber)) return refuse(M.upiFormat);
  return { ok: true, value: { accountNumber, holder, ifsc, pan, aadhaar, upiNumber } };
}

/** Saving bank details: refused while they are locked; else saved and locked, bank name and branch from the IFSC look-up. */
export function decideBankDetails(
  state: ProfileState,
  bank: CheckedBank,
  branch: { bankName: string; branch: string },
): { ok: true; events: ProfileEvent[]; kycVersion: number } | { ok: false; outcome: ProfileOutcome } {
  if (state.bankLocked) return { ok: false, outcome: PROFILE_OUTCOME.locked };
  const kycVersion = state.kycVersion + 1;
  return {
    ok: true,
    kycVersion,
    events: [
      {
        type: 'BankDetailsSaved',
        payload: {
          uid: state.uid,
          accountNumber: bank.accountNumber,
          holder: bank.holder,
          ifsc: bank.ifsc,
          bankName: branch.bankName,
          branch: branch.branch,
          upiNumber: bank.upiNumber,
          panMasked: maskPan(bank.pan),
          aadhaarMasked: maskAadhaar(bank.aadhaar),
          kycVersion,
        },
      },
    ],
  };
}

/** The wallet form as sent (`accountnumber` = the address, `otp` = the transaction password). */
export function checkWallet(input: { address: string; transactionPassword: string }): Checked<string> {
  const address = input.address.trim();
  if (!address) return refuse(M.walletRequired);
  const check = checkEvmAddress(address);
  if (check === 'format') return refuse(M.walletInvalid);
  if (check === 'checksum') return refuse(M.walletChecksum);
  if (!input.transactionPassword) return refuse(M.transactionPasswordRequired);
  if (input.transactionPassword.length > 25) return refuse(M.transactionPasswordTooLong);
  return { ok: true, value: toChecksumAddress(address) };
}

export function decideWallet(
  state: ProfileState,
  address: string,
): { ok: true; events: ProfileEvent[] } | { ok: false; outcome: ProfileOutcome } {
  if (state.walletLocked) return { ok: false, outcome: PROFILE_OUTCOME.locked };
  return { ok: true, events: [{ type: 'WalletAddressSaved', payload: { uid: state.uid, walletAddress: address } }] };
}

export type LockedDetails = 'bank' | 'wallet';

/** An admin unlocks locked bank details or a locked wallet address, with a reason; unlocking what is not locked is refused. */
export function decideUnlock(
  state: ProfileState,
  what: LockedDetails,
  by: string,
  reason: string,
): { ok: true; events: ProfileEvent[] } | { ok: false; code: string; text: string } {
  const locked = what === 'bank' ? state.bankLocked : state.walletLocked;
  if (!locked)
    return {
      ok: false,
      code: 'PROFILE.NOT_LOCKED',
      text: what === 'bank' ? 'Bank details are not locked' : 'Wallet address is not locked',
    };
  const payload = { uid: state.uid, by, reason };
  return {
    ok: true,
    events: [what === 'bank' ? { type: 'BankDetailsUnlocked', payload } : { type: 'WalletAddressUnlocked', payload }],
  };
}
