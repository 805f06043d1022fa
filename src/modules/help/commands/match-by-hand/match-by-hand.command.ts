import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An approver links a chosen PH entry to a chosen GH entry for an amount. */
export class MatchByHandCommand {
  constructor(
    readonly phEntryId: string,
    readonly ghEntryId: string,
    readonly amountPaise: bigint,
    readonly metadata: EventMetadata,
  ) {}
}
