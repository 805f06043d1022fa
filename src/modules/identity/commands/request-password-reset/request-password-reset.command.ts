import { EventMetadata } from '../../../../platform/event-store/event.types';

export class RequestPasswordResetCommand {
  constructor(
    readonly uid: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** How long a mailed reset link works. */
export const RESET_LINK_MINUTES = 30;
