import { apiClient } from '../../../lib/api-client';
import { BLANK_REGISTRATION_FIELDS } from './blank-registration-fields';

export const REGISTRATION_SUCCESS = 'Registration Successfull';

export interface RegistrationInput {
  sid: string;
  name: string;
  email: string;
  password: string;
  mobile: string;
  countryid: string;
  city: string;
  state: string;
  upinumber: string;
}

export interface RegistrationAnswer {
  result: string;
  uid_output: string;
  /** Shows this browser the welcome letter in full (welcome-token.ts); '' when none came. */
  welcomeToken: string;
}

/**
 * POST /api/registrationWeb. Bank, nominee, PAN and Aadhar fields are sent empty, as the
 * spec's client does; the server answers 400 `{ result }` for a failed check, read alike.
 */
export async function registerMember(input: RegistrationInput): Promise<RegistrationAnswer> {
  const response = await apiClient.post<Partial<RegistrationAnswer>>('/registrationWeb', {
    ...input,
    ...BLANK_REGISTRATION_FIELDS,
  });
  const body = response.data ?? {};
  return {
    result: typeof body.result === 'string' ? body.result : '',
    uid_output: body.uid_output === undefined || body.uid_output === null ? '' : String(body.uid_output),
    welcomeToken: typeof body.welcomeToken === 'string' ? body.welcomeToken : '',
  };
}
