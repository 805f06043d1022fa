import { AppConfig } from '../../config/config';
import { Sql } from '../../platform/db/sql';
import { EventMetadata } from '../../platform/event-store/event.types';
import { Ledger } from '../../platform/ledger';
import { CredentialKind } from './domain/credentials';
import { LoginPolicy } from './domain/login-attempts';
import { decideSecretCheck, SecretCheckState, secretChecksLocked } from './domain/secret-checks';
import { loadMember, lockMember } from './member-state';
import {
  checkCredentialRow,
  CREDENTIAL_CHECK_ACTOR,
  memberCredentialRow,
  raiseCredentialAlarm,
} from './credential-commitments';
import { burnVerification, verifyPassword } from './passwords';

/**
 * Whether `plain` is the member's current login or transaction password, and the credential
 * version it was checked against (a command that acts on it re-checks the version under its lock).
 * Runs argon2 outside any transaction; an unknown member costs the same time as a wrong secret. A
 * credential row the ledger did not commit to (decision 0044) is not checked at all: `tampered`,
 * with the problem, for the caller to raise the alert.
 */
export async function verifyMemberSecret(
  sql: Sql,
  commitmentKey: Buffer,
  uid: string,
  kind: CredentialKind,
  plain: string,
): Promise<{ ok: true; credentialVersion: number } | { ok: false; tampered?: CredentialRowCheck }> {
  const member = await loadMember(sql, uid);
  const row = member && (await memberCredentialRow(sql, uid, member.credentialVersion));
  if (row) {
    const problem = await checkCredentialRow(sql, commitmentKey, row);
    if (problem !== 'ok') return { ok: false, tampered: { version: row.version, problem } };
  }
  // A member registered before transaction passwords existed has none yet: it starts as the login password (business rules).
  const hash = row && (kind === 'password' ? row.passwordHash : (row.txnPasswordHash ?? row.passwordHash));
  if (!member || !hash) {
    await burnVerification(plain);
    return { ok: false };
  }
  return (await verifyPassword(hash, plain))
    ? { ok: true, credentialVersion: member.credentialVersion }
    : { ok: false };
}

/** A member's credential row that failed its commitment check: its version and the problem. */
export interface CredentialRowCheck {
  version: number;
  problem: 'missing' | 'mismatch';
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
  const proved = await verifyMemberSecret(ledger.db, config.credentialCommitmentKey, uid, kind, plain);
  // A row the ledger did not commit to: refused, not counted as the member's mistake, and the alert raised.
  if (!proved.ok && proved.tampered) {
    await raiseCredentialAlarm(
      ledger,
      { table: 'member_credentials', principal: uid, ...proved.tampered, check: `member-${kind}-check` },
      { ...metadata, actor: CREDENTIAL_CHECK_ACTOR },
    );
    return { ok: false, locked: false };
  }
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
