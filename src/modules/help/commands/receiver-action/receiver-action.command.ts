import { EventMetadata } from '../../../../platform/event-store/event.types';

/** `UpdateGhUser`: the receiver of help link `rowid` confirms it received (status 1) or cancels it with a remark (status 2). */
export class ReceiverActionCommand {
  constructor(
    readonly uid: string,
    readonly linkId: string,
    readonly status: 1 | 2,
    readonly remark: string,
    readonly metadata: EventMetadata,
  ) {}
}
