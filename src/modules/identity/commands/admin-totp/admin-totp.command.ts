import { EventMetadata } from '../../../../platform/event-store/event.types';

/** The signed-in admin starts (or restarts) setting up an authenticator: a new secret, inactive until confirmed. */
export class SetUpAdminTotpCommand {
  constructor(
    readonly username: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** Confirms the pending factor with a current code; answers the recovery codes, once. */
export class EnableAdminTotpCommand {
  constructor(
    readonly username: string,
    readonly code: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** Turns the signed-in admin's factor off, proven with a current code or an unused recovery code. */
export class DisableAdminTotpCommand {
  constructor(
    readonly username: string,
    readonly code: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** A superadmin removes another admin's factor (a lost phone); the actor is the superadmin. */
export class ResetAdminTotpCommand {
  constructor(
    readonly username: string,
    readonly metadata: EventMetadata,
  ) {}
}

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

export interface TotpStatus {
  enabled: boolean;
  enrolmentRequired: boolean;
}
