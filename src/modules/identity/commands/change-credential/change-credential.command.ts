import { EventMetadata } from '../../../../platform/event-store/event.types';
import { CredentialKind } from '../../domain/credentials';

/**
 * UpdateProfile `password` / `trans_password`: the member changes their login or transaction
 * password, proving the current one. `confirm` is undefined when the client sent none.
 * `impersonated`: a "Log in as" session, which gets no new token (it ends with the old version).
 */
export class ChangeCredentialCommand {
  constructor(
    readonly uid: string,
    readonly kind: CredentialKind,
    readonly current: string,
    readonly next: string,
    readonly confirm: string | undefined,
    readonly impersonated: boolean,
    readonly metadata: EventMetadata,
  ) {}
}

/** The answer: the outcome, and for the member's own session a token of the new credential version (older sessions end). */
export interface CredentialChangeResult {
  code: string;
  text: string;
  token?: string;
}
