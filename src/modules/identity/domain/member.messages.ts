/** The member contract's exact texts (spec §5, §8), in one place. */
export const MSG = {
  success: 'Successfull',
  registered: 'Registration Successfull',
  sponsorMissing: 'Sponsor Id doesnot exists !!',
  sponsorExists: 'Sponsor Id exists',
  badLogin: 'Invalid User Id or Password',
  blocked: 'Your account is blocked. Please contact admin.',
  /** A stranger's login on an account under attack when the queue of turns is full (decision 0013); the rate limit's words. */
  busy: 'Too many requests. Please try again later.',
  lockedOut: (minutes: number) => `Too many failed attempts. Try again after ${minutes} minutes.`,
  passwordSent: 'Password sent to Email Id',
  invalidUserId: 'Invalid User Id',
  resetDone: 'Password Reset Successfully',
  resetInvalid: 'Invalid or expired reset link',
  impersonationInvalid: 'Invalid or expired login link',
  impersonationRefused:
    'Not allowed in a "Log in as" session: only a superadmin may move money or change credentials for a member',
  loginRequired: 'Please login to access this resource',
} as const;

/** Registration checks, in the spec's order (§5). */
export const REGISTRATION_MSG = {
  sponsorRequired: 'Sponsor ID is required',
  sponsorTooLong: 'Sponsor Id should not be greater than 15 characters',
  sponsorDigits: 'Sponsor Id must contain digits only',
  nameRequired: 'User Name is required',
  nameTooShort: 'User Name must be at least 4 characters',
  nameTooLong: 'User Name should not be greater than 20 characters',
  nameLetters: 'User Name may contain letters and spaces only',
  countryRequired: 'Country is required',
  cityRequired: 'City is required',
  cityLetters: 'City may contain letters and spaces only',
  stateRequired: 'State is required',
  stateLetters: 'State may contain letters and spaces only',
  mobileInvalid: 'Enter Valid Mobile Number !!',
  upiRequired: 'UPI number is required',
  upiTooLong: 'UPI number should not be greater than 12 characters',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password should not be greater than 30 characters',
  emailTooLong: 'Email should not be greater than 50 characters',
  emailInvalid: 'Enter Valid Email Id !!',
  cityTooLong: 'City should not be greater than 20 characters',
  stateTooLong: 'State should not be greater than 20 characters',
} as const;
