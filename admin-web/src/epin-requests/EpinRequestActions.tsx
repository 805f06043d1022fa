import { ApproveButton, RejectButton } from '../decisions/DecisionButtons';
import type { EpinRequestDecision } from '../dataProvider';

/** "Approve" → a confirm dialog → POST …/approve: the e-pins are issued to the member in the same commit. */
export const ApproveRequestButton = () => (
  <ApproveButton
    resource="epin-requests"
    pendingStatus="Pending"
    approve={(dataProvider, id) => dataProvider.approveEpinRequest(id)}
    contentArgs={(record) => ({ qty: String(record.qty ?? ''), uid: String(record.uid ?? '') })}
    approvedArgs={(record, answer) => ({
      smart_count: (answer as EpinRequestDecision | undefined)?.epins?.length ?? record.qty ?? 0,
    })}
  />
);

/** "Reject" → a remark dialog (field "Remark", button "Confirm") → POST …/reject {remark}. */
export const RejectRequestButton = () => (
  <RejectButton
    resource="epin-requests"
    pendingStatus="Pending"
    reject={(dataProvider, id, remark) => dataProvider.rejectEpinRequest(id, remark)}
  />
);
