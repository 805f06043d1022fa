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
  ) {}
}

export interface AdminView {
  id: string;
  username: string;
  role: AdminRole;
  disabled: boolean;
}
