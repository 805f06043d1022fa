import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An approver approves or rejects (with a remark) a help request awaiting approval. */
export class DecideHelpRequestCommand {
  constructor(
    readonly id: string,
    readonly decision: 'approve' | 'reject',
    readonly remark: string,
    readonly by: string,
    readonly metadata: EventMetadata,
  ) {}
}
