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
  /** With TOTP on: the step of the code accepted (`totpStep`), or the recovery code used (`recoveryCode`, its index). */
  | { type: 'AdminLoggedIn'; payload: { totpStep?: number; recoveryCode?: number } }
  /** As a member's LoginFailed / MemberLockedOut: per client address (metadata.clientIp). */
  | { type: 'AdminLoginFailed'; payload: { failures: number } }
  | { type: 'AdminLockedOut'; payload: { until: string } }
  | { type: 'ImpersonationTokenIssued'; payload: { tokenId: string; uid: string; expiresAt: string } }
  /** Second factor (decision 0033): the secret is kept beside the ledger; the event names it by id and commitment. */
  | { type: 'AdminTotpSetUp'; payload: { factorId: string; secretSha256: string } }
  | { type: 'AdminTotpEnabled'; payload: { factorId: string; totpStep: number; recoveryCodes: number } }
  | { type: 'AdminTotpDisabled'; payload: { factorId: string; totpStep?: number; recoveryCode?: number } }
  /** By a superadmin (the event's actor), for an admin who lost their authenticator. */
  | { type: 'AdminTotpReset'; payload: { factorId: string | null; pendingFactorId: string | null } }
  /** Wrong codes given to the signed-in disable call, counted per admin (as decision 0029's secret checks). */
  | { type: 'AdminTotpCheckFailed'; payload: { failures: number } }
  | { type: 'AdminTotpChecksLockedOut'; payload: { until: string } };

export const adminStream = (username: string): string => `admin-${username}`;

export interface AdminState {
  username: string;
  role: AdminRole;
  disabled: boolean;
  credentialVersion: number;
  version: number;
  totp: AdminTotpState;
}

export interface AdminTotpState {
  /** The confirmed factor; null while TOTP is off. */
  factorId: string | null;
  /** A factor set up and not confirmed yet. */
  pendingFactorId: string | null;
  /** The last step whose code was accepted: codes of it and before are refused. */
  lastStep: number | null;
  recoveryUsed: number[];
  /** Wrong codes given to the disable call, as a login address's count (login-attempts.ts). */
  checks: LoginAddressState;
}

const ADMIN_LOGIN_EVENTS: LoginEventNames<AdminEvent> = {
  loggedIn: { type: 'AdminLoggedIn', payload: {} },
  failed: (failures) => ({ type: 'AdminLoginFailed', payload: { failures } }),
  lockedOut: (until) => ({ type: 'AdminLockedOut', payload: { until } }),
};

/** An admin login attempt from one client address, after the password was checked: the members' rule (login-attempts.ts); a disabled admin is refused. */
export function decideAdminLogin(
  state: Pick<AdminState, 'disabled'>,
  passwordOk: boolean,
  address: LoginAddressState | null,
  now: Date,
  policy: LoginPolicy,
): LoginOutcome<AdminEvent> {
  return decideLoginEvents(state.disabled, passwordOk, address, now, policy, ADMIN_LOGIN_EVENTS);
}
