import { createHmac, timingSafeEqual } from 'node:crypto';
import { Sql } from '../../platform/db/sql';
import { streamVersion } from '../../platform/event-store/event-store';
import { EventMetadata } from '../../platform/event-store/event.types';
import { Ledger, LedgerTx } from '../../platform/ledger';
import { rootLogger } from '../../platform/observability/logger';
import { memberStream } from './domain/member.events';

/**
 * Credentials in the ledger without the secrets (issue 21 §2, docs/decisions/0044-credential-commitments.md).
 * The hashes stay beside the ledger (decision 0002); every row written to a credential table gets a
 * `CredentialCommitted` event carrying an HMAC-SHA-256 of the row under CREDENTIAL_COMMITMENT_KEY, a key
 * held outside PostgreSQL. A database owner who swaps a hash cannot write the matching commitment:
 * `verify` names the row and a login against it is refused.
 */

/** The tables holding credentials: one row per (principal, version) or per TOTP factor. */
export type CredentialTable =
  'member_credentials' | 'admin_credentials' | 'admin_totp_secrets' | 'admin_totp_recovery_codes';

/** A credential row as the commitment covers it: its table, owner, version or factor, and every secret column. */
export type CredentialRow =
  | {
      table: 'member_credentials';
      principal: string;
      version: number;
      passwordHash: string;
      txnPasswordHash: string | null;
    }
  | { table: 'admin_credentials'; principal: string; version: number; passwordHash: string }
  | { table: 'admin_totp_secrets'; principal: string; factorId: string; secretCipher: string }
  /** A factor's ten recovery codes as one set: `codes[i]` is the sha256 of code index i (decision 0033). */
  | { table: 'admin_totp_recovery_codes'; principal: string; factorId: string; codes: readonly string[] };

/** `CredentialCommitted`'s payload. `version` for password rows, `factorId` for a second factor's. */
export interface CredentialCommitted {
  table: CredentialTable;
  principal: string;
  version?: number;
  factorId?: string;
  /** HMAC-SHA-256 (hex) of the row under the commitment key (`commitmentOf`). */
  commitment: string;
  /** Which key made it (`commitmentKeyId`): a key changed since names itself, instead of every row. */
  keyId: string;
  /** Written by the migration for a row that existed before commitments (1763800019600). */
  backfill?: true;
}

/** Raised when a credential row or an admin's role does not match what the ledger committed to. */
export interface CredentialTamperDetected {
  table: CredentialTable | 'admin_users';
  principal: string;
  version?: number;
  factorId?: string;
  /** `missing`: the ledger holds no commitment for the row; `mismatch`: the row is not what was committed. */
  problem: 'missing' | 'mismatch';
  /** Where it was caught: a member or admin login, a secret check, an admin call. */
  check: string;
  /** For admin_users: the column, and what the ledger says and the table held. */
  column?: string;
  ledger?: string;
  found?: string;
}

export const CREDENTIAL_COMMITTED = 'CredentialCommitted';
/** Who raises an alert: the check, not the caller whose attempt found the row (anyone may try a login). */
export const CREDENTIAL_CHECK_ACTOR = { kind: 'system', id: 'credential-check' } as const;
export const CREDENTIAL_TAMPER_DETECTED = 'CredentialTamperDetected';

/** The principal's kind: who owns a table's rows. */
export const principalKindOf = (table: CredentialTable | 'admin_users'): 'member' | 'admin' =>
  table === 'member_credentials' ? 'member' : 'admin';

/** The stream of a principal's credential commitments and alerts, apart from its account stream (no projection reads it). */
export const credentialStream = (kind: 'member' | 'admin', principal: string): string =>
  `credentials-${kind}-${principal}`;

const DOMAIN = 'sahyog-credential-commitment-v1';

/** The bytes the HMAC covers: a JSON array, so no two rows can spell the same text. */
function committedText(row: CredentialRow): string {
  switch (row.table) {
    case 'member_credentials':
      return JSON.stringify([DOMAIN, row.table, row.principal, row.version, row.passwordHash, row.txnPasswordHash]);
    case 'admin_credentials':
      return JSON.stringify([DOMAIN, row.table, row.principal, row.version, row.passwordHash]);
    case 'admin_totp_secrets':
      return JSON.stringify([DOMAIN, row.table, row.principal, row.factorId, row.secretCipher]);
    case 'admin_totp_recovery_codes':
      return JSON.stringify([DOMAIN, row.table, row.principal, row.factorId, row.codes]);
  }
}

/** HMAC-SHA-256 (hex) of a credential row under `key`. */
export const commitmentOf = (key: Buffer, row: CredentialRow): string =>
  createHmac('sha256', key).update(committedText(row), 'utf8').digest('hex');

/** A public name of the key (16 hex digits of an HMAC of a fixed text): tells keys apart, reveals nothing. */
export const commitmentKeyId = (key: Buffer): string =>
  createHmac('sha256', key).update(`${DOMAIN} key id`).digest('hex').slice(0, 16);

/** The event committing to `row`. */
export function commitmentEvent(key: Buffer, row: CredentialRow, backfill = false): CredentialCommitted {
  return {
    table: row.table,
    principal: row.principal,
    ...('version' in row ? { version: row.version } : { factorId: row.factorId }),
    commitment: commitmentOf(key, row),
    keyId: commitmentKeyId(key),
    ...(backfill ? { backfill: true as const } : {}),
  };
}

/**
 * A member's first credentials as `MemberRegistered` carries their commitment (decision 0060): the
 * row (member_credentials, the member, version `credentialVersion`) is implied by the event, so only
 * the HMAC and the key's name are stored — one event per registration instead of two. Events written
 * before it have a `CredentialCommitted` of their own on the credentials stream; readers take both.
 */
export interface RegistrationCommitment {
  credentialCommitment: string;
  credentialKeyId: string;
}

/** The commitment fields of a registration's `MemberRegistered` for its first credential row. */
export function registrationCommitment(
  key: Buffer,
  row: Omit<Extract<CredentialRow, { table: 'member_credentials' }>, 'table'>,
): RegistrationCommitment {
  return {
    credentialCommitment: commitmentOf(key, { table: 'member_credentials', ...row }),
    credentialKeyId: commitmentKeyId(key),
  };
}

/**
 * Appends `CredentialCommitted` events for rows written in this transaction, on their principals'
 * credential streams. The caller holds the principal's account row lock, so the stream's version read
 * here cannot move before the append.
 */
export async function commitCredentials(tx: LedgerTx, key: Buffer, rows: readonly CredentialRow[]): Promise<void> {
  const byStream = new Map<string, CredentialRow[]>();
  for (const row of rows) {
    const stream = credentialStream(principalKindOf(row.table), row.principal);
    byStream.set(stream, [...(byStream.get(stream) ?? []), row]);
  }
  for (const [stream, mine] of byStream) {
    const version = await streamVersion(tx, stream);
    await tx.append(
      stream,
      version,
      mine.map((row) => ({ type: CREDENTIAL_COMMITTED, payload: commitmentEvent(key, row) })),
    );
  }
}

/**
 * What the ledger says of a credential row: the newest commitment to it. With `latest` (password
 * rows, whose versions only grow), the newest commitment of the principal's table whatever its
 * version, so a row of an older version put back in use is caught as well.
 */
export async function committedFor(
  sql: Sql,
  row: Pick<CredentialRow, 'table' | 'principal'> & { version?: number; factorId?: string },
  latest = false,
): Promise<CredentialCommitted | null> {
  const ref = row.version !== undefined ? ['version', String(row.version)] : ['factorId', row.factorId ?? ''];
  const stream = credentialStream(principalKindOf(row.table), row.principal);
  const own = `select payload, stream_version from events
      where stream_id = $1 and type = '${CREDENTIAL_COMMITTED}' and payload->>'table' = $2 ${latest ? '' : `and payload->>'${ref[0]}' = $3`}
      order by stream_version desc limit 1`;
  // A member's first row may be committed by the registration itself (decision 0060): stream version 0
  // here, so any commitment of the credentials stream is newer.
  const registered =
    row.table === 'member_credentials'
      ? `union all
         select jsonb_build_object('table', 'member_credentials', 'principal', payload->>'uid',
                  'version', (payload->>'credentialVersion')::int, 'commitment', payload->>'credentialCommitment',
                  'keyId', payload->>'credentialKeyId'), 0
           from events
          where stream_id = $${latest ? 3 : 4} and stream_version = 1 and type = 'MemberRegistered'
            and payload ? 'credentialCommitment' ${latest ? '' : `and payload->>'credentialVersion' = $3`}`
      : '';
  const [found] = await sql.query<{ payload: CredentialCommitted }>(
    `select payload from ((${own}) ${registered}) c order by stream_version desc limit 1`,
    [
      stream,
      row.table,
      ...(latest ? [] : [ref[1]]),
      ...(row.table === 'member_credentials' ? [memberStream(row.principal)] : []),
    ],
  );
  return found?.payload ?? null;
}

/**
 * Whether `row` is what the ledger committed to: 'ok', or the problem — no commitment at all, or
 * another row (another hash, or for a password row a version other than the newest committed one).
 */
export async function checkCredentialRow(
  sql: Sql,
  key: Buffer,
  row: CredentialRow,
): Promise<'ok' | CredentialTamperDetected['problem']> {
  const current = row.table === 'member_credentials' || row.table === 'admin_credentials';
  const committed = await committedFor(sql, row, current);
  if (!committed) return 'missing';
  if (current && 'version' in row && committed.version !== row.version) return 'mismatch';
  return sameHex(committed.commitment, commitmentOf(key, row)) ? 'ok' : 'mismatch';
}

/** Constant-time comparison of two hex texts. */
export function sameHex(a: unknown, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The alert: a `CredentialTamperDetected` event on the principal's credential stream, in a transaction
 * of its own (the refusal it comes with writes nothing else), which the metrics count
 * (`sahyog_credential_tamper_alerts`), and a warning in the log naming the row, never a secret. The
 * refusal stands whether or not the alert could be written.
 */
export async function raiseCredentialAlarm(
  ledger: Ledger,
  alert: CredentialTamperDetected,
  metadata: EventMetadata,
): Promise<void> {
  const stream = credentialStream(principalKindOf(alert.table), alert.principal);
  rootLogger().warn(
    { alert },
    `credential tamper: ${alert.table} of ${alert.principal} ${alert.problem} (${alert.check})`,
  );
  try {
    await ledger.run(metadata, async (tx) =>
      tx.append(stream, await streamVersion(tx, stream), [{ type: CREDENTIAL_TAMPER_DETECTED, payload: alert }]),
    );
  } catch (error) {
    rootLogger().error({ err: error, alert }, 'credential tamper: the alert event could not be written');
  }
}

/** A member's credential row of `version`, as the commitment covers it; null if there is none. */
export async function memberCredentialRow(
  sql: Sql,
  uid: string,
  version: number,
): Promise<Extract<CredentialRow, { table: 'member_credentials' }> | null> {
  const [row] = await sql.query<{ password_hash: string; txn_password_hash: string | null }>(
    'select password_hash, txn_password_hash from member_credentials where principal = $1 and version = $2',
    [uid, version],
  );
  return row
    ? {
        table: 'member_credentials',
        principal: uid,
        version,
        passwordHash: row.password_hash,
        txnPasswordHash: row.txn_password_hash,
      }
    : null;
}

/** An admin's password row of `version`; null if there is none. */
export async function adminCredentialRow(
  sql: Sql,
  username: string,
  version: number,
): Promise<Extract<CredentialRow, { table: 'admin_credentials' }> | null> {
  const [row] = await sql.query<{ password_hash: string }>(
    'select password_hash from admin_credentials where principal = $1 and version = $2',
    [username, version],
  );
  return row ? { table: 'admin_credentials', principal: username, version, passwordHash: row.password_hash } : null;
}

/** A TOTP factor's secret row; null if there is none. */
export async function totpSecretRow(
  sql: Sql,
  factorId: string,
): Promise<Extract<CredentialRow, { table: 'admin_totp_secrets' }> | null> {
  const [row] = await sql.query<{ principal: string; secret_cipher: string }>(
    'select principal, secret_cipher from admin_totp_secrets where factor_id = $1',
    [factorId],
  );
  return row
    ? { table: 'admin_totp_secrets', principal: row.principal, factorId, secretCipher: row.secret_cipher }
    : null;
}

/** A factor's recovery codes as one row (their hashes by index); null if it has none. */
export async function recoveryCodesRow(
  sql: Sql,
  principal: string,
  factorId: string,
): Promise<Extract<CredentialRow, { table: 'admin_totp_recovery_codes' }> | null> {
  const rows = await sql.query<{ code_sha256: string }>(
    'select code_sha256 from admin_totp_recovery_codes where factor_id = $1 order by idx',
    [factorId],
  );
  return rows.length
    ? { table: 'admin_totp_recovery_codes', principal, factorId, codes: rows.map((r) => r.code_sha256) }
    : null;
}

/** Inserts a member's credential row (never updated: decision 0002) and commits to it in the ledger. */
/** Inserts a member's credential row without an event of its own: its commitment is in the registration's (decision 0060). */
export async function insertMemberCredentials(
  tx: LedgerTx,
  row: Omit<Extract<CredentialRow, { table: 'member_credentials' }>, 'table'>,
): Promise<void> {
  await tx.execute(
    'insert into member_credentials (principal, version, password_hash, txn_password_hash) values ($1, $2, $3, $4)',
    [row.principal, row.version, row.passwordHash, row.txnPasswordHash],
  );
}

export async function storeMemberCredentials(
  tx: LedgerTx,
  key: Buffer,
  row: Omit<Extract<CredentialRow, { table: 'member_credentials' }>, 'table'>,
): Promise<void> {
  await insertMemberCredentials(tx, row);
  await commitCredentials(tx, key, [{ table: 'member_credentials', ...row }]);
}

/**
 * A member's next credential row: one secret new, the other carried over from the current row (read
 * in this transaction, under the member's lock), committed in the ledger. False when the current row is missing.
 */
export async function storeNextMemberCredentials(
  tx: LedgerTx,
  key: Buffer,
  uid: string,
  from: number,
  change: { passwordHash: string } | { txnPasswordHash: string },
): Promise<boolean> {
  const current = await memberCredentialRow(tx, uid, from);
  if (!current) return false;
  await storeMemberCredentials(tx, key, {
    principal: uid,
    version: from + 1,
    passwordHash: 'passwordHash' in change ? change.passwordHash : current.passwordHash,
    txnPasswordHash: 'txnPasswordHash' in change ? change.txnPasswordHash : current.txnPasswordHash,
  });
  return true;
}

/** Inserts an admin's password row and commits to it in the ledger. */
export async function storeAdminPassword(
  tx: LedgerTx,
  key: Buffer,
  username: string,
  version: number,
  passwordHash: string,
): Promise<void> {
  await tx.execute('insert into admin_credentials (principal, version, password_hash) values ($1, $2, $3)', [
    username,
    version,
    passwordHash,
  ]);
  await commitCredentials(tx, key, [{ table: 'admin_credentials', principal: username, version, passwordHash }]);
}
