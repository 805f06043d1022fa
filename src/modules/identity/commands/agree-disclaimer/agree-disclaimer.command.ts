import { EventMetadata } from '../../../../platform/event-store/event.types';

export class AgreeDisclaimerCommand {
  constructor(
    readonly uid: string,
    readonly metadata: EventMetadata,
  ) {}
}
