import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { outcome, textsOf } from '../../../platform/errors';

/**
 * An admin's second factor: TOTP per RFC 6238 (6 digits, 30-second steps, HMAC-SHA-1), one step of
 * drift either side, and ten single-use recovery codes (docs/decisions/0033-admin-totp.md).
 */
export const TOTP_ISSUER = 'Sahyog';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps of clock drift accepted either side of the server's current step. */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1 keys. */
export const TOTP_SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;
/** 12 base-32 characters = 60 random bits each, shown as xxxx-xxxx-xxxx. */
const RECOVERY_CODE_CHARS = 12;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export const TOTP_OUTCOME = {
  required: outcome('ADMIN.TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app'),
  invalid: outcome('ADMIN.TOTP_INVALID', 'That code is not valid. Enter a new code from your authenticator app.'),
  enrolmentRequired: outcome(
    'ADMIN.TOTP_ENROLMENT_REQUIRED',
    'Set up two-step sign-in with an authenticator app before you continue',
  ),
  alreadyEnabled: outcome('ADMIN.TOTP_ALREADY_ENABLED', 'Two-step sign-in is already on. Turn it off first.'),
  notSetUp: outcome('ADMIN.TOTP_NOT_SET_UP', 'Start the authenticator set-up first'),
  notEnabled: outcome('ADMIN.TOTP_NOT_ENABLED', 'Two-step sign-in is not on for this admin'),
  checksLocked: outcome('ADMIN.TOTP_CHECKS_LOCKED', 'Too many wrong codes. Try again after 15 minutes.'),
} as const;
export const TOTP_MSG = textsOf(TOTP_OUTCOME);

export const totpFor = (username: string, secretBase32: string): TOTP =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

export const newTotpSecret = (): string => new Secret({ size: TOTP_SECRET_BYTES }).base32;

/** The 30-second step `at` falls in. */
export const stepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step of a current code (±1 step), or null when `code` is not one; a code of a step at or
 * before `lastStep` (already accepted, or older than one accepted) is refused, so each code counts once.
 */
export function acceptedStep(
  username: string,
  secretBase32: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(username, secretBase32).validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_DRIFT_STEPS,
  });
  if (delta === null) return null;
  const step = stepAt(at) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** A 6-digit code, as opposed to a recovery code. */
export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code.trim());

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(RECOVERY_CODE_CHARS)].map((b) => BASE32[b & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) in the form it was hashed in. */
export const normalRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]/g, '');

/** Recovery codes carry 60 random bits, so a plain sha256 is enough (they are not passwords people pick). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(normalRecoveryCode(code)).digest('hex');

/** The commitment to a factor's secret in its event: proves which secret without revealing it. */
export const secretCommitment = (secretBase32: string): string =>
  createHash('sha256').update(`sahyog-totp:${secretBase32}`).digest('hex');
