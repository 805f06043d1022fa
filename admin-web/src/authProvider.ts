import type { AuthProvider } from 'react-admin';
import { clearSession, isAdminRole, readSession, saveSession } from './session';

export const LOGIN_URL = '/admin-api/auth/login';

interface LoginParams {
  username: string;
  password: string;
}

interface HttpErrorLike {
  status?: number;
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
 * that one call, and react-admin shows the error), and so does a 503 (issue 19 §2).
 */
export const authProvider = {
  async login(params: LoginParams) {
    const response = await postLogin(params);
    if (response.status === 401 || response.status === 400) throw new Error('sahyog.auth.invalid');
    if (response.status === 429) throw new Error('sahyog.auth.too_many');
    if (response.status === 503) throw new Error('sahyog.auth.unavailable');
    if (!response.ok) throw new Error('sahyog.auth.failed');
    const body: unknown = await response.json();
    const { token, username, role } = (body ?? {}) as Record<string, unknown>;
    if (typeof token !== 'string' || !token || !isAdminRole(role)) throw new Error('sahyog.auth.failed');
    saveSession({ token, role, username: typeof username === 'string' ? username : params.username });
  },

  async logout() {
    clearSession();
  },

  async checkAuth() {
    if (!readSession()) throw new Error('ra.auth.auth_check_error');
  },

  async checkError(error: HttpErrorLike) {
    if (error?.status === 401) {
      clearSession();
      throw new Error('ra.notification.logged_out');
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
