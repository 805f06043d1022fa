import { verhoeffDigit } from './id-numbers';
import {
  BankInput,
  checkBank,
  checkProfile,
  checkWallet,
  decideBankDetails,
  decideUnlock,
  decideWallet,
  ProfileInput,
} from './profile.decide';
import { PROFILE_MSG as M, PROFILE_OUTCOME, ProfileState } from './profile.events';

const AADHAAR = '23456789012' + verhoeffDigit('23456789012');
const profile: ProfileInput = {
  state: 'Maharashtra',
  district: 'Nashik',
  city: '422001',
  pincode: '422001',
  nomineeName: 'Ravi Rao',
  nomineeRelation: 'Brother',
};
const bank: BankInput = {
  accountNumber: '123456789012',
  holder: 'Asha Rao',
  ifsc: 'kkbk0000261',
  transactionPassword: 'Member@123',
  pan: 'abcpe1234f',
  aadhaar: AADHAAR,
  upiNumber: '9876543210',
};
const listed = (state: string, district?: string) =>
  state === 'Dadra and Nagar Haveli and Daman and Diu' &&
  (district === undefined || district === 'Dadra and Nagar Haveli');
const exists = (ifsc: string) => ifsc === 'KKBK0000261';
const open: ProfileState = { uid: '100000', bankLocked: false, walletLocked: false, kycVersion: 0 };

const refusal = <T>(checked: { ok: true; value: T } | { ok: false; message: string }) =>
  checked.ok ? null : checked.message;

describe('Profile Info', () => {
  it.each([
    ['state', M.stateRequired],
    ['district', M.districtRequired],
    ['city', M.cityRequired],
    ['pincode', M.pincodeRequired],
    ['nomineeName', M.nomineeNameRequired],
    ['nomineeRelation', M.nomineeRelationRequired],
  ] as const)('given everything empty from %s on, then the spec text of that field answers first', (field, text) => {
    const fields = Object.keys(profile) as (keyof ProfileInput)[];
    const emptied = Object.fromEntries(
      fields.map((f, i) => [f, i >= fields.indexOf(field) ? '  ' : profile[f]]),
    ) as unknown as ProfileInput;
    expect(refusal(checkProfile(emptied, listed))).toBe(text);
  });

  it.each([
    [{ state: 'Maha-rashtra' }, M.stateFormat],
    [{ state: 'A very long state name indeed' }, M.stateFormat],
    [{ district: 'Nashik 2' }, M.districtFormat],
    [{ city: 'Nashik' }, M.cityFormat],
    [{ city: '1234567' }, M.cityFormat],
    [{ pincode: '022001' }, M.pincodeFormat],
    [{ pincode: '42200' }, M.pincodeFormat],
    [{ nomineeName: 'Ravi 2' }, M.nomineeNameFormat],
    [{ nomineeRelation: 'x'.repeat(21) }, M.nomineeRelationFormat],
  ])('given %j, then refused with the filter text', (change, text) => {
    expect(refusal(checkProfile({ ...profile, ...change }, listed))).toBe(text);
  });

  it('given Devanagari with its vowel signs, virama and ZWJ/ZWNJ, then state, district and nominee are taken (issue 20)', () => {
    const hindi = {
      ...profile,
      state: 'महाराष्ट्र',
      district: 'नाशिक',
      nomineeName: 'रवि क्\u200Dष राव',
      nomineeRelation: 'भाई',
    };
    expect(checkProfile(hindi, listed)).toEqual({ ok: true, value: hindi });
    expect(refusal(checkProfile({ ...profile, nomineeName: '\u200Dरवि' }, listed))).toBe(M.nomineeNameFormat);
    expect(refusal(checkProfile({ ...profile, state: 'महा१' }, listed))).toBe(M.stateFormat);
  });

  it('given a state and district spelt as the region list spells them, then taken whatever their length', () => {
    const checked = checkProfile(
      { ...profile, state: 'Dadra and Nagar Haveli and Daman and Diu', district: 'Dadra and Nagar Haveli' },
      listed,
    );
    expect(checked.ok).toBe(true);
  });

  it('given good fields with spaces around, then they are kept trimmed', () => {
    const checked = checkProfile({ ...profile, nomineeName: '  Ravi Rao ' }, listed);
    expect(checked).toEqual({ ok: true, value: { ...profile, nomineeName: 'Ravi Rao' } });
  });
});

describe('bank details', () => {
  it.each([
    [{ accountNumber: '' }, M.accountRequired],
    [{ accountNumber: '12345678' }, M.accountFormat],
    [{ accountNumber: '12345678901234567890' }, M.accountFormat],
    [{ holder: ' ' }, M.holderRequired],
    [{ holder: 'Asha 2' }, M.holderFormat],
    [{ ifsc: '' }, M.ifscRequired],
    [{ ifsc: 'KKBK1000261' }, M.ifscInvalid],
    [{ ifsc: 'KKBK0999999' }, M.ifscInvalid],
    [{ transactionPassword: '' }, M.transactionPasswordRequired],
    [{ transactionPassword: 'x'.repeat(26) }, M.transactionPasswordTooLong],
    [{ pan: '' }, M.panRequired],
    [{ pan: 'ABCDE1234F' }, M.panInvalid],
    [{ aadhaar: '' }, M.aadhaarRequired],
    [{ aadhaar: '000000000000' }, M.aadhaarRequired],
    [{ aadhaar: AADHAAR.slice(0, 11) + String((Number(AADHAAR[11]) + 1) % 10) }, M.aadhaarInvalid],
    [{ upiNumber: '' }, M.upiRequired],
    [{ upiNumber: 'asha upi' }, M.upiFormat],
    [{ upiNumber: 'x'.repeat(13) }, M.upiFormat],
    [{ upiNumber: 'ravi@' }, M.upiIdFormat],
    [{ upiNumber: '@okaxis' }, M.upiIdFormat],
    [{ upiNumber: 'ravi@ok axis' }, M.upiIdFormat],
    [{ upiNumber: `${'r'.repeat(44)}@okaxis` }, M.upiIdFormat],
  ])('given %j, then refused with its text', (change, text) => {
    expect(refusal(checkBank({ ...bank, ...change }, exists))).toBe(text);
  });

  it('given a UPI ID (name@bank, up to 50 characters) or the 12-digit UPI number, then each is kept whole (issue 20)', () => {
    for (const upiNumber of ['ravi.kumar@okaxis', `${'r'.repeat(43)}@okaxis`, '987654321012']) {
      const checked = checkBank({ ...bank, upiNumber }, exists);
      expect(checked.ok && checked.value.upiNumber).toBe(upiNumber);
    }
  });

  it('given a good form, when saved, then the event carries PAN and Aadhaar masked, bank and branch from the look-up, the next KYC version', () => {
    const checked = checkBank(bank, exists);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.value).toMatchObject({ ifsc: 'KKBK0000261', pan: 'ABCPE1234F' });
    const decision = decideBankDetails({ ...open, kycVersion: 2 }, checked.value, {
      bankName: 'Kotak Mahindra Bank',
      branch: 'GURGAON',
    });
    expect(decision).toEqual({
      ok: true,
      kycVersion: 3,
      events: [
        {
          type: 'BankDetailsSaved',
          payload: {
            uid: '100000',
            accountNumber: '123456789012',
            holder: 'Asha Rao',
            ifsc: 'KKBK0000261',
            bankName: 'Kotak Mahindra Bank',
            branch: 'GURGAON',
            upiNumber: '9876543210',
            panMasked: 'XXXXX1234F',
            aadhaarMasked: `XXXXXXXX${AADHAAR.slice(-4)}`,
            kycVersion: 3,
          },
        },
      ],
    });
  });

  it('given locked bank details, when saved again, then Details Verified and Locked', () => {
    const checked = checkBank(bank, exists);
    if (!checked.ok) throw new Error(checked.message);
    expect(decideBankDetails({ ...open, bankLocked: true }, checked.value, { bankName: '', branch: '' })).toEqual({
      ok: false,
      outcome: PROFILE_OUTCOME.locked,
    });
  });
});

describe('wallet address', () => {
  it('given an address, then required, shaped, checksummed when mixed case; the transaction password required; stored checksummed', () => {
    expect(refusal(checkWallet({ address: ' ', transactionPassword: 'x' }))).toBe(M.walletRequired);
    expect(refusal(checkWallet({ address: '0x12', transactionPassword: 'x' }))).toBe(M.walletInvalid);
    expect(
      refusal(checkWallet({ address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', transactionPassword: 'x' })),
    ).toBe(M.walletChecksum);
    expect(
      refusal(checkWallet({ address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', transactionPassword: '' })),
    ).toBe(M.transactionPasswordRequired);
    expect(checkWallet({ address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', transactionPassword: 'x' })).toEqual({
      ok: true,
      value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it('given an unlocked wallet, when saved, then WalletAddressSaved; given a locked one, then Details Verified and Locked', () => {
    expect(decideWallet(open, '0xabc')).toEqual({
      ok: true,
      events: [{ type: 'WalletAddressSaved', payload: { uid: '100000', walletAddress: '0xabc' } }],
    });
    expect(decideWallet({ ...open, walletLocked: true }, '0xabc')).toEqual({
      ok: false,
      outcome: PROFILE_OUTCOME.locked,
    });
  });
});

describe('unlock', () => {
  it('given locked bank details, when an admin unlocks them with a reason, then BankDetailsUnlocked names the admin', () => {
    expect(decideUnlock({ ...open, bankLocked: true }, 'bank', 'approver', 'New account')).toEqual({
      ok: true,
      events: [{ type: 'BankDetailsUnlocked', payload: { uid: '100000', by: 'approver', reason: 'New account' } }],
    });
  });

  it('given nothing locked, when unlocked, then refused', () => {
    expect(decideUnlock(open, 'wallet', 'approver', 'x')).toMatchObject({ ok: false, code: 'PROFILE.NOT_LOCKED' });
  });
});
