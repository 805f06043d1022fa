// The admin session lives in localStorage so a reload keeps the admin logged in.
// One module owns the keys so authProvider and dataProvider cannot drift apart.

export type AdminRole = 'superadmin' | 'approver' | 'support' | 'auditor';

export interface AdminSession {
  token: string;
  username: string;
  role: AdminRole;
}

/** Where an admin whose password is a one-time one is taken (the API answers 403 AUTH.PASSWORD_CHANGE_REQUIRED). */
export const PASSWORD_PAGE = '/password';
/** The code of that 403 (decision 0032). */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'AUTH.PASSWORD_CHANGE_REQUIRED';

const TOKEN_KEY = 'sahyog.admin.token';
const USERNAME_KEY = 'sahyog.admin.username';
const ROLE_KEY = 'sahyog.admin.role';

export const ADMIN_ROLES: readonly AdminRole[] = ['superadmin', 'approver', 'support', 'auditor'];

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

export function saveSession(session: AdminSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USERNAME_KEY, session.username);
  localStorage.setItem(ROLE_KEY, session.role);
}

export function readSession(): AdminSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const username = localStorage.getItem(USERNAME_KEY);
  const role = localStorage.getItem(ROLE_KEY);
  if (!token || !username || !isAdminRole(role)) return null;
  return { token, username, role };
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USERNAME_KEY);
  localStorage.removeItem(ROLE_KEY);
}
