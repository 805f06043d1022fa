import { ApproveButton, RejectButton } from '../decisions/DecisionButtons';
import { formatPaise } from '../money';
import { AWAITING_APPROVAL } from './choices';

/** "Approve": the commitment joins the PH queue (POST help-requests/:id/approve). */
export const ApproveHelpRequestButton = () => (
  <ApproveButton
    resource="help-requests"
    pendingStatus={AWAITING_APPROVAL}
    approve={(dataProvider, id) => dataProvider.approveHelpRequest(id)}
    contentArgs={(record) => ({ uid: String(record.uid ?? ''), tier: formatPaise(record.tier_paise) })}
  />
);

/** "Reject" with a remark: the member may ask again (POST help-requests/:id/reject { remark }). */
export const RejectHelpRequestButton = () => (
  <RejectButton
    resource="help-requests"
    pendingStatus={AWAITING_APPROVAL}
    reject={(dataProvider, id, remark) => dataProvider.rejectHelpRequest(id, remark)}
  />
);
