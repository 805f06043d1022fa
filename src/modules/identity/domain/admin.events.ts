import { decideAttempt, LoginAddressState, LoginPolicy } from './login-attempts';

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

export type AdminLoginDecision = { outcome: 'locked' | 'failed' | 'ok' | 'disabled'; events: AdminEvent[] };

/** An admin login attempt from one client address, after the password was checked: the members' rule (login-attempts.ts). */
export function decideAdminLogin(state: AdminState, passwordOk: boolean, address: LoginAddressState | null, now: Date, policy: LoginPolicy): AdminLoginDecision {
  const attempt = decideAttempt(address, passwordOk, now, policy);
  if (attempt.outcome === 'locked') return { outcome: 'locked', events: [] };
  if (attempt.outcome === 'ok') return state.disabled ? { outcome: 'disabled', events: [] } : { outcome: 'ok', events: [{ type: 'AdminLoggedIn', payload: {} }] };
  const events: AdminEvent[] = [{ type: 'AdminLoginFailed', payload: { failures: attempt.failures } }];
  if (!attempt.lockedUntil) return { outcome: 'failed', events };
  events.push({ type: 'AdminLockedOut', payload: { until: attempt.lockedUntil } });
  return { outcome: 'locked', events };
}
