import { EventMetadata } from '../../../../platform/event-store/event.types';

/** `UpdatePhUser`: the sender of help link `rowid` submits the UTR of their payment. */
export class SubmitUtrCommand {
  constructor(
    readonly uid: string,
    readonly linkId: string,
    readonly utr: string,
    readonly metadata: EventMetadata,
  ) {}
}
