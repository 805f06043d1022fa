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
  /** `mustChange`: a one-time password (production bootstrap) to change before anything else (decision 0032). */
  | {
      type: 'AdminUserCreated';
      payload: { username: string; role: AdminRole; credentialVersion: number; mustChange?: true };
    }
  /** `sessionEpoch`: with a role change or a disable/enable, the next epoch, ending every token issued before (absent before decision 0032). */
  | {
      type: 'AdminUserUpdated';
      payload: { role?: AdminRole; disabled?: boolean; credentialVersion?: number; sessionEpoch?: number };
    }
  /** The admin changed their own password (POST /admin-api/auth/password): older tokens end, a one-time password is spent. */
  | { type: 'AdminPasswordChanged'; payload: { credentialVersion: number } }
  /**
   * `sessionId`: the token's `sid` (admin_sessions), absent in logins before decision 0032. With TOTP
   * on: the step of the code accepted (`totpStep`), or the recovery code used (`recoveryCode`, its index).
   */
  | { type: 'AdminLoggedIn'; payload: { sessionId?: string; totpStep?: number; recoveryCode?: number } }
  | { type: 'AdminLoggedOut'; payload: { sessionId: string } }
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
  /** Moves on with every role change, disable and enable: tokens of an older epoch are dead for good (decision 0032). */
  sessionEpoch: number;
  /** A one-time password still to be changed (decision 0032). */
  mustChangePassword: boolean;
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

const adminLoginEvents = (sessionId: string): LoginEventNames<AdminEvent> => ({
  loggedIn: { type: 'AdminLoggedIn', payload: { sessionId } },
  failed: (failures) => ({ type: 'AdminLoginFailed', payload: { failures } }),
  lockedOut: (until) => ({ type: 'AdminLockedOut', payload: { until } }),
});

/**
 * An admin login attempt from one client address, after the password was checked: the members' rule
 * (login-attempts.ts); a disabled admin is refused. A success opens session `sessionId`.
 */
export function decideAdminLogin(
  state: Pick<AdminState, 'disabled'>,
  passwordOk: boolean,
  address: LoginAddressState | null,
  now: Date,
  policy: LoginPolicy,
  sessionId: string,
): LoginOutcome<AdminEvent> {
  return decideLoginEvents(state.disabled, passwordOk, address, now, policy, adminLoginEvents(sessionId));
}

/**
 * A superadmin's change of another admin: a role change or a disable/enable moves the session epoch
 * on (every token issued before ends for good), a new password the credential version. No change, no event.
 */
export function decideAdminUpdate(
  state: AdminState,
  changes: { role?: AdminRole; disabled?: boolean; passwordSet: boolean },
): AdminEvent[] {
  const roleChanged = changes.role !== undefined && changes.role !== state.role;
  const disabledChanged = changes.disabled !== undefined && changes.disabled !== state.disabled;
  if (!roleChanged && !disabledChanged && !changes.passwordSet) return [];
  return [
    {
      type: 'AdminUserUpdated',
      payload: {
        role: changes.role,
        disabled: changes.disabled,
        credentialVersion: changes.passwordSet ? state.credentialVersion + 1 : undefined,
        sessionEpoch: roleChanged || disabledChanged ? state.sessionEpoch + 1 : undefined,
      },
    },
  ];
}
