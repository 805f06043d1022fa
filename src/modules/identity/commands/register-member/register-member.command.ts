import { EventMetadata } from '../../../../platform/event-store/event.types';
import { RegistrationInput } from '../../domain/member.decide';

export class RegisterMemberCommand {
  constructor(
    readonly input: RegistrationInput & { walletAddress: string },
    readonly metadata: EventMetadata,
    readonly idempotencyKey?: string,
    /** Only the demo seed picks ids (so its logins can be documented); members get random ones. */
    readonly assignUid?: string,
  ) {}
}

export interface RegistrationResult {
  result: string;
  uid_output: string;
  /** On success: the short-lived token that shows this browser the welcome letter in full (X-Welcome-Token). */
  welcomeToken?: string;
}
