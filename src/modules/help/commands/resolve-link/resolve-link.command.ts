import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An approver resolves a disputed (or paid, or held-cancelled) link: received, or cancelled with the amounts returned. */
export class ResolveLinkCommand {
  constructor(
    readonly linkId: string,
    readonly outcome: 'received' | 'cancel',
    readonly remark: string,
    readonly by: string,
    readonly metadata: EventMetadata,
  ) {}
}
