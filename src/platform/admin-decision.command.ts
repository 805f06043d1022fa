import { EventMetadata } from './event-store/event.types';

/**
 * An approver approves or rejects (with a remark) one request of a context. Each context declares
 * its own subclass (DecideHelpRequestCommand, DecideWithdrawalCommand), so the CommandBus sends it
 * to that context's handler; this class is never dispatched itself.
 */
export abstract class AdminDecisionCommand {
  constructor(
    readonly id: string,
    readonly decision: 'approve' | 'reject',
    readonly remark: string,
    readonly by: string,
    readonly metadata: EventMetadata,
  ) {}
}
