/**
 * Failed logins are counted per (account, client address), for members and admins alike
 * (docs/decisions/0013-lockout-per-account-and-address.md):
 * - an address that fails `maxFailures` times in a row (no success between, each within
 *   `lockoutMinutes` of the previous) is locked out of that account for `lockoutMinutes`: even the
 *   right password from it is refused. Other addresses are not affected.
 * - an account whose recent failures come from addresses that never logged in to it is under
 *   attack: attempts from such addresses take turns, one password check per slow-down for all of
 *   them together, and one whose turn is too far away is answered at once, unchecked (login-gate.ts).
 *   The holder's own addresses (where they logged in before) never wait and always get an answer on
 *   the merits.
 */

export interface LoginPolicy {
  maxFailures: number;
  lockoutMinutes: number;
}

/** The `login_addresses` row of one (account, address); null when the address never tried the account. */
export interface LoginAddressState {
  failures: number;
  lastFailedAt: Date | null;
  lockedUntil: Date | null;
  succeededAt: Date | null;
}

export type AttemptDecision =
  { outcome: 'locked' } | { outcome: 'ok' } | { outcome: 'failed'; failures: number; lockedUntil: string | null };

export function isLocked(address: LoginAddressState | null, now: Date): boolean {
  return Boolean(address?.lockedUntil && address.lockedUntil.getTime() > now.getTime());
}

/** One attempt from one address, after the password was checked. */
export function decideAttempt(
  address: LoginAddressState | null,
  passwordOk: boolean,
  now: Date,
  policy: LoginPolicy,
): AttemptDecision {
  if (isLocked(address, now)) return { outcome: 'locked' };
  if (passwordOk) return { outcome: 'ok' };
  const windowMs = policy.lockoutMinutes * 60_000;
  const recent =
    address?.lastFailedAt && now.getTime() - address.lastFailedAt.getTime() < windowMs ? address.failures : 0;
  const failures = recent + 1;
  const lockedUntil = failures >= policy.maxFailures ? new Date(now.getTime() + windowMs).toISOString() : null;
  return { outcome: 'failed', failures, lockedUntil };
}

/** How an account's stream names the outcomes of a login attempt. */
export interface LoginEventNames<E> {
  loggedIn: E;
  failed: (failures: number) => E;
  lockedOut: (until: string) => E;
}

export type LoginOutcome<E> = { outcome: 'refused'; events: [] } | { outcome: 'locked' | 'failed' | 'ok'; events: E[] };

/**
 * One attempt as events of the account's stream. `refused`: the account may not log in (a blocked
 * member, a disabled admin) — said only to whoever knows the password, so a guesser learns nothing.
 */
export function decideLoginEvents<E>(
  refused: boolean,
  passwordOk: boolean,
  address: LoginAddressState | null,
  now: Date,
  policy: LoginPolicy,
  names: LoginEventNames<E>,
): LoginOutcome<E> {
  const attempt = decideAttempt(address, passwordOk, now, policy);
  if (attempt.outcome === 'locked') return { outcome: 'locked', events: [] };
  if (attempt.outcome === 'ok')
    return refused ? { outcome: 'refused', events: [] } : { outcome: 'ok', events: [names.loggedIn] };
  const failed = names.failed(attempt.failures);
  return attempt.lockedUntil
    ? { outcome: 'locked', events: [failed, names.lockedOut(attempt.lockedUntil)] }
    : { outcome: 'failed', events: [failed] };
}

/**
 * Whether an attempt is slowed down: the address never logged in to the account, and the account
 * had `maxFailures` or more failures in the last `lockoutMinutes` from such addresses.
 */
export function shouldSlowDown(
  address: LoginAddressState | null,
  failuresFromStrangers: number,
  policy: LoginPolicy,
): boolean {
  return !address?.succeededAt && failuresFromStrangers >= policy.maxFailures;
}
