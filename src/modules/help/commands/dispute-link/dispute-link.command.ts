import { EventMetadata } from '../../../../platform/event-store/event.types';

/** `DisputePhUser`: the sender of a Paid link the receiver cancelled disputes the cancel, with a remark. */
export class DisputeLinkCommand {
  constructor(
    readonly uid: string,
    readonly linkId: string,
    readonly remark: string,
    readonly metadata: EventMetadata,
  ) {}
}
