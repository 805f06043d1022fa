import { outcome } from '../../../platform/errors';
import { decideAttempt, isLocked, LoginPolicy } from './login-attempts';
import { MemberEvent, SecretKind } from './member.events';

/**
 * Wrong current passwords in signed-in calls (decision 0029): UpdateProfile `password`
 * (`cpassword`), `trans_password`, `bankdetails` (`ctrans_password`) and `ecurrency` (`otp`) prove
 * the login or transaction password. A stolen session must not get unlimited guesses: after
 * `maxFailures` wrong answers for one secret in a row (each within `lockoutMinutes` of the previous,
 * the login's rule, login-attempts.ts) the member's checks of that secret are refused for
 * `lockoutMinutes`, even the right one, without checking it and writing nothing. Counted per member
 * and secret, not per address: only the session's holder can make these calls. The right secret
 * starts the count again.
 */

/** The `secret_checks` row of one (member, secret); null when it was never wrong. */
export interface SecretCheckState {
  failures: number;
  lastFailedAt: Date | null;
  lockedUntil: Date | null;
}

/** The answer while locked: which secret was wrong is not told beyond the spec's own texts. */
export const SECRET_CHECK_OUTCOME = {
  lockedOut: (minutes: number) =>
    outcome('CREDENTIAL.CHECKS_LOCKED', `Too many wrong passwords. Try again after ${minutes} minutes.`),
};

export function secretChecksLocked(state: SecretCheckState | null, now: Date): boolean {
  return isLocked(state && { ...state, succeededAt: null }, now);
}

export type SecretCheckDecision = { outcome: 'ok' | 'failed' | 'locked'; events: MemberEvent[] };

/** One check of `kind`, after the secret was verified (`secretOk`), as events of the member's stream. */
export function decideSecretCheck(
  kind: SecretKind,
  state: SecretCheckState | null,
  secretOk: boolean,
  now: Date,
  policy: LoginPolicy,
): SecretCheckDecision {
  const attempt = decideAttempt(state && { ...state, succeededAt: null }, secretOk, now, policy);
  switch (attempt.outcome) {
    case 'locked':
      return { outcome: 'locked', events: [] };
    case 'ok':
      return {
        outcome: 'ok',
        events: state && state.failures > 0 ? [{ type: 'SecretCheckPassed', payload: { kind } }] : [],
      };
    case 'failed': {
      const failed: MemberEvent = { type: 'SecretCheckFailed', payload: { kind, failures: attempt.failures } };
      return attempt.lockedUntil
        ? {
            outcome: 'locked',
            events: [failed, { type: 'SecretChecksLockedOut', payload: { kind, until: attempt.lockedUntil } }],
          }
        : { outcome: 'failed', events: [failed] };
    }
  }
}
