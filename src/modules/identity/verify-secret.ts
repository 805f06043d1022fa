import { AppConfig } from '../../config/config';
import { Sql } from '../../platform/db/sql';
import { EventMetadata } from '../../platform/event-store/event.types';
import { Ledger } from '../../platform/ledger';
import { CredentialKind } from './domain/credentials';
import { LoginPolicy } from './domain/login-attempts';
import { decideSecretCheck, SecretCheckState, secretChecksLocked } from './domain/secret-checks';
import { loadMember, lockMember } from './member-state';
import { burnVerification, verifyPassword } from './passwords';

/**
 * Whether `plain` is the member's current login or transaction password, and the credential
 * version it was checked against (a command that acts on it re-checks the version under its lock).
 * Runs argon2 outside any transaction; an unknown member costs the same time as a wrong secret.
 */
export async function verifyMemberSecret(
  sql: Sql,
  uid: string,
  kind: CredentialKind,
  plain: string,
): Promise<{ ok: true; credentialVersion: number } | { ok: false }> {
  const member = await loadMember(sql, uid);
  const [row] = member
    ? await sql.query<{ password_hash: string; txn_password_hash: string | null }>(
        'select password_hash, txn_password_hash from member_credentials where principal = $1 and version = $2',
        [uid, member.credentialVersion],
      )
    : [];
  // A member registered before transaction passwords existed has none yet: it starts as the login password (business rules).
  const hash = row && (kind === 'password' ? row.password_hash : (row.txn_password_hash ?? row.password_hash));
  if (!member || !hash) {
    await burnVerification(plain);
    return { ok: false };
  }
  return (await verifyPassword(hash, plain))
    ? { ok: true, credentialVersion: member.credentialVersion }
    : { ok: false };
}

/** A proved secret (its credential version), or a refusal: wrong, or locked after too many wrong ones. */
export type SecretProof =
  { ok: true; credentialVersion: number } | { ok: false; locked: false } | { ok: false; locked: true; minutes: number };

/**
 * `verifyMemberSecret` for a signed-in call, with the lock-out of decision 0029: while the member's
 * checks of `kind` are locked it answers at once, unchecked and writing nothing; otherwise a wrong
 * secret is a `SecretCheckFailed` event (and `SecretChecksLockedOut` at the limit, the answer then
 * already locked), and the right one after failures a `SecretCheckPassed`. The count is read again
 * under the member's row lock, so concurrent guesses count one after another.
 */
export async function proveMemberSecret(
  ledger: Ledger,
  config: AppConfig,
  uid: string,
  kind: CredentialKind,
  plain: string,
  metadata: EventMetadata,
): Promise<SecretProof> {
  const policy = secretCheckPolicy(config);
  const locked: SecretProof = { ok: false, locked: true, minutes: policy.lockoutMinutes };
  const before = await loadSecretCheck(ledger.db, uid, kind);
  if (secretChecksLocked(before, new Date())) return locked;
  const proved = await verifyMemberSecret(ledger.db, uid, kind, plain);
  // Right, and never wrong before: nothing to count or clear.
  if (proved.ok && !before?.failures) return proved;
  return ledger.run(metadata, async (tx) => {
    const member = await lockMember(tx, uid);
    if (!member) return { ok: false, locked: false };
    const decision = decideSecretCheck(kind, await loadSecretCheck(tx, uid, kind), proved.ok, tx.now, policy);
    await tx.append(member, decision.events);
    if (decision.outcome === 'locked') return locked;
    return proved.ok && decision.outcome === 'ok' ? proved : { ok: false, locked: false };
  });
}

/** The login's lock-out numbers (LOGIN_MAX_FAILURES, LOGIN_LOCKOUT_MINUTES) count wrong secrets too. */
export const secretCheckPolicy = (config: AppConfig): LoginPolicy => ({
  maxFailures: config.lockout.maxFailures,
  lockoutMinutes: config.lockout.minutes,
});

async function loadSecretCheck(sql: Sql, uid: string, kind: CredentialKind): Promise<SecretCheckState | null> {
  const [row] = await sql.query<{ failures: number; last_failed_at: Date | null; locked_until: Date | null }>(
    'select failures, last_failed_at, locked_until from secret_checks where uid = $1 and kind = $2',
    [uid, kind],
  );
  return row ? { failures: row.failures, lastFailedAt: row.last_failed_at, lockedUntil: row.locked_until } : null;
}
