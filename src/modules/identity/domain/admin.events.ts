import { decideLoginEvents, LoginAddressState, LoginEventNames, LoginOutcome, LoginPolicy } from './login-attempts';

export const ADMIN_ROLES = ['superadmin', 'approver', 'support', 'auditor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Whether a role may make a call open to `roles`: superadmin may make every call. */
export function roleMayCall(role: AdminRole, roles: readonly AdminRole[]): boolean {
  return role === 'superadmin' || roles.includes(role);
}

/** Roles that may "Log in as" a member (with superadmin). */
export const IMPERSONATING_ROLES: readonly AdminRole[] = ['support'];

/** Events of an admin account's stream `admin-<username>`. */
export type AdminEvent =
  | { type: 'AdminUserCreated'; payload: { username: string; role: AdminRole; credentialVersion: number } }
  | { type: 'AdminUserUpdated'; payload: { role?: AdminRole; disabled?: boolean; credentialVersion?: number } }
  | { type: 'AdminLoggedIn'; payload: Record<string, never> }
  /** As a member's LoginFailed / MemberLockedOut: per client address (metadata.clientIp). */
  | { type: 'AdminLoginFailed'; payload: { failures: number } }
  | { type: 'AdminLockedOut'; payload: { until: string } }
  | { type: 'ImpersonationTokenIssued'; payload: { tokenId: string; uid: string; expiresAt: string } };

export const adminStream = (username: string): string => `admin-${username}`;

export interface AdminState {
  username: string;
  role: AdminRole;
  disabled: boolean;
  credentialVersion: number;
  version: number;
}

const ADMIN_LOGIN_EVENTS: LoginEventNames<AdminEvent> = {
  loggedIn: { type: 'AdminLoggedIn', payload: {} },
  failed: (failures) => ({ type: 'AdminLoginFailed', payload: { failures } }),
  lockedOut: (until) => ({ type: 'AdminLockedOut', payload: { until } }),
};

/** An admin login attempt from one client address, after the password was checked: the members' rule (login-attempts.ts); a disabled admin is refused. */
export function decideAdminLogin(
  state: AdminState,
  passwordOk: boolean,
  address: LoginAddressState | null,
  now: Date,
  policy: LoginPolicy,
): LoginOutcome<AdminEvent> {
  return decideLoginEvents(state.disabled, passwordOk, address, now, policy, ADMIN_LOGIN_EVENTS);
}
