import { apiClient } from '../../../lib/api-client';

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
}

/**
 * POST /api/registrationWeb. Bank, nominee, PAN and Aadhar fields are sent empty, as the
 * spec's client does; the server answers 400 `{ result }` for a failed check, read alike.
 */
export async function registerMember(input: RegistrationInput): Promise<RegistrationAnswer> {
  const response = await apiClient.post<Partial<RegistrationAnswer>>('/registrationWeb', {
    ...input,
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
  });
  const body = response.data ?? {};
  return {
    result: typeof body.result === 'string' ? body.result : '',
    uid_output: body.uid_output === undefined || body.uid_output === null ? '' : String(body.uid_output),
  };
}
