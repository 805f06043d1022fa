import type { AuthProvider } from 'react-admin';
import {
  clearSession,
  isAdminRole,
  PASSWORD_CHANGE_REQUIRED_CODE,
  PASSWORD_PAGE,
  readSession,
  saveSession,
} from './session';

export const LOGIN_URL = '/admin-api/auth/login';
export const LOGOUT_URL = '/admin-api/auth/logout';
/** The enrolment screen (src/totp/TotpPage.tsx), where an admin sets up its authenticator app. */
export const TOTP_PATH = '/totp';

interface LoginParams {
  username: string;
  password: string;
  /** The second step: a 6-digit code from the authenticator app, or a recovery code. */
  totp?: string;
}

interface HttpErrorLike {
  status?: number;
  body?: unknown;
}

/** Whether an error is the API's 403 for an account whose one-time password must be changed first. */
export function isPasswordChangeRequired(error: HttpErrorLike | null | undefined): boolean {
  const body = error?.body as { code?: unknown } | undefined;
  return error?.status === 403 && body?.code === PASSWORD_CHANGE_REQUIRED_CODE;
}

/** The `code` of an API error body (`ADMIN.TOTP_REQUIRED`…), if any. */
const codeOf = (body: unknown): unknown => (body as { code?: unknown } | null)?.code;

/** The login form asks for the code when the login rejects with this message. */
export const TOTP_REQUIRED_MESSAGE = 'sahyog.auth.totp_required';

/** The login's refusals the form shows, by the API's code (401s without one are a wrong password). */
const LOGIN_REFUSALS: Record<string, string> = {
  'ADMIN.TOTP_REQUIRED': TOTP_REQUIRED_MESSAGE,
  'ADMIN.TOTP_INVALID': 'sahyog.auth.totp_invalid',
  'ADMIN.LOCKED_OUT': 'sahyog.auth.locked_out',
};

async function postLogin({ username, password, totp }: LoginParams): Promise<Response> {
  try {
    return await fetch(LOGIN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username, password, ...(totp ? { totp } : {}) }),
    });
  } catch {
    throw new Error('sahyog.auth.unreachable');
  }
}

/**
 * Admin authentication against POST /admin-api/auth/login.
 * A 401 from any later call ends the session; a 403 keeps it (the admin lacks the role for
 * that one call, and react-admin shows the error), and so does a 503 (issue 19 §2). A 403
 * AUTH.PASSWORD_CHANGE_REQUIRED (a one-time password, decision 0032) keeps it too and takes the admin
 * to the password page, as a login that answers mustChangePassword does. Logout ends the session
 * server-side first.
 */
export const authProvider = {
  async login(params: LoginParams) {
    const response = await postLogin(params);
    if (response.status === 401 || response.status === 400) {
      const refusal: unknown = await response.json().catch(() => null);
      const code = codeOf(refusal);
      throw new Error((typeof code === 'string' && LOGIN_REFUSALS[code]) || 'sahyog.auth.invalid');
    }
    if (response.status === 429) throw new Error('sahyog.auth.too_many');
    if (response.status === 503) throw new Error('sahyog.auth.unavailable');
    if (!response.ok) throw new Error('sahyog.auth.failed');
    const body: unknown = await response.json();
    const { token, username, role, totpEnrolmentRequired } = (body ?? {}) as Record<string, unknown>;
    if (typeof token !== 'string' || !token || !isAdminRole(role)) throw new Error('sahyog.auth.failed');
    saveSession({ token, role, username: typeof username === 'string' ? username : params.username });
    // A one-time password first; then, where every admin must enrol, the authenticator: until then
    // the token reaches nothing else.
    if ((body as { mustChangePassword?: unknown }).mustChangePassword === true) return { redirectTo: PASSWORD_PAGE };
    if (totpEnrolmentRequired === true) return { redirectTo: TOTP_PATH };
    return undefined;
  },

  /** Ends the token server-side (a later call with it answers 401), then forgets it; an unreachable server still logs out here. */
  async logout() {
    const session = readSession();
    clearSession();
    if (!session) return;
    try {
      await fetch(LOGOUT_URL, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${session.token}` },
      });
    } catch {
      // The token is forgotten here either way; the server ends it after 30 idle minutes.
    }
  },

  async checkAuth() {
    if (!readSession()) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: HttpErrorLike) {
    if (isPasswordChangeRequired(error)) {
      throw Object.assign(new Error('sahyog.auth.password_change_required'), {
        logoutUser: false,
        redirectTo: PASSWORD_PAGE,
      });
    }
    if (error?.status === 401) {
      clearSession();
      throw new Error('ra.notification.logged_out');
    }
    // The account must enrol its authenticator first: to the enrolment screen, still signed in.
    if (error?.status === 403 && codeOf(error.body) === 'ADMIN.TOTP_ENROLMENT_REQUIRED') {
      throw { redirectTo: TOTP_PATH, logoutUser: false, message: 'sahyog.totp.enrolment_required' };
    }
    // 403, 503 (the server cannot reach its database or Redis: reads are retried, queryClient.ts) and
    // every other error: stay logged in; the caller's notification shows the message.
  },

  async getPermissions() {
    return readSession()?.role ?? null;
  },

  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    return { id: session.username, fullName: `${session.username} (${session.role})` };
  },
} satisfies AuthProvider;
