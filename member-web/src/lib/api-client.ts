import axios, { AxiosError, type AxiosResponse } from 'axios';
import i18n from 'i18next';
import { noteReachable, noteUnreachable } from './connection';
import { navigateTo } from './navigation';
import { offerRetry } from './notify';
import { getSession, signOut } from './session';

export { setNavigator } from './navigation';

/** The server's answer on any protected call whose token is missing, expired or revoked. */
export const FORCED_LOGOUT_TEXT = 'Please login to access this resource';

/**
 * The code of the 403 every call but the password change answers while the member's password is a
 * one-time one (production bootstrap, decision 0032).
 */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'AUTH.PASSWORD_CHANGE_REQUIRED';
/** Where that 403 takes the member: the change-password screen, saying why. */
export const PASSWORD_CHANGE_REQUIRED_PATH = '/ChangePassword?required=1';

/** Raised instead of a response once the member was sent to change their password, so callers stop. */
export class PasswordChangeRequiredError extends Error {
  constructor() {
    super('Please change your password first');
    this.name = 'PasswordChangeRequiredError';
  }
}

/** Raised instead of a response once the forced logout has happened, so callers stop. */
export class ForcedLogoutError extends Error {
  constructor() {
    super(FORCED_LOGOUT_TEXT);
    this.name = 'ForcedLogoutError';
  }
}

/**
 * The one HTTP client of member-web. Business outcomes arrive as text in `result`, and
 * the contract answers malformed input with 400 `{ result }`, so every 4xx body is handed
 * to the caller like a 200 body: screens read `result` the same way whatever the status.
 */
export const apiClient = axios.create({
  baseURL: '/api',
  headers: { 'Content-Type': 'application/json' },
  validateStatus: (status) => status >= 200 && status < 500,
});

apiClient.interceptors.request.use((config) => {
  const { jwtToken } = getSession();
  if (jwtToken) config.headers.set('Authorization', `Bearer ${jwtToken}`);
  return config;
});

function asksForLogin(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { result, message } = body as { result?: unknown; message?: unknown };
  return result === FORCED_LOGOUT_TEXT || message === FORCED_LOGOUT_TEXT;
}

function asksForPasswordChange(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { code?: unknown }).code === PASSWORD_CHANGE_REQUIRED_CODE
  );
}

/** Sends the member to the change-password screen (once: not again while already there). */
function requirePasswordChange(): void {
  if (typeof window !== 'undefined' && window.location.pathname === '/ChangePassword') return;
  navigateTo(PASSWORD_CHANGE_REQUIRED_PATH);
}

export function forceLogout(): void {
  signOut();
  navigateTo('/login');
}

/** The server could not reach its database or Redis (503): the call failed, the session stands. */
export class ServiceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * A 503 never ends the session (only the forced-logout text does): the member is offered a retry,
 * and the call is sent again when they take it; closing the offer fails the call with ServiceUnavailableError.
 */
async function retryWhenAsked(error: AxiosError): Promise<AxiosResponse> {
  const message = i18n.t('unavailable.message', { defaultValue: 'Service temporarily unavailable. Please try again.' });
  try {
    await offerRetry(message, i18n.t('unavailable.retry', { defaultValue: 'Retry' }));
  } catch {
    throw new ServiceUnavailableError(message);
  }
  return apiClient.request(error.config!);
}

apiClient.interceptors.response.use(
  (response: AxiosResponse) => {
    noteReachable();
    if (asksForLogin(response.data)) {
      forceLogout();
      return Promise.reject(new ForcedLogoutError());
    }
    if (response.status === 403 && asksForPasswordChange(response.data)) {
      requirePasswordChange();
      return Promise.reject(new PasswordChangeRequiredError());
    }
    return response;
  },
  (error: unknown) => {
    // No answer at all (offline, a dropped connection): the app shows it is offline (lib/connection.ts).
    if (error instanceof AxiosError && !error.response && error.code !== AxiosError.ERR_CANCELED) noteUnreachable();
    else if (error instanceof AxiosError && error.response) noteReachable();
    if (error instanceof AxiosError && asksForLogin(error.response?.data)) {
      forceLogout();
      return Promise.reject(new ForcedLogoutError());
    }
    if (error instanceof AxiosError && error.response?.status === 503 && error.config) return retryWhenAsked(error);
    return Promise.reject(error);
  },
);

/** Reads the server's `result` text, or '' when the body has none. */
export function resultText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && body !== null) {
    const { result } = body as { result?: unknown };
    if (typeof result === 'string') return result;
  }
  return '';
}
