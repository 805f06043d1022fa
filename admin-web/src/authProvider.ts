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

interface LoginParams {
  username: string;
  password: string;
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

async function postLogin({ username, password }: LoginParams): Promise<Response> {
  try {
    return await fetch(LOGIN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  } catch {
    throw new Error('sahyog.auth.unreachable');
  }
}

/**
 * Admin authentication against POST /admin-api/auth/login.
 * A 401 from any later call ends the session; a 403 keeps it (the admin lacks the role for
 * that one call, and react-admin shows the error). A 403 AUTH.PASSWORD_CHANGE_REQUIRED (a one-time
 * password, decision 0032) keeps it too and takes the admin to the password page, as a login that
 * answers mustChangePassword does. Logout ends the session server-side first.
 */
export const authProvider = {
  async login(params: LoginParams) {
    const response = await postLogin(params);
    if (response.status === 401 || response.status === 400) throw new Error('sahyog.auth.invalid');
    if (response.status === 429) throw new Error('sahyog.auth.too_many');
    if (!response.ok) throw new Error('sahyog.auth.failed');
    const body: unknown = await response.json();
    const { token, username, role } = (body ?? {}) as Record<string, unknown>;
    if (typeof token !== 'string' || !token || !isAdminRole(role)) throw new Error('sahyog.auth.failed');
    saveSession({ token, role, username: typeof username === 'string' ? username : params.username });
    if ((body as { mustChangePassword?: unknown }).mustChangePassword === true) return { redirectTo: PASSWORD_PAGE };
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
    // 403 and every other error: stay logged in; the caller's notification shows the message.
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
