import { EventMetadata } from '../../../../platform/event-store/event.types';

export class ResetPasswordCommand {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly metadata: EventMetadata,
  ) {}
}
