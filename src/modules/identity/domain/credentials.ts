import { outcome, textsOf } from '../../../platform/errors';
import { MemberEvent } from './member.events';

/** Which secret a member changes from the profile: the login password or the transaction password. */
export type CredentialKind = 'password' | 'transaction';

/** UpdateProfile `password` / `trans_password`: the spec's texts (§5, §8). */
export const CREDENTIAL_OUTCOME = {
  changed: outcome('CREDENTIAL.CHANGED', 'Changes Password Update Successfully'),
  wrongPassword: outcome('CREDENTIAL.WRONG_PASSWORD', 'Current password is wrong!'),
  wrongTransactionPassword: outcome('CREDENTIAL.WRONG_TRANSACTION_PASSWORD', 'Current Transaction Password is wrong!'),
  currentRequired: outcome('CREDENTIAL.CURRENT_REQUIRED', 'Please enter current password'),
  newRequired: outcome('CREDENTIAL.NEW_REQUIRED', 'Please enter new password'),
  confirmRequired: outcome('CREDENTIAL.CONFIRM_REQUIRED', 'Please enter confirm password'),
  newTooShort: outcome('CREDENTIAL.NEW_TOO_SHORT', 'New Password must be at least 6 characters'),
  transactionTooShort: outcome('CREDENTIAL.TRANSACTION_TOO_SHORT', 'Password must be at least 6 characters'),
  newTooLong: outcome('CREDENTIAL.NEW_TOO_LONG', 'Password should not be greater than 20 characters'),
  transactionTooLong: outcome('CREDENTIAL.TRANSACTION_TOO_LONG', 'Password should not be greater than 25 characters'),
  sameAsOld: outcome('CREDENTIAL.SAME_AS_OLD', 'Old password can not be new password'),
  notMatched: outcome('CREDENTIAL.NOT_MATCHED', 'Password is not matched'),
  changedMeanwhile: outcome('CREDENTIAL.CHANGED_MEANWHILE', 'Your password was changed meanwhile. Please try again.'),
} as const;

export const CREDENTIAL_MSG = textsOf(CREDENTIAL_OUTCOME);

/** Longest new secret: the login password's 20 (spec §5) and the transaction password's 25 (spec §9). */
const MAX_LENGTH: Record<CredentialKind, number> = { password: 20, transaction: 25 };

/**
 * Spec §5's change-password rules, in order: current, new (and confirm, when the client sends it)
 * required; new at least 6 characters and at most the kind's maximum; new not the current one; new
 * equal to confirm. The spec's call carries no confirm field: Sahyog's member-web sends it as
 * `confirmpassword`, and an older client that leaves it out is checked on the rest.
 * The first broken rule's outcome, or null.
 */
export function checkCredentialChange(
  kind: CredentialKind,
  input: { current: string; next: string; confirm?: string },
): { code: string; text: string } | null {
  const C = CREDENTIAL_OUTCOME;
  if (!input.current) return C.currentRequired;
  if (!input.next) return C.newRequired;
  if (input.confirm === '') return C.confirmRequired;
  if (input.next.length < 6) return kind === 'password' ? C.newTooShort : C.transactionTooShort;
  if (input.next.length > MAX_LENGTH[kind]) return kind === 'password' ? C.newTooLong : C.transactionTooLong;
  if (input.next === input.current) return C.sameAsOld;
  if (input.confirm !== undefined && input.confirm !== input.next) return C.notMatched;
  return null;
}

/** The change as an event of the member stream: the new credential version, never the secret (decision 0002). */
export function decideCredentialChange(kind: CredentialKind, credentialVersion: number): MemberEvent[] {
  const next = credentialVersion + 1;
  return kind === 'password'
    ? [{ type: 'PasswordChanged', payload: { credentialVersion: next, via: 'profile' } }]
    : [{ type: 'TransactionPasswordChanged', payload: { credentialVersion: next } }];
}
