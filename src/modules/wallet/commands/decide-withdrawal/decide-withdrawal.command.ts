import { EventMetadata } from '../../../../platform/event-store/event.types';

/** An approver approves (into the GH queue) or rejects (with a remark) a requested withdrawal. */
export class DecideWithdrawalCommand {
  constructor(
    readonly id: string,
    readonly decision: 'approve' | 'reject',
    readonly remark: string,
    readonly by: string,
    readonly metadata: EventMetadata,
  ) {}
}
