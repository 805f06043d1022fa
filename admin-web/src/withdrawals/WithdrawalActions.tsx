import { ApproveButton, RejectButton } from '../decisions/DecisionButtons';
import { formatRupees } from '../money';
import { REQUESTED } from './choices';

/** "Approve": the payout joins the GH queue (POST withdrawals/:id/approve). */
export const ApproveWithdrawalButton = () => (
  <ApproveButton
    resource="withdrawals"
    pendingStatus={REQUESTED}
    approve={(dataProvider, id) => dataProvider.approveWithdrawal(id)}
    contentArgs={(record) => ({ member: String(record.member ?? ''), amount: formatRupees(record.amountRupees) })}
  />
);

/** "Reject" with a remark: the reserved amount returns to the member (POST withdrawals/:id/reject { remark }). */
export const RejectWithdrawalButton = () => (
  <RejectButton
    resource="withdrawals"
    pendingStatus={REQUESTED}
    reject={(dataProvider, id, remark) => dataProvider.rejectWithdrawal(id, remark)}
  />
);
