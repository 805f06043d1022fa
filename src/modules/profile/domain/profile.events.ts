import { Outcome } from '../../../platform/errors';

/** A member's profile, bank details and wallet address: the stream `profile-<uid>`. */
export const profileStream = (uid: string): string => `profile-${uid}`;

/** The six fields of the Profile Info form (spec §5, in its order); name, email, country and mobile are read-only. */
export interface ProfileUpdated {
  uid: string;
  state: string;
  district: string;
  city: string;
  pincode: string;
  nomineeName: string;
  nomineeRelation: string;
}

/**
 * Bank details saved (and locked). PAN and Aadhaar travel masked: the full numbers are kept beside
 * the ledger in `member_kyc` at `kycVersion` (as password hashes are: decision 0002), so no event
 * view or export carries them.
 */
export interface BankDetailsSaved {
  uid: string;
  accountNumber: string;
  holder: string;
  ifsc: string;
  bankName: string;
  branch: string;
  upiNumber: string;
  panMasked: string;
  aadhaarMasked: string;
  kycVersion: number;
}

/** The USDT BEP-20 address saved (and locked), in its EIP-55 checksummed form. */
export interface WalletAddressSaved {
  uid: string;
  walletAddress: string;
}

/** An admin unlocked the member's bank details or wallet address, with a reason: the member may save them again. */
export interface DetailsUnlocked {
  uid: string;
  by: string;
  reason: string;
}

export type ProfileEvent =
  | { type: 'ProfileUpdated'; payload: ProfileUpdated }
  | { type: 'BankDetailsSaved'; payload: BankDetailsSaved }
  | { type: 'WalletAddressSaved'; payload: WalletAddressSaved }
  | { type: 'BankDetailsUnlocked'; payload: DetailsUnlocked }
  | { type: 'WalletAddressUnlocked'; payload: DetailsUnlocked };

export type ProfileEventType = ProfileEvent['type'];

/** What the profile commands decide on: the member_profiles row. */
export interface ProfileState {
  uid: string;
  bankLocked: boolean;
  walletLocked: boolean;
  kycVersion: number;
}

/** The member contract's answers of `UpdateProfile` (data.Result): the spec's texts where it has them (§8). */
export const PROFILE_OUTCOME = {
  profileDone: { code: 'PROFILE.UPDATED', text: 'Profile Update Successfully' },
  passwordDone: { code: 'PROFILE.PASSWORD_CHANGED', text: 'Changes Password Update Successfully' },
  walletDone: { code: 'PROFILE.WALLET_SAVED', text: 'Wallet Address Update Successfully' },
  bankDone: { code: 'PROFILE.BANK_SAVED', text: 'Bank Details Updated Successfully' },
  locked: { code: 'PROFILE.LOCKED', text: 'Details Verified and Locked' },
  wrongTransactionPassword: {
    code: 'PROFILE.WRONG_TRANSACTION_PASSWORD',
    text: 'Current Transaction Password is wrong!',
  },
} as const satisfies Record<string, Outcome>;

export type ProfileOutcome = { code: string; text: string; token?: string };

/** The refusals of malformed input (400): the spec's texts first, then Sahyog's for what the spec's client filters out. */
export const PROFILE_MSG = {
  // Profile Info (spec §5, in this order)
  stateRequired: 'Please Enter state name',
  districtRequired: 'Please Enter district name',
  cityRequired: 'Please Enter city name',
  pincodeRequired: 'Please enter pincode',
  nomineeNameRequired: 'Please enter Nominee Name',
  nomineeRelationRequired: 'Please enter Nominee Relation',
  stateFormat: 'State name must be a state of the list, or letters and spaces (at most 20)',
  districtFormat: 'District name must be a district of the state, or letters and spaces (at most 20)',
  cityFormat: 'City must be digits only, at most 6',
  pincodeFormat: 'Pincode must be 6 digits, not starting with 0',
  nomineeNameFormat: 'Nominee Name must be letters and spaces, at most 30',
  nomineeRelationFormat: 'Nominee Relation must be letters and spaces, at most 20',
  // Bank details (spec §5: all required, in the form's order)
  accountRequired: 'Please Enter Account Number',
  accountFormat: 'Account Number must be 9 to 18 digits',
  holderRequired: 'Please Enter Account Holder Name',
  holderFormat: 'Account Holder Name must be letters, spaces and dots, at most 30',
  ifscRequired: 'Please Enter IFSC Code',
  ifscInvalid: 'Please Enter a valid IFSC Code',
  transactionPasswordRequired: 'Please Enter Transaction Password',
  transactionPasswordTooLong: 'Transaction Password should not be greater than 25 characters',
  panRequired: 'Please Enter PAN Number',
  panInvalid: 'Please Enter a valid PAN Number (5 letters, 4 digits, 1 letter)',
  aadhaarRequired: 'Please Enter Aadhar Number',
  aadhaarInvalid: 'Please Enter a valid Aadhar Number (12 digits)',
  upiRequired: 'Please Enter UPI Number',
  upiFormat: 'UPI Number must be at most 12 letters, digits, dots, dashes or underscores',
  upiIdFormat: 'Enter a valid UPI ID (name@bank, at most 50 characters)',
  // Wallet
  walletRequired: 'Please enter wallet address',
  walletInvalid: 'Please enter a valid USDT BEP-20 wallet address (0x and 40 hexadecimal digits)',
  walletChecksum: 'This wallet address has a wrong checksum (mixed case must follow EIP-55): please copy it again',
  // Unlock
  reasonRequired: 'Please enter a reason',
} as const;
