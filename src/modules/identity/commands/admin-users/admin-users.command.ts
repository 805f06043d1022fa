import { EventMetadata } from '../../../../platform/event-store/event.types';
import { AdminRole } from '../../domain/admin.events';

export class CreateAdminUserCommand {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly role: AdminRole,
    readonly metadata: EventMetadata,
    /** The password's hash when it was hashed earlier (a four-eyes request keeps only the hash); `password` is then unused. */
    readonly passwordHash?: string,
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
  ) {}
}

export interface AdminView {
  id: string;
  username: string;
  role: AdminRole;
  disabled: boolean;
}
