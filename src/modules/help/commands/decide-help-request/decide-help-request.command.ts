import { AdminDecisionCommand } from '../../../../platform/admin-decision.command';

/** An approver approves or rejects (with a remark) a help request awaiting approval. */
export class DecideHelpRequestCommand extends AdminDecisionCommand {}
