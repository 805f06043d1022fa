/**
 * The fields of POST /api/registrationWeb that the spec's client sends empty (bank, PAN, Aadhar,
 * nominee, wallet: filled in later from the profile). Free of imports: the API's e2e tests
 * (test/support/seed.ts) send the very same body.
 */
export const BLANK_REGISTRATION_FIELDS = {
  accountnumber: '',
  holdername: '',
  ifsccode: '',
  bankname: '',
  branchname: '',
  pannumber: '',
  aadharnumber: '',
  nomineename: '',
  nomineerelation: '',
  WalletAddress: '',
} as const;
