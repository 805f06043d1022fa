import {
  checkRegistration,
  decideAgreeDisclaimer,
  decideBlock,
  decideLogin,
  decideResetPassword,
  RegistrationInput,
} from './member.decide';
import { MemberState } from './member.events';
import { REGISTRATION_MSG as R } from './member.messages';

const valid: RegistrationInput = {
  sid: '100000',
  name: 'Asha Rao',
  email: 'asha@b.co',
  mobile: '9876543210',
  countryid: '101',
  city: 'Nashik',
  state: 'Maharashtra',
  upinumber: 'asha@upi',
  password: 'secret1',
};
const member = (over: Partial<MemberState> = {}): MemberState => ({
  uid: '123456',
  name: 'Asha',
  email: 'a@b.co',
  status: 'Inactive',
  blocked: false,
  isagree: false,
  credentialVersion: 1,
  sessionEpoch: 0,
  mustChangePassword: false,
  version: 1,
  ...over,
});
const now = new Date('2026-11-22T10:00:00.000Z');
const policy = { maxFailures: 3, lockoutMinutes: 15 };

describe('checkRegistration', () => {
  it('accepts a complete registration', () => {
    expect(checkRegistration(valid)).toBeNull();
  });

  it.each<[Partial<RegistrationInput>, string]>([
    [{ sid: ' ' }, R.sponsorRequired],
    [{ sid: '1'.repeat(16) }, R.sponsorTooLong],
    [{ sid: '10000a' }, R.sponsorDigits],
    [{ name: '' }, R.nameRequired],
    [{ name: 'Abc' }, R.nameTooShort],
    [{ name: 'A'.repeat(21) }, R.nameTooLong],
    [{ name: 'Asha 99' }, R.nameLetters],
    [{ countryid: '' }, R.countryRequired],
    [{ city: '' }, R.cityRequired],
    [{ state: '' }, R.stateRequired],
    [{ mobile: '12345678' }, R.mobileInvalid],
    [{ mobile: '98765x4321' }, R.mobileInvalid],
    [{ upinumber: '' }, R.upiRequired],
    [{ upinumber: '9876543210123' }, R.upiTooLong],
    [{ upinumber: 'ravi@' }, R.upiIdInvalid],
    [{ upinumber: `${'r'.repeat(44)}@okaxis` }, R.upiIdInvalid],
    [{ name: 'रवि2 कुमार' }, R.nameLetters],
    [{ city: '\u200Cनाशिक' }, R.cityLetters],
    [{ password: '' }, R.passwordRequired],
    [{ password: '12345' }, R.passwordTooShort],
    [{ countryid: '99999999999999999999' }, R.countryRequired],
    [{ countryid: '2147483648' }, R.countryRequired],
    [{ email: '' }, R.emailInvalid],
    [{ email: 'as@b.co' }, R.emailInvalid],
    [{ email: 'asha@example' }, R.emailInvalid],
    [{ email: '<script>x</script>@example.com' }, R.emailInvalid],
    [{ email: '"asha"@example.com' }, R.emailInvalid],
    [{ email: `${'a'.repeat(45)}@b.com` }, R.emailTooLong],
  ])('given %j it answers "%s"', (override, message) => {
    expect(checkRegistration({ ...valid, ...override })).toBe(message);
  });

  it('accepts letters of any script (Devanagari with ZWJ/ZWNJ) and a UPI ID up to 50 characters (issue 20)', () => {
    expect(
      checkRegistration({
        ...valid,
        name: 'रवि कुमार',
        city: 'नाशिक',
        state: 'महाराष्ट्र',
        upinumber: 'ravi.kumar@okaxis',
      }),
    ).toBeNull();
    expect(checkRegistration({ ...valid, name: 'क्\u200Dष क्\u200Cष' })).toBeNull();
    expect(checkRegistration({ ...valid, upinumber: `${'r'.repeat(43)}@okaxis` })).toBeNull();
    expect(checkRegistration({ ...valid, upinumber: '987654321012' })).toBeNull();
  });

  it('reports the earliest rule in the spec order when several break', () => {
    expect(checkRegistration({ ...valid, password: '', mobile: '1', state: '', name: 'Ab' })).toBe(R.nameTooShort);
    expect(checkRegistration({ ...valid, password: '', mobile: '1', state: '' })).toBe(R.stateRequired);
    expect(checkRegistration({ ...valid, password: '', mobile: '1' })).toBe(R.mobileInvalid);
    expect(checkRegistration({ ...valid, password: '', email: 'bad' })).toBe(R.passwordRequired);
  });
});

describe('decideLogin', () => {
  const fresh = null;
  const failedFrom = (failures: number, lastFailedAt = new Date('2026-11-22T09:58:00Z')) => ({
    failures,
    lastFailedAt,
    lockedUntil: null,
    succeededAt: null,
  });

  it('given a good password, when logging in, then MemberLoggedIn', () => {
    expect(decideLogin(member(), true, fresh, now, policy)).toEqual({
      outcome: 'ok',
      events: [{ type: 'MemberLoggedIn', payload: {} }],
    });
  });

  it('given a wrong password, then LoginFailed counting the failures from this address', () => {
    expect(decideLogin(member(), false, failedFrom(1), now, policy)).toEqual({
      outcome: 'failed',
      events: [{ type: 'LoginFailed', payload: { failures: 2 } }],
    });
  });

  it('given the last allowed failure from this address, then the address is locked out for the policy window', () => {
    const decision = decideLogin(member(), false, failedFrom(2), now, policy);
    expect(decision.outcome).toBe('locked');
    expect(decision.events[1]).toEqual({ type: 'MemberLockedOut', payload: { until: '2026-11-22T10:15:00.000Z' } });
  });

  it('given failures older than the window, then the count starts again', () => {
    expect(decideLogin(member(), false, failedFrom(2, new Date('2026-11-22T09:45:00Z')), now, policy)).toEqual({
      outcome: 'failed',
      events: [{ type: 'LoginFailed', payload: { failures: 1 } }],
    });
  });

  it('given a lock-out of this address still running, then even the right password is refused and nothing is recorded', () => {
    expect(
      decideLogin(member(), true, { ...failedFrom(3), lockedUntil: new Date('2026-11-22T10:05:00Z') }, now, policy),
    ).toEqual({ outcome: 'locked', events: [] });
  });

  it('given an expired lock-out, then the right password works', () => {
    expect(
      decideLogin(member(), true, { ...failedFrom(3), lockedUntil: new Date('2026-11-22T09:59:59Z') }, now, policy)
        .outcome,
    ).toBe('ok');
  });

  it('given a blocked member and the right password, then the login is refused as blocked and nothing is recorded', () => {
    expect(decideLogin(member({ blocked: true }), true, fresh, now, policy)).toEqual({
      outcome: 'blocked',
      events: [],
    });
  });

  it('given a blocked member and a wrong password, then it is an ordinary failure: the block is not revealed', () => {
    expect(decideLogin(member({ blocked: true }), false, fresh, now, policy)).toEqual({
      outcome: 'failed',
      events: [{ type: 'LoginFailed', payload: { failures: 1 } }],
    });
  });
});

describe('other member decisions', () => {
  it('records the disclaimer agreement only once', () => {
    expect(decideAgreeDisclaimer(member())).toEqual([{ type: 'DisclaimerAgreed', payload: {} }]);
    expect(decideAgreeDisclaimer(member({ isagree: true }))).toEqual([]);
  });

  it('blocks and unblocks only when the state changes, each moving the session epoch on', () => {
    expect(decideBlock(member(), true, 'r')).toEqual([
      { type: 'MemberBlocked', payload: { remark: 'r', sessionEpoch: 1 } },
    ]);
    expect(decideBlock(member({ blocked: true }), true, 'r')).toEqual([]);
    expect(decideBlock(member({ blocked: true, sessionEpoch: 1 }), false, 'ok')).toEqual([
      { type: 'MemberUnblocked', payload: { remark: 'ok', sessionEpoch: 2 } },
    ]);
  });

  it('accepts a reset link once, before expiry, with the mailed secret only', () => {
    const token = { uid: '123456', secretHash: 'h', expiresAt: new Date('2026-11-22T10:30:00Z'), usedAt: null };
    expect(decideResetPassword(member(), token, 't1', 'h', now)).toEqual([
      { type: 'PasswordChanged', payload: { credentialVersion: 2, via: 'reset', resetTokenId: 't1' } },
    ]);
    expect(decideResetPassword(member(), token, 't1', 'other', now)).toBeNull();
    expect(decideResetPassword(member(), { ...token, usedAt: now }, 't1', 'h', now)).toBeNull();
    expect(decideResetPassword(member(), token, 't1', 'h', new Date('2026-11-22T10:30:00Z'))).toBeNull();
    expect(decideResetPassword(member({ uid: '654321' }), token, 't1', 'h', now)).toBeNull();
  });
});
