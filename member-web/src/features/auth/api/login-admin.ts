import { apiClient } from '../../../lib/api-client';
import { toLoginAnswer, type LoginAnswer } from './login';

/**
 * POST /api/loginAdmin with the single-use "Log in as" token. The token works once, so the
 * request is shared per token: a second mount (React StrictMode) must not spend it again.
 */
const inFlight = new Map<string, Promise<LoginAnswer>>();

export function loginAdmin(token: string): Promise<LoginAnswer> {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = apiClient.post<Partial<LoginAnswer>>('/loginAdmin', { token }).then((r) => toLoginAnswer(r.data));
    inFlight.set(token, pending);
  }
  return pending;
}
