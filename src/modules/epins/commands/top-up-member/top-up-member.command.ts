import { EventMetadata } from '../../../../platform/event-store/event.types';

/** The /Activation screen: the activator applies one of their own e-pins to any member. */
export class TopUpMemberCommand {
  constructor(
    readonly activatorUid: string,
    readonly memberUid: string,
    readonly epinNumber: string,
    readonly metadata: EventMetadata,
  ) {}
}
