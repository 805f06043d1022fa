import { EventMetadata } from '../../../../platform/event-store/event.types';

export class SetMemberBlockedCommand {
  constructor(
    readonly uid: string,
    readonly blocked: boolean,
    readonly remark: string,
    readonly metadata: EventMetadata,
  ) {}
}
