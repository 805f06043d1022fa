import { DomainError } from '../../../platform/errors';

/**
 * Four eyes on value (decision 0034): an admin action that creates or releases money, changes a
 * business number or grants a privileged role is first a request; a second admin carries it out.
 */
export const FOUR_EYES_ACTIONS = [
  'IssueEpins',
  'ApproveWithdrawal',
  'ChangeSetting',
  'CreateAdmin',
  'ChangeAdmin',
  'UnlockBank',
  'UnlockWallet',
] as const;
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number];

/** The roles (superadmin always included) that may make each call, and so approve its request. */
export const CHECKER_ROLES: Readonly<Record<FourEyesAction, readonly ('approver' | 'superadmin')[]>> = {
  IssueEpins: ['approver'],
  ApproveWithdrawal: ['approver'],
  UnlockBank: ['approver'],
  UnlockWallet: ['approver'],
  ChangeSetting: [],
  CreateAdmin: [],
  ChangeAdmin: [],
};

/** Roles whose grant needs four eyes. */
export const PRIVILEGED_ROLES = ['superadmin', 'approver'] as const;

/** A pending request may be approved for 24 hours; after that it shows as Expired and can only be left. */
export const FOUR_EYES_TTL_MS = 24 * 60 * 60 * 1000;

/** The validated request of each action, exactly as the maker sent it (a password only as a hash, outside the ledger). */
export interface FourEyesRequests {
  IssueEpins: { owner: string; type: 'EpintypeA' | 'EpintypeB'; quantity: number };
  ApproveWithdrawal: { withdrawal: string };
  ChangeSetting: { key: string; value: unknown };
  CreateAdmin: { username: string; role: 'superadmin' | 'approver' };
  ChangeAdmin: { username: string; role: 'superadmin' | 'approver'; disabled?: boolean; withPassword: boolean };
  UnlockBank: { uid: string; reason: string };
  UnlockWallet: { uid: string; reason: string };
}
export type FourEyesRequest = FourEyesRequests[FourEyesAction];

export const fourEyesStream = (id: string): string => `four-eyes-${id}`;
export const FOUR_EYES_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface FourEyesRequested {
  id: string;
  action: FourEyesAction;
  maker: string;
  request: FourEyesRequest;
  /** The member the action is about, if any. */
  member: string | null;
  /** The money the action creates or releases, in paise, if any (e-pins at the day's price). */
  amountPaise: string | null;
  /** One line for the list: what would happen. */
  summary: string;
  expiresAt: string;
}
export interface FourEyesApproved {
  id: string;
  checker: string;
}
export interface FourEyesRejected {
  id: string;
  checker: string;
  reason: string;
}
/** The approval's re-check or the action itself refused: nothing of the action was written. */
export interface FourEyesFailed {
  id: string;
  checker: string;
  code: string;
  reason: string;
}

export type FourEyesEvent =
  | { type: 'FourEyesRequested'; payload: FourEyesRequested }
  | { type: 'FourEyesApproved'; payload: FourEyesApproved }
  | { type: 'FourEyesRejected'; payload: FourEyesRejected }
  | { type: 'FourEyesFailed'; payload: FourEyesFailed };

export type FourEyesStatus = 'Pending' | 'Approved' | 'Rejected' | 'Failed' | 'Expired';

export interface FourEyesState {
  id: string;
  action: FourEyesAction;
  maker: string;
  status: Exclude<FourEyesStatus, 'Expired'>;
  request: FourEyesRequest;
  member: string | null;
  expiresAt: Date;
}

/** The checks an approval passes before anything is carried out, in this order. */
export function decideApproval(
  state: FourEyesState,
  checker: { username: string; role: string },
  now: Date,
): DomainError | null {
  if (state.status !== 'Pending')
    return new DomainError('FOUR_EYES.NOT_PENDING', `This request is already ${state.status}`, 'conflict');
  if (now.getTime() >= state.expiresAt.getTime())
    return new DomainError(
      'FOUR_EYES.EXPIRED',
      'This request has expired (24 hours): the maker must ask again',
      'conflict',
    );
  if (checker.username === state.maker)
    return new DomainError('ADMIN.SAME_MAKER', 'A second admin must approve this request, not its maker', 'forbidden');
  if (!mayCheck(checker.role, state.action))
    return new DomainError(
      'ADMIN.ROLE_MAY_NOT_APPROVE',
      `Your role may not approve ${state.action}: it needs a ${['superadmin', ...CHECKER_ROLES[state.action]].join(' or ')}`,
      'forbidden',
    );
  return null;
}

/** A reject: any admin who may approve it except (as with approval) nobody may reject after it left Pending; the maker may withdraw its own. */
export function decideRejection(
  state: FourEyesState,
  checker: { username: string; role: string },
  now: Date,
): DomainError | null {
  if (state.status !== 'Pending')
    return new DomainError('FOUR_EYES.NOT_PENDING', `This request is already ${state.status}`, 'conflict');
  if (now.getTime() >= state.expiresAt.getTime())
    return new DomainError('FOUR_EYES.EXPIRED', 'This request has expired (24 hours)', 'conflict');
  if (checker.username !== state.maker && !mayCheck(checker.role, state.action))
    return new DomainError(
      'ADMIN.ROLE_MAY_NOT_APPROVE',
      `Your role may not decide ${state.action}: it needs a ${['superadmin', ...CHECKER_ROLES[state.action]].join(' or ')}`,
      'forbidden',
    );
  return null;
}

export const mayCheck = (role: string, action: FourEyesAction): boolean =>
  role === 'superadmin' || (CHECKER_ROLES[action] as readonly string[]).includes(role);
