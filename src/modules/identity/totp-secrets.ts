import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Sql } from '../../platform/db/sql';
import { AdminState } from './domain/admin.events';
import { acceptedStep, looksLikeTotp, recoveryCodeHash } from './domain/admin-totp';

/**
 * The factors' secrets, kept beside the ledger (decision 0033, as password hashes in decision 0002):
 * AES-256-GCM under the configured key, bound to the factor's id, so a copy of the database alone
 * does not give the secrets and a row moved to another factor does not decrypt.
 */
function seal(key: Buffer, factorId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(factorId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

function open(key: Buffer, factorId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(factorId));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    // Another key (TOTP_SECRET_KEY or JWT_SECRET changed): the factor cannot be checked; recovery codes still can.
    return null;
  }
}

export async function storeTotpSecret(
  sql: Sql,
  key: Buffer,
  factorId: string,
  principal: string,
  secret: string,
): Promise<string> {
  const secretCipher = seal(key, factorId, secret);
  await sql.execute('insert into admin_totp_secrets (factor_id, principal, secret_cipher) values ($1, $2, $3)', [
    factorId,
    principal,
    secretCipher,
  ]);
  return secretCipher;
}

/** The factor's secret (base 32), or null when it is unknown or cannot be decrypted with this key. */
export async function loadTotpSecret(sql: Sql, key: Buffer, factorId: string): Promise<string | null> {
  const [row] = await sql.query<{ secret_cipher: string }>(
    'select secret_cipher from admin_totp_secrets where factor_id = $1',
    [factorId],
  );
  return row ? open(key, factorId, row.secret_cipher) : null;
}

/** Stores the codes' hashes by index; answers the hashes (what the ledger's commitment covers). */
export async function storeRecoveryCodes(sql: Sql, factorId: string, codes: readonly string[]): Promise<string[]> {
  const hashes = codes.map(recoveryCodeHash);
  await sql.execute(
    'insert into admin_totp_recovery_codes (factor_id, idx, code_sha256) select $1, i - 1, h from unnest($2::text[]) with ordinality as c(h, i)',
    [factorId, hashes],
  );
  return hashes;
}

/** The index of the recovery code `typed` among the factor's, when it is one and not in `used`; else null. */
export async function unusedRecoveryCode(
  sql: Sql,
  factorId: string,
  typed: string,
  used: readonly number[],
): Promise<number | null> {
  const [row] = await sql.query<{ idx: number }>(
    'select idx from admin_totp_recovery_codes where factor_id = $1 and code_sha256 = $2',
    [factorId, recoveryCodeHash(typed)],
  );
  return row && !used.includes(row.idx) ? row.idx : null;
}

/** What proved the factor: the step of a current code, or the index of a recovery code. */
export type FactorProof = { totpStep: number } | { recoveryCode: number };

/**
 * Whether `code` proves the admin's enabled factor at `now`: a current 6-digit code of a step after
 * the last one accepted, or one of the factor's recovery codes not used yet. Read under the admin's
 * row lock, so two uses of one code queue and the second is refused.
 */
export async function proveSecondFactor(
  sql: Sql,
  key: Buffer,
  admin: AdminState,
  code: string,
  now: Date,
): Promise<FactorProof | null> {
  const factorId = admin.totp.factorId;
  if (!factorId) return null;
  if (looksLikeTotp(code)) {
    const secret = await loadTotpSecret(sql, key, factorId);
    const step = secret && acceptedStep(admin.username, secret, code.trim(), now, admin.totp.lastStep);
    return step ? { totpStep: step } : null;
  }
  const index = await unusedRecoveryCode(sql, factorId, code, admin.totp.recoveryUsed);
  return index === null ? null : { recoveryCode: index };
}
