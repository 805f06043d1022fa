import { Sql } from '../../platform/db/sql';
import { CredentialKind } from './domain/credentials';
import { loadMember } from './member-state';
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
