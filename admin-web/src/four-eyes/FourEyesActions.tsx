import type { RaRecord } from 'react-admin';
import { ApproveButton, RejectButton } from '../decisions/DecisionButtons';
import { readSession } from '../session';
import { mayDecide } from './choices';

const PENDING = 'Pending';

/** Its role may make the call itself (the API checks it too). */
const decides = (role: unknown, record: RaRecord) => mayDecide(role, record.action);

/**
 * "Approve" → a confirm dialog naming what will happen → POST four-eyes/:id/approve: the action is
 * carried out. Hidden from the maker (the API would answer 403 ADMIN.SAME_MAKER).
 */
export const ApproveFourEyesButton = () => (
  <ApproveButton
    resource="four-eyes"
    pendingStatus={PENDING}
    mayDecide={decides}
    hiddenFrom={(record) => record.maker === readSession()?.username}
    approve={(dataProvider, id) => dataProvider.approveFourEyes(id)}
    contentArgs={(record) => ({ summary: String(record.summary ?? ''), maker: String(record.maker) })}
  />
);

/** "Reject" → the reason dialog (Confirm disabled until a reason is typed) → POST four-eyes/:id/reject { reason }. */
export const RejectFourEyesButton = () => (
  <RejectButton
    resource="four-eyes"
    pendingStatus={PENDING}
    mayDecide={decides}
    field={{ name: 'reason', label: 'resources.four-eyes.actions.reason', help: 'sahyog.remark.help' }}
    reject={(dataProvider, id, reason) => dataProvider.rejectFourEyes(id, reason)}
  />
);
