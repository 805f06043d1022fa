import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An approver runs matching now (admin-web's "Run matching"). */
export class RunMatchingCommand {
  constructor(readonly metadata: EventMetadata) {}
}
