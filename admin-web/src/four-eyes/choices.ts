/** A four-eyes request's states (the API's): Expired is Pending past its 24 hours. */
export const FOUR_EYES_STATUS_CHOICES = ['Pending', 'Approved', 'Rejected', 'Failed', 'Expired'].map((id) => ({
  id,
  name: `resources.four-eyes.status.${id}`,
}));

export const FOUR_EYES_STATUS_COLORS = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'default',
  Failed: 'error',
  Expired: 'default',
} as const;

/** The actions (src/modules/four-eyes/domain/four-eyes.events.ts). */
export const FOUR_EYES_ACTION_CHOICES = [
  'IssueEpins',
  'ApproveWithdrawal',
  'ChangeSetting',
  'CreateAdmin',
  'ChangeAdmin',
  'UnlockBank',
  'UnlockWallet',
].map((id) => ({ id, name: `resources.four-eyes.action.${id}` }));

/**
 * Who may approve each action: a role that may make the call itself (the API checks it; this only
 * hides the buttons). Superadmin may approve everything.
 */
export const APPROVER_ACTIONS = ['IssueEpins', 'ApproveWithdrawal', 'UnlockBank', 'UnlockWallet'];

export const mayDecide = (role: unknown, action: unknown): boolean =>
  role === 'superadmin' || (role === 'approver' && APPROVER_ACTIONS.includes(String(action)));
