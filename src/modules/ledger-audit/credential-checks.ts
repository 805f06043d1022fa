import { credentialCommitmentKeyFrom } from '../../config/config';
import { Sql } from '../../platform/db/sql';
import {
  adminLedgerState,
  adminRightsDiffer,
  commitmentKeyId,
  commitmentOf,
  CREDENTIAL_COMMITTED,
  CredentialCommitted,
  CredentialRow,
  credentialStream,
} from '../identity';
import { LedgerCheck, MAX_PROBLEMS, Problem } from './problem';

/**
 * Issue 21 §2 (docs/decisions/0044-credential-commitments.md): the credential tables are not
 * projections — the ledger never holds a secret — but every row has a `CredentialCommitted` event
 * carrying an HMAC of it under CREDENTIAL_COMMITMENT_KEY (outside PostgreSQL). These checks recompute
 * each row's HMAC and name every row the ledger does not vouch for, and every admin whose rights in
 * admin_users are not what the admin's stream says.
 */

/** Rows read per batch from a credential table. */
const ROW_BATCH = 5000;

type Committed = CredentialCommitted & { position: string; stream_id: string };

const refOf = (c: { version?: number; factorId?: string }): string =>
  c.version !== undefined ? `version ${c.version}` : `factor ${c.factorId}`;
const keyOf = (table: string, principal: string, ref: string): string => `${table}\u0000${principal}\u0000${ref}`;

/** How each table's rows are read, keyset-paged, as the commitment covers them. */
const TABLES: ReadonlyArray<{
  table: CredentialRow['table'];
  /** The secret columns, for the reason's words. */
  columns: string;
  page: (sql: Sql, after: string[]) => Promise<Array<{ row: CredentialRow; cursor: string[] }>>;
}> = [
  {
    table: 'member_credentials',
    columns: 'password_hash, txn_password_hash',
    page: async (sql, after) =>
      (
        await sql.query<{
          principal: string;
          version: number;
          password_hash: string;
          txn_password_hash: string | null;
        }>(
          `select principal, version, password_hash, txn_password_hash from member_credentials
            where (principal, version) > ($1, $2::int) order by principal, version limit ${ROW_BATCH}`,
          [after[0] ?? '', after[1] ?? '0'],
        )
      ).map((r) => ({
        row: {
          table: 'member_credentials',
          principal: r.principal,
          version: r.version,
          passwordHash: r.password_hash,
          txnPasswordHash: r.txn_password_hash,
        },
        cursor: [r.principal, String(r.version)],
      })),
  },
  {
    table: 'admin_credentials',
    columns: 'password_hash',
    page: async (sql, after) =>
      (
        await sql.query<{ principal: string; version: number; password_hash: string }>(
          `select principal, version, password_hash from admin_credentials
            where (principal, version) > ($1, $2::int) order by principal, version limit ${ROW_BATCH}`,
          [after[0] ?? '', after[1] ?? '0'],
        )
      ).map((r) => ({
        row: { table: 'admin_credentials', principal: r.principal, version: r.version, passwordHash: r.password_hash },
        cursor: [r.principal, String(r.version)],
      })),
  },
  {
    table: 'admin_totp_secrets',
    columns: 'secret_cipher',
    page: async (sql, after) =>
      (
        await sql.query<{ factor_id: string; principal: string; secret_cipher: string }>(
          `select factor_id::text as factor_id, principal, secret_cipher from admin_totp_secrets
            where factor_id::text > $1 order by factor_id::text limit ${ROW_BATCH}`,
          [after[0] ?? ''],
        )
      ).map((r) => ({
        row: {
          table: 'admin_totp_secrets',
          principal: r.principal,
          factorId: r.factor_id,
          secretCipher: r.secret_cipher,
        },
        cursor: [r.factor_id],
      })),
  },
  {
    table: 'admin_totp_recovery_codes',
    columns: 'code_sha256',
    page: async (sql, after) =>
      (
        await sql.query<{ factor_id: string; principal: string | null; codes: string[] }>(
          `select c.factor_id::text as factor_id, s.principal, array_agg(c.code_sha256::text order by c.idx) as codes
             from admin_totp_recovery_codes c left join admin_totp_secrets s on s.factor_id = c.factor_id
            where c.factor_id::text > $1 group by c.factor_id, s.principal order by c.factor_id::text limit ${ROW_BATCH}`,
          [after[0] ?? ''],
        )
      ).map((r) => ({
        row: {
          table: 'admin_totp_recovery_codes',
          principal: r.principal ?? '',
          factorId: r.factor_id,
          codes: r.codes,
        },
        cursor: [r.factor_id],
      })),
  },
];

/**
 * Every credential row matches the newest commitment the ledger holds for it; every commitment has its
 * row; each account's credential version is the newest one committed. Commitments made under another
 * key than this process's are named once per key, not row by row.
 */
export const credentialCommitmentsMatch = (key: () => Buffer = () => credentialCommitmentKeyFrom()): LedgerCheck => ({
  name: 'credential-commitments',
  async run(sql: Sql): Promise<Problem[]> {
    const commitmentKey = key();
    const myKeyId = commitmentKeyId(commitmentKey);
    const problems: Problem[] = [];
    const note = (p: Problem) => {
      if (problems.length < MAX_PROBLEMS) problems.push(p);
    };
    // The newest commitment of each row (a row is committed once; a repeat would be a later word on it).
    const committed = new Map<string, Committed>();
    const otherKeys = new Map<string, Committed>();
    const events = await sql.query<{ position: string; stream_id: string; payload: CredentialCommitted }>(
      `select position::text as position, stream_id, payload from events where type = '${CREDENTIAL_COMMITTED}' order by position`,
    );
    for (const { position, stream_id, payload } of events) {
      const c = { ...payload, position, stream_id };
      if (stream_id !== credentialStream(c.table === 'member_credentials' ? 'member' : 'admin', c.principal))
        note({
          position,
          stream_id,
          reason: `a commitment to ${c.table} of ${c.principal} on another principal's stream`,
        });
      committed.set(keyOf(c.table, c.principal, refOf(c)), c);
      if (c.keyId !== myKeyId && !otherKeys.has(c.keyId)) otherKeys.set(c.keyId, c);
    }
    for (const [keyId, first] of otherKeys)
      note({
        position: first.position,
        stream_id: first.stream_id,
        reason: `credential commitments made under key ${keyId}, and this verify holds key ${myKeyId}: give it the CREDENTIAL_COMMITMENT_KEY that made them (its rows are not checked)`,
      });

    const seen = new Set<string>();
    for (const { table, columns, page } of TABLES) {
      let after: string[] = [];
      for (;;) {
        const rows = await page(sql, after);
        for (const { row } of rows) {
          const ref = refOf(row as { version?: number; factorId?: string });
          const id = keyOf(table, row.principal, ref);
          seen.add(id);
          const c = committed.get(id);
          const named = `${table} row (principal ${row.principal}, ${ref})`;
          if (!c) {
            note({
              position: '0',
              stream_id: credentialStream(table === 'member_credentials' ? 'member' : 'admin', row.principal),
              reason: `${named}: the ledger holds no commitment to it: it was written outside the product`,
            });
            continue;
          }
          if (c.keyId !== myKeyId) continue;
          if (c.commitment !== commitmentOf(commitmentKey, row))
            note({
              position: c.position,
              stream_id: c.stream_id,
              reason: `${named}: ${columns} do not match the ledger's commitment (CredentialCommitted at ${c.position}): changed outside the product`,
            });
        }
        if (rows.length < ROW_BATCH) break;
        after = rows[rows.length - 1].cursor;
      }
    }
    for (const [id, c] of committed)
      if (!seen.has(id))
        note({
          position: c.position,
          stream_id: c.stream_id,
          reason: `${c.table} row (principal ${c.principal}, ${refOf(c)}) committed at ${c.position} is missing from the table`,
        });

    // An account's credential version must be its newest committed one (an older row put back in use otherwise).
    const behind = await sql.query<{ kind: string; principal: string; table_version: number; ledger_version: number }>(
      `with newest as (
         select payload->>'table' as tbl, payload->>'principal' as principal, max((payload->>'version')::int) as v
           from events where type = '${CREDENTIAL_COMMITTED}' and payload->>'table' in ('member_credentials', 'admin_credentials')
          group by 1, 2)
       select 'member' as kind, m.uid as principal, m.credential_version as table_version, n.v as ledger_version
         from members m join newest n on n.tbl = 'member_credentials' and n.principal = m.uid where m.credential_version <> n.v
       union all
       select 'admin', a.username, a.credential_version, n.v
         from admin_users a join newest n on n.tbl = 'admin_credentials' and n.principal = a.username where a.credential_version <> n.v
       order by 1, 2 limit ${MAX_PROBLEMS}`,
    );
    for (const b of behind)
      note({
        position: '0',
        stream_id: credentialStream(b.kind as 'member' | 'admin', b.principal),
        reason: `${b.kind === 'member' ? 'members' : 'admin_users'} row ${b.principal}: credential_version is ${b.table_version}, the newest committed credential is version ${b.ledger_version}`,
      });
    return problems;
  },
});

/**
 * Every admin_users row's role, disabled flag, credential version and second factor are what the
 * admin's own stream says (the probe's auditor made superadmin in the table alone), and every admin
 * the ledger created has a row.
 */
export const adminRightsMatch: LedgerCheck = {
  name: 'admin-rights',
  async run(sql: Sql): Promise<Problem[]> {
    const rows = await sql.query<{
      username: string;
      role: string;
      disabled: boolean;
      credential_version: number;
      totp_factor_id: string | null;
    }>(
      'select username, role, disabled, credential_version, totp_factor_id::text as totp_factor_id from admin_users order by username',
    );
    const problems: Problem[] = [];
    for (const row of rows) {
      const differs = adminRightsDiffer(
        {
          role: row.role,
          disabled: row.disabled,
          credentialVersion: row.credential_version,
          totpFactorId: row.totp_factor_id,
        },
        await adminLedgerState(sql, row.username),
      );
      if (!differs) continue;
      const [last] = await sql.query<{ position: string }>(
        'select coalesce(max(position), 0)::text as position from events where stream_id = $1',
        [`admin-${row.username}`],
      );
      problems.push({
        position: last.position,
        stream_id: `admin-${row.username}`,
        reason: `admin_users row ${row.username}: ${differs.column} is ${differs.found}, the ledger says ${differs.ledger}`,
      });
      if (problems.length >= MAX_PROBLEMS) return problems;
    }
    const missing = await sql.query<{ position: string; stream_id: string }>(
      `select e.position::text as position, e.stream_id from events e
        where e.type = 'AdminUserCreated' and not exists (select 1 from admin_users a where 'admin-' || a.username = e.stream_id)
        order by e.position limit ${MAX_PROBLEMS}`,
    );
    for (const m of missing)
      problems.push({
        ...m,
        reason: `admin ${m.stream_id.slice('admin-'.length)} is in the ledger and has no admin_users row`,
      });
    return problems;
  },
};

/** The credential checks `verify` runs (LEDGER_CHECKS). */
export const CREDENTIAL_CHECKS: readonly LedgerCheck[] = [credentialCommitmentsMatch(), adminRightsMatch];
