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

/** Input caps (spec §5); the name check allows 20 although the input takes 50. */
export const MAX_LENGTH = {
  sponsorId: 10,
  userName: 50,
  email: 50,
  mobile: 12,
  city: 20,
  state: 20,
  upiNumber: 12,
  password: 30,
  confirmPassword: 20,
} as const;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');
export const lettersAndSpaces = (value: string) => value.replace(/[^A-Za-z ]/g, '');

/** The email pattern only raises a flag; it never blocks submission (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]{3,}@[^\s@]+\.[^\s@]+$/;

/**
 * The spec's ten registration checks, in its order; the first failure is the message shown.
 * Returns null when the form may be sent.
 */
export function firstRegistrationProblem(form: RegistrationForm): string | null {
  const sponsorId = form.sponsorId.trim();
  const userName = form.userName.trim();
  if (sponsorId === '') return 'Sponsor ID is required';
  if (sponsorId.length > 15) return 'Sponsor Id should not be greater than 15 characters';
  if (userName === '') return 'User Name is required';
  if (userName.length < 4) return 'User Name must be at least 4 characters';
  if (userName.length > 20) return 'User Name should not be greater than 20 characters';
  if (form.countryId === '') return 'Country is required';
  if (form.city.trim() === '') return 'City is required';
  if (form.state.trim() === '') return 'State is required';
  if (form.mobile.length <= 8) return 'Enter Valid Mobile Number !!';
  if (form.upiNumber.trim() === '') return 'UPI number is required';
  if (form.password === '') return 'Password is required';
  if (form.password.length < 6) return 'Password must be at least 6 characters';
  if (form.password !== form.confirmPassword) return 'Confirm Password is not match';
  if (!form.termsAccepted) return 'Select Terms and Conditions';
  return null;
}
