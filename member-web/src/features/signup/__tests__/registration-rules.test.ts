import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, firstRegistrationProblem, type RegistrationForm } from '../components/registration-rules';

const valid: RegistrationForm = {
  sponsorId: '100000',
  userName: 'Asha Rao',
  email: 'asha@example.in',
  countryId: '101',
  mobile: '9876543210',
  city: 'Nashik',
  state: 'Maharashtra',
  upiNumber: '9876543210',
  password: 'secret12',
  confirmPassword: 'secret12',
  termsAccepted: true,
};

describe('registration checks', () => {
  it('proves every message of the ten checks, including the length limits the inputs cannot reach', () => {
    const cases: Array<[Partial<RegistrationForm>, string]> = [
      [{ sponsorId: '' }, 'Sponsor ID is required'],
      [{ sponsorId: '1234567890123456' }, 'Sponsor Id should not be greater than 15 characters'],
      [{ userName: '' }, 'User Name is required'],
      [{ userName: 'Ash' }, 'User Name must be at least 4 characters'],
      [{ userName: 'A'.repeat(21) }, 'User Name should not be greater than 20 characters'],
      [{ countryId: '' }, 'Country is required'],
      [{ city: '' }, 'City is required'],
      [{ state: '' }, 'State is required'],
      [{ mobile: '12345678' }, 'Enter Valid Mobile Number !!'],
      [{ upiNumber: '' }, 'UPI number is required'],
      [{ password: '', confirmPassword: '' }, 'Password is required'],
      [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
      [{ confirmPassword: 'secret13' }, 'Confirm Password is not match'],
      [{ termsAccepted: false }, 'Select Terms and Conditions'],
    ];
    for (const [change, message] of cases) {
      expect(firstRegistrationProblem({ ...valid, ...change })).toBe(message);
    }
    expect(firstRegistrationProblem(valid)).toBeNull();
  });

  it('proves a nine-digit mobile passes (the rule is "more than 8 digits")', () => {
    expect(firstRegistrationProblem({ ...valid, mobile: '123456789' })).toBeNull();
  });

  it('proves the email pattern needs three non-space, non-@ characters, an @ and a dotted domain', () => {
    expect(EMAIL_PATTERN.test('asha@example.in')).toBe(true);
    expect(EMAIL_PATTERN.test('as@example.in')).toBe(false);
    expect(EMAIL_PATTERN.test('asha@example')).toBe(false);
    expect(firstRegistrationProblem({ ...valid, email: 'not an email' })).toBeNull();
  });
});
