import { EventMetadata } from '../../../../platform/event-store/event.types';
import { AdminRole } from '../../domain/admin.events';

/**
 * How a new admin's password is taken: `policy` 'demo-seed' lets the development demo seed keep the
 * README's short demo passwords (decision 0032; every other caller is held to the admin policy);
 * `mustChange` makes it a one-time password (production bootstrap); `passwordHash` is the password
 * hashed earlier, already held to the policy then (a four-eyes request keeps only the hash), and
 * `password` is then unused.
 */
export interface NewAdminPasswordOptions {
  policy?: 'admin' | 'demo-seed';
  mustChange?: boolean;
  passwordHash?: string;
}

export class CreateAdminUserCommand {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly role: AdminRole,
    readonly metadata: EventMetadata,
    readonly options: NewAdminPasswordOptions = {},
  ) {}
}

export class UpdateAdminUserCommand {
  constructor(
    readonly username: string,
    /** `passwordHash`: a new password hashed earlier (a four-eyes request keeps only the hash). */
    readonly changes: { role?: AdminRole; disabled?: boolean; password?: string; passwordHash?: string },
    readonly metadata: EventMetadata,
  ) {}
}

export class LoginAdminCommand {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly metadata: EventMetadata,
    /** The second factor: a current 6-digit code or an unused recovery code (decision 0033). */
    readonly totp?: string,
  ) {}
}

/** POST /admin-api/auth/password: the signed-in admin changes their own password, proving the current one. */
export class ChangeAdminPasswordCommand {
  constructor(
    readonly username: string,
    readonly sessionId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** POST /admin-api/auth/logout: ends the session of the token, server-side. */
export class LogoutAdminCommand {
  constructor(
    readonly username: string,
    readonly sessionId: string,
    readonly metadata: EventMetadata,
  ) {}
}

export interface AdminView {
  id: string;
  username: string;
  role: AdminRole;
  disabled: boolean;
}

/** A new admin session: the token, and whether the password must be changed before anything else. */
export interface AdminSession {
  token: string;
  username: string;
  role: AdminRole;
  mustChangePassword: boolean;
  totpEnabled: boolean;
  /** Until enrolled, the token reaches only the set-up calls (ADMIN.TOTP_ENROLMENT_REQUIRED). */
  totpEnrolmentRequired: boolean;
}
