import { isEmail } from 'class-validator';
import { isLettersAndSpaces, isUpiId, looksLikeUpiId } from '../../../platform/text/letters-and-upi';
import { decideLoginEvents, LoginAddressState, LoginEventNames, LoginPolicy } from './login-attempts';
import { MemberEvent, MemberState } from './member.events';
import { REGISTRATION_MSG as R } from './member.messages';

/**
 * Pure decisions of the member stream: state and time in, events (or a refusal) out.
 * Hashing, ids and clocks are the handler's business and arrive as arguments.
 */

export interface RegistrationInput {
  sid: string;
  name: string;
  email: string;
  mobile: string;
  countryid: string;
  city: string;
  state: string;
  upinumber: string;
  password: string;
}

const DIGITS = /^\d+$/;
/** Country ids are small numbers (the list holds ~250); more digits than this cannot name one and would overflow the column. */
const COUNTRY_ID = /^\d{1,6}$/;
/** The spec's pattern (§5): at least 3 characters that are not space or @, then @, then a domain with a dot. */
const SPEC_EMAIL = /^[^\s@]{3,}@[^\s@]+\.[^\s@]+$/;

/**
 * A well-formed address: the spec's pattern, and an address a mail server takes (validator.js's
 * isEmail: a real domain shape, no control characters), without the quoted local parts and
 * markup characters RFC 5322 allows but no member needs and every screen would have to escape.
 */
export const isWellFormedEmail = (email: string): boolean =>
  SPEC_EMAIL.test(email) && isEmail(email, { blacklisted_chars: '"<>`' });

/**
 * The registration rules in the spec's order; the first broken one is the answer. The spec's
 * rules 9 (confirm password) and 10 (terms) are client-side only: the call carries neither.
 * Beyond the spec, the server also enforces the client's input filters and maximum lengths,
 * so a hand-made request cannot store what the form could never send, and refuses an email
 * that is not well-formed (the client only flags it). Issue 20 (decision 0041): names, cities and
 * states take letters of any script, and the UPI field takes a UPI ID (`name@bank`, at most 50)
 * beside the spec's UPI number of at most 12 characters.
 */
export function checkRegistration(input: RegistrationInput): string | null {
  const sid = input.sid.trim();
  if (!sid) return R.sponsorRequired;
  if (sid.length > 15) return R.sponsorTooLong;
  if (!DIGITS.test(sid)) return R.sponsorDigits;
  const name = input.name.trim();
  if (!name) return R.nameRequired;
  if (name.length < 4) return R.nameTooShort;
  if (name.length > 20) return R.nameTooLong;
  if (!isLettersAndSpaces(name)) return R.nameLetters;
  if (!COUNTRY_ID.test(input.countryid.trim())) return R.countryRequired;
  const city = input.city.trim();
  if (!city) return R.cityRequired;
  if (!isLettersAndSpaces(city)) return R.cityLetters;
  if (city.length > 20) return R.cityTooLong;
  const state = input.state.trim();
  if (!state) return R.stateRequired;
  if (!isLettersAndSpaces(state)) return R.stateLetters;
  if (state.length > 20) return R.stateTooLong;
  const mobile = input.mobile.trim();
  if (!DIGITS.test(mobile) || mobile.length <= 8 || mobile.length > 12) return R.mobileInvalid;
  const upi = input.upinumber.trim();
  if (!upi) return R.upiRequired;
  if (looksLikeUpiId(upi)) {
    if (!isUpiId(upi)) return R.upiIdInvalid;
  } else if (upi.length > 12) return R.upiTooLong;
  if (!input.password) return R.passwordRequired;
  if (input.password.length < 6) return R.passwordTooShort;
  if (input.password.length > 30) return R.passwordTooLong;
  // The email comes last: the spec's client only flags it, so the spec's ten checks answer first.
  // The reset link is mailed to it, and the server stores only a well-formed address (decision 0014).
  const email = input.email.trim();
  if (email.length > 50) return R.emailTooLong;
  if (!isWellFormedEmail(email)) return R.emailInvalid;
  return null;
}

export type LoginDecision =
  { outcome: 'blocked'; events: [] } | { outcome: 'locked' | 'failed' | 'ok'; events: MemberEvent[] };

const MEMBER_LOGIN_EVENTS: LoginEventNames<MemberEvent> = {
  loggedIn: { type: 'MemberLoggedIn', payload: {} },
  failed: (failures) => ({ type: 'LoginFailed', payload: { failures } }),
  lockedOut: (until) => ({ type: 'MemberLockedOut', payload: { until } }),
};

/**
 * A login attempt on an existing member from one client address, after the password was checked.
 * Failures count per (member, address): see login-attempts.ts.
 */
export function decideLogin(
  state: MemberState,
  passwordOk: boolean,
  address: LoginAddressState | null,
  now: Date,
  policy: LoginPolicy,
): LoginDecision {
  const decision = decideLoginEvents(state.blocked, passwordOk, address, now, policy, MEMBER_LOGIN_EVENTS);
  return decision.outcome === 'refused' ? { outcome: 'blocked', events: [] } : decision;
}

export function decideAgreeDisclaimer(state: MemberState): MemberEvent[] {
  return state.isagree ? [] : [{ type: 'DisclaimerAgreed', payload: {} }];
}

export function decideBlock(state: MemberState, block: boolean, remark: string): MemberEvent[] {
  if (state.blocked === block) return [];
  const payload = { remark, sessionEpoch: state.sessionEpoch + 1 };
  return [block ? { type: 'MemberBlocked', payload } : { type: 'MemberUnblocked', payload }];
}

export interface ResetTokenState {
  uid: string;
  secretHash: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A reset link works once, before it expires, and only with the secret that was mailed. */
export function decideResetPassword(
  member: MemberState,
  token: ResetTokenState,
  tokenId: string,
  presentedSecretHash: string,
  now: Date,
): MemberEvent[] | null {
  if (token.uid !== member.uid || token.usedAt || token.expiresAt.getTime() <= now.getTime()) return null;
  if (token.secretHash !== presentedSecretHash) return null;
  return [
    {
      type: 'PasswordChanged',
      payload: { credentialVersion: member.credentialVersion + 1, via: 'reset', resetTokenId: tokenId },
    },
  ];
}
