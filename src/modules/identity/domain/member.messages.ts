import { outcome, textsOf } from '../../../platform/errors';

/** The member contract's outcomes (spec §5, §8) in one place: a stable code and the spec's exact text. */
export const MEMBER_OUTCOME = {
  success: outcome('MEMBER.SUCCESS', 'Successfull'),
  registered: outcome('MEMBER.REGISTERED', 'Registration Successfull'),
  sponsorMissing: outcome('MEMBER.SPONSOR_MISSING', 'Sponsor Id doesnot exists !!'),
  sponsorExists: outcome('MEMBER.SPONSOR_EXISTS', 'Sponsor Id exists'),
  badLogin: outcome('MEMBER.BAD_LOGIN', 'Invalid User Id or Password'),
  blocked: outcome('MEMBER.BLOCKED', 'Your account is blocked. Please contact admin.'),
  /** A stranger's login on an account under attack when the queue of turns is full (decision 0013); the rate limit's words. */
  busy: outcome('MEMBER.LOGIN_BUSY', 'Too many requests. Please try again later.'),
  passwordSent: outcome('MEMBER.PASSWORD_SENT', 'Password sent to Email Id'),
  invalidUserId: outcome('MEMBER.INVALID_USER_ID', 'Invalid User Id'),
  resetDone: outcome('MEMBER.RESET_DONE', 'Password Reset Successfully'),
  resetInvalid: outcome('MEMBER.RESET_INVALID', 'Invalid or expired reset link'),
  impersonationInvalid: outcome('MEMBER.IMPERSONATION_INVALID', 'Invalid or expired login link'),
  impersonationRefused: outcome(
    'MEMBER.IMPERSONATION_REFUSED',
    'Not allowed in a "Log in as" session: only a superadmin may move money or change credentials for a member',
  ),
  loginRequired: outcome('MEMBER.LOGIN_REQUIRED', 'Please login to access this resource'),
  /** The account's credential row does not match the ledger's commitment (decision 0044): nothing is checked against it. */
  credentialUnverified: outcome(
    'MEMBER.CREDENTIAL_UNVERIFIED',
    'Your login details could not be verified. Please contact admin.',
  ),
} as const;

/** The texts alone, as the answers carry them (and the lock-out's, which names its minutes: `MEMBER.LOCKED_OUT`). */
export const MSG = {
  ...textsOf(MEMBER_OUTCOME),
  lockedOut: (minutes: number) => `Too many failed attempts. Try again after ${minutes} minutes.`,
} as const;

/** Registration checks, in the spec's order (§5). */
export const REGISTRATION_OUTCOME = {
  sponsorRequired: outcome('REGISTRATION.SPONSOR_REQUIRED', 'Sponsor ID is required'),
  sponsorTooLong: outcome('REGISTRATION.SPONSOR_TOO_LONG', 'Sponsor Id should not be greater than 15 characters'),
  sponsorDigits: outcome('REGISTRATION.SPONSOR_DIGITS', 'Sponsor Id must contain digits only'),
  nameRequired: outcome('REGISTRATION.NAME_REQUIRED', 'User Name is required'),
  nameTooShort: outcome('REGISTRATION.NAME_TOO_SHORT', 'User Name must be at least 4 characters'),
  nameTooLong: outcome('REGISTRATION.NAME_TOO_LONG', 'User Name should not be greater than 20 characters'),
  nameLetters: outcome('REGISTRATION.NAME_LETTERS', 'User Name may contain letters and spaces only'),
  countryRequired: outcome('REGISTRATION.COUNTRY_REQUIRED', 'Country is required'),
  cityRequired: outcome('REGISTRATION.CITY_REQUIRED', 'City is required'),
  cityLetters: outcome('REGISTRATION.CITY_LETTERS', 'City may contain letters and spaces only'),
  stateRequired: outcome('REGISTRATION.STATE_REQUIRED', 'State is required'),
  stateLetters: outcome('REGISTRATION.STATE_LETTERS', 'State may contain letters and spaces only'),
  mobileInvalid: outcome('REGISTRATION.MOBILE_INVALID', 'Enter Valid Mobile Number !!'),
  upiRequired: outcome('REGISTRATION.UPI_REQUIRED', 'UPI number is required'),
  upiTooLong: outcome('REGISTRATION.UPI_TOO_LONG', 'UPI number should not be greater than 12 characters'),
  /** Issue 20 (decision 0041): a value with an `@` is a UPI ID, checked as one. */
  upiIdInvalid: outcome('REGISTRATION.UPI_ID_INVALID', 'Enter a valid UPI ID (name@bank, at most 50 characters)'),
  passwordRequired: outcome('REGISTRATION.PASSWORD_REQUIRED', 'Password is required'),
  passwordTooShort: outcome('REGISTRATION.PASSWORD_TOO_SHORT', 'Password must be at least 6 characters'),
  passwordTooLong: outcome('REGISTRATION.PASSWORD_TOO_LONG', 'Password should not be greater than 30 characters'),
  emailTooLong: outcome('REGISTRATION.EMAIL_TOO_LONG', 'Email should not be greater than 50 characters'),
  emailInvalid: outcome('REGISTRATION.EMAIL_INVALID', 'Enter Valid Email Id !!'),
  cityTooLong: outcome('REGISTRATION.CITY_TOO_LONG', 'City should not be greater than 20 characters'),
  stateTooLong: outcome('REGISTRATION.STATE_TOO_LONG', 'State should not be greater than 20 characters'),
} as const;

/** The texts alone, in the same order. */
export const REGISTRATION_MSG = textsOf(REGISTRATION_OUTCOME);
