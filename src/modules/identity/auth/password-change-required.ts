import { DomainError, outcome } from '../../../platform/errors';

/**
 * The answer (403) to every call but the password change of an account whose password is a one-time
 * one from the production bootstrap, members' and admins' alike (decision 0032).
 */
export const PASSWORD_CHANGE_REQUIRED = outcome('AUTH.PASSWORD_CHANGE_REQUIRED', 'Please change your password first');

/** The refusal itself: a DomainError, so the answer carries the code (403 `{ result, message, code }`). */
export const passwordChangeRequired = (): DomainError =>
  new DomainError(PASSWORD_CHANGE_REQUIRED.code, PASSWORD_CHANGE_REQUIRED.text, 'forbidden');
