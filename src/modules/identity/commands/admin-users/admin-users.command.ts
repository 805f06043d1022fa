import { EventMetadata } from '../../../../platform/event-store/event.types';
import { AdminRole } from '../../domain/admin.events';

export class CreateAdminUserCommand {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly role: AdminRole,
    readonly metadata: EventMetadata,
  ) {}
}

export class UpdateAdminUserCommand {
  constructor(
    readonly username: string,
    readonly changes: { role?: AdminRole; disabled?: boolean; password?: string },
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

export interface AdminLoginResult {
  token: string;
  username: string;
  role: string;
  totpEnabled: boolean;
  /** Until enrolled, the token reaches only the set-up calls (ADMIN.TOTP_ENROLMENT_REQUIRED). */
  totpEnrolmentRequired: boolean;
}

export interface AdminView {
  id: string;
  username: string;
  role: AdminRole;
  disabled: boolean;
}
