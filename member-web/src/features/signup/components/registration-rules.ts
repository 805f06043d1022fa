import { i18n } from '../../../lib/i18n';
import { UPI_ID_MAX_LENGTH, upiProblem } from '../../../lib/input-rules';

/** The registration form's values as typed. */
export interface RegistrationForm {
  sponsorId: string;
  userName: string;
  email: string;
  countryId: string;
  mobile: string;
  city: string;
  state: string;
  upiNumber: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

/**
 * Input caps (spec §5); the name check allows 20 although the input takes 50. The UPI field takes a
 * UPI ID of up to 50 characters as well as the spec's 12-character UPI number (decision 0041).
 */
export const MAX_LENGTH = {
  sponsorId: 10,
  userName: 50,
  email: 50,
  mobile: 12,
  city: 20,
  state: 20,
  upiNumber: UPI_ID_MAX_LENGTH,
  password: 30,
  confirmPassword: 20,
} as const;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The email pattern only raises a flag; it never blocks submission (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]{3,}@[^\s@]+\.[^\s@]+$/;

/** A failed check: the field it belongs to and its catalogue key (namespace `signup`). */
export interface RegistrationIssue {
  field: keyof RegistrationForm;
  key: string;
}

/**
 * The spec's ten registration checks, in its order; the first failure is the one shown.
 * Returns null when the form may be sent.
 */
export function firstRegistrationIssue(form: RegistrationForm): RegistrationIssue | null {
  const sponsorId = form.sponsorId.trim();
  const userName = form.userName.trim();
  const issue = (field: keyof RegistrationForm, key: string): RegistrationIssue => ({ field, key: `rules.${key}` });
  if (sponsorId === '') return issue('sponsorId', 'sponsorRequired');
  if (sponsorId.length > 15) return issue('sponsorId', 'sponsorTooLong');
  if (userName === '') return issue('userName', 'nameRequired');
  if (userName.length < 4) return issue('userName', 'nameTooShort');
  if (userName.length > 20) return issue('userName', 'nameTooLong');
  if (form.countryId === '') return issue('countryId', 'countryRequired');
  if (form.city.trim() === '') return issue('city', 'cityRequired');
  if (form.state.trim() === '') return issue('state', 'stateRequired');
  if (form.mobile.length <= 8) return issue('mobile', 'mobileInvalid');
  if (form.upiNumber.trim() === '') return issue('upiNumber', 'upiRequired');
  const upi = upiProblem(form.upiNumber.trim());
  if (upi) return issue('upiNumber', upi);
  if (form.password === '') return issue('password', 'passwordRequired');
  if (form.password.length < 6) return issue('password', 'passwordTooShort');
  if (form.password !== form.confirmPassword) return issue('confirmPassword', 'confirmMismatch');
  if (!form.termsAccepted) return issue('termsAccepted', 'termsRequired');
  return null;
}

/** The first failed check's message in the current language, or null when the form may be sent. */
export function firstRegistrationProblem(form: RegistrationForm): string | null {
  const issue = firstRegistrationIssue(form);
  return issue ? i18n.t(issue.key, { ns: 'signup' }) : null;
}
