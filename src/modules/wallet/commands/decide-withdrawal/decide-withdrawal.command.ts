import { AdminDecisionCommand } from '../../../../platform/admin-decision.command';

/** An approver approves (into the GH queue) or rejects (with a remark) a requested withdrawal. */
export class DecideWithdrawalCommand extends AdminDecisionCommand {}
