import { credentialCommitmentKeyFrom } from '../../config/config';
import { Sql } from '../../platform/db/sql';
import {
  adminLedgerState,
  adminRightsDiffer,
  commitmentKeyId,
  commitmentOf,
  CREDENTIAL_COMMITTED,
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

const refOf = (c: { version?: number; factorId?: string }): string =>
  c.version !== undefined ? `version ${c.version}` : `factor ${c.factorId}`;

/** The newest commitment to a row, looked up by its principal's stream (the events' unique index), as SQL. */
const newest = (kind: 'member' | 'admin', table: string, principal: string, ref: string, value: string) => `
  left join lateral (
    select e.position::text as position, e.stream_id, e.type, e.payload->>'commitment' as commitment, e.payload->>'keyId' as key_id
      from events e
     where e.stream_id = 'credentials-${kind}-' || ${principal} and e.type = '${CREDENTIAL_COMMITTED}'
       and e.payload->>'table' = '${table}' and e.payload->>'${ref}' = ${value}
     order by e.stream_version desc limit 1) k on true`;

/**
 * The newest commitment to a member_credentials row `c`: a `CredentialCommitted` on the member's
 * credentials stream, or the registration's own (decision 0060: `MemberRegistered` carries the first
 * row's commitment; it ranks below every commitment of the credentials stream). Either way a finding
 * names the principal's credentials stream, where its credential history and alerts are, and the
 * committing event by type and position.
 */
const newestMember = `
  left join lateral (
    select both_forms.position::text as position, 'credentials-member-' || c.principal as stream_id, both_forms.type, both_forms.commitment, both_forms.key_id
      from ((select e.position, e.stream_id, e.type, e.stream_version, e.payload->>'commitment' as commitment, e.payload->>'keyId' as key_id
               from events e
              where e.stream_id = 'credentials-member-' || c.principal and e.type = '${CREDENTIAL_COMMITTED}'
                and e.payload->>'table' = 'member_credentials' and e.payload->>'version' = c.version::text
              order by e.stream_version desc limit 1)
            union all
            select e.position, e.stream_id, e.type, 0, e.payload->>'credentialCommitment', e.payload->>'credentialKeyId'
              from events e
             where e.stream_id = 'member-' || c.principal and e.stream_version = 1 and e.type = 'MemberRegistered'
               and e.payload ? 'credentialCommitment' and e.payload->>'credentialVersion' = c.version::text) both_forms
     order by both_forms.stream_version desc limit 1) k on true`;

interface Paged {
  row: CredentialRow;
  cursor: string[];
  /** The newest commitment to the row, if any. */
  position: string | null;
  stream_id: string | null;
  /** The committing event's type: `CredentialCommitted`, or `MemberRegistered` for a registration's first row. */
  type: string | null;
  commitment: string | null;
  key_id: string | null;
}

type Committed = Pick<Paged, 'position' | 'stream_id' | 'type' | 'commitment' | 'key_id'>;

/** How each table's rows are read, keyset-paged, with the newest commitment to each. */
const TABLES: ReadonlyArray<{
  table: CredentialRow['table'];
  /** The secret columns, for the reason's words. */
  columns: string;
  page: (sql: Sql, after: string[]) => Promise<Paged[]>;
}> = [
  {
    table: 'member_credentials',
    columns: 'password_hash, txn_password_hash',
    page: async (sql, after) =>
      (
        await sql.query<
          { principal: string; version: number; password_hash: string; txn_password_hash: string | null } & Committed
        >(
          `select c.principal, c.version, c.password_hash, c.txn_password_hash, k.* from member_credentials c
           ${newestMember}
            where (c.principal, c.version) > ($1, $2::int) order by c.principal, c.version limit ${ROW_BATCH}`,
          [after[0] ?? '', after[1] ?? '0'],
        )
      ).map((r) => ({
        ...r,
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
        await sql.query<{ principal: string; version: number; password_hash: string } & Committed>(
          `select c.principal, c.version, c.password_hash, k.* from admin_credentials c
           ${newest('admin', 'admin_credentials', 'c.principal', 'version', 'c.version::text')}
            where (c.principal, c.version) > ($1, $2::int) order by c.principal, c.version limit ${ROW_BATCH}`,
          [after[0] ?? '', after[1] ?? '0'],
        )
      ).map((r) => ({
        ...r,
        row: { table: 'admin_credentials', principal: r.principal, version: r.version, passwordHash: r.password_hash },
        cursor: [r.principal, String(r.version)],
      })),
  },
  {
    table: 'admin_totp_secrets',
    columns: 'secret_cipher',
    page: async (sql, after) =>
      (
        await sql.query<{ factor_id: string; principal: string; secret_cipher: string } & Committed>(
          `select c.factor_id::text as factor_id, c.principal, c.secret_cipher, k.* from admin_totp_secrets c
           ${newest('admin', 'admin_totp_secrets', 'c.principal', 'factorId', 'c.factor_id::text')}
            where c.factor_id::text > $1 order by c.factor_id::text limit ${ROW_BATCH}`,
          [after[0] ?? ''],
        )
      ).map((r) => ({
        ...r,
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
        await sql.query<{ factor_id: string; principal: string; codes: string[] } & Committed>(
          `with c as (
             select r.factor_id::text as factor_id, coalesce(s.principal, '') as principal, array_agg(r.code_sha256::text order by r.idx) as codes
               from admin_totp_recovery_codes r left join admin_totp_secrets s on s.factor_id = r.factor_id
              where r.factor_id::text > $1 group by r.factor_id, s.principal order by r.factor_id::text limit ${ROW_BATCH})
           select c.*, k.* from c ${newest('admin', 'admin_totp_recovery_codes', 'c.principal', 'factorId', 'c.factor_id')}
            order by c.factor_id`,
          [after[0] ?? ''],
        )
      ).map((r) => ({
        ...r,
        row: { table: 'admin_totp_recovery_codes', principal: r.principal, factorId: r.factor_id, codes: r.codes },
        cursor: [r.factor_id],
      })),
  },
];

/**
 * Every credential row matches the newest commitment the ledger holds for it; every commitment has its
 * row; each account's credential version is the newest one committed. Commitments made under another
 * key than this process's are named once per key, not row by row. The tables are read in pages, each
 * row's commitment found through its principal's stream: memory stays flat however many members there are.
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
    const otherKeys = await sql.query<{ key_id: string; position: string; stream_id: string }>(
      `select distinct on (k.key_id) k.key_id, k.position::text as position, k.stream_id
         from (select payload->>'keyId' as key_id, position, stream_id from events where type = '${CREDENTIAL_COMMITTED}'
               union all
               select payload->>'credentialKeyId', position, stream_id from events
                where type = 'MemberRegistered' and stream_version = 1 and payload ? 'credentialCommitment') k
        where k.key_id is distinct from $1
        order by k.key_id, k.position limit ${MAX_PROBLEMS}`,
      [myKeyId],
    );
    for (const other of otherKeys)
      note({
        position: other.position,
        stream_id: other.stream_id,
        reason: `credential commitments made under key ${other.key_id}, and this verify holds key ${myKeyId}: give it the CREDENTIAL_COMMITMENT_KEY that made them (their rows are not checked)`,
      });

    for (const { table, columns, page } of TABLES) {
      let after: string[] = [];
      for (;;) {
        const rows = await page(sql, after);
        for (const { row, position, stream_id, type, commitment, key_id } of rows) {
          const named = `${table} row (principal ${row.principal}, ${refOf(row as { version?: number; factorId?: string })})`;
          if (position === null || stream_id === null) {
            note({
              position: '0',
              stream_id: credentialStream(table === 'member_credentials' ? 'member' : 'admin', row.principal),
              reason: `${named}: the ledger holds no commitment to it: it was written outside the product`,
            });
            continue;
          }
          if (key_id !== myKeyId) continue;
          if (commitment !== commitmentOf(commitmentKey, row))
            note({
              position,
              stream_id,
              reason: `${named}: ${columns} do not match the ledger's commitment (${type ?? CREDENTIAL_COMMITTED} at ${position}): changed outside the product`,
            });
        }
        if (rows.length < ROW_BATCH) break;
        after = rows[rows.length - 1].cursor;
      }
    }

    // Commitments whose row is gone, or written on another principal's stream.
    const orphans = await sql.query<{ position: string; stream_id: string; reason: string }>(
      `select o.position::text as position, o.stream_id, o.reason from (select e.position, e.stream_id,
              case when e.stream_id <> 'credentials-' || case when e.payload->>'table' = 'member_credentials' then 'member' else 'admin' end || '-' || (e.payload->>'principal')
                   then format('a commitment to %s of %s on another principal''s stream', e.payload->>'table', e.payload->>'principal')
                   else format('%s row (principal %s, %s) committed at %s is missing from the table', e.payload->>'table', e.payload->>'principal',
                               coalesce('version ' || (e.payload->>'version'), 'factor ' || (e.payload->>'factorId')), e.position) end as reason
         from events e
        where e.type = '${CREDENTIAL_COMMITTED}'
          and (e.stream_id <> 'credentials-' || case when e.payload->>'table' = 'member_credentials' then 'member' else 'admin' end || '-' || (e.payload->>'principal')
               or case e.payload->>'table'
                    when 'member_credentials' then not exists (select 1 from member_credentials c where c.principal = e.payload->>'principal' and c.version::text = e.payload->>'version')
                    when 'admin_credentials' then not exists (select 1 from admin_credentials c where c.principal = e.payload->>'principal' and c.version::text = e.payload->>'version')
                    when 'admin_totp_secrets' then not exists (select 1 from admin_totp_secrets c where c.factor_id::text = e.payload->>'factorId')
                    when 'admin_totp_recovery_codes' then not exists (select 1 from admin_totp_recovery_codes c where c.factor_id::text = e.payload->>'factorId')
                    else true end)
       union all
       -- A registration's commitment (decision 0060) whose row is gone.
       select e.position, 'credentials-member-' || (e.payload->>'uid'),
              format('member_credentials row (principal %s, version %s) committed at %s is missing from the table',
                     e.payload->>'uid', e.payload->>'credentialVersion', e.position)
         from events e
        where e.type = 'MemberRegistered' and e.stream_version = 1 and e.payload ? 'credentialCommitment'
          and not exists (select 1 from member_credentials c where c.principal = e.payload->>'uid' and c.version::text = e.payload->>'credentialVersion')) o
        order by o.position limit ${MAX_PROBLEMS}`,
    );
    for (const o of orphans) note(o);

    // An account's credential version must be its newest committed one (an older row put back in use otherwise).
    const behind = await sql.query<{ kind: string; principal: string; table_version: number; ledger_version: number }>(
      `with newest as (
         select tbl, principal, max(v) as v
           from (select payload->>'table' as tbl, payload->>'principal' as principal, (payload->>'version')::int as v
                   from events where type = '${CREDENTIAL_COMMITTED}' and payload->>'table' in ('member_credentials', 'admin_credentials')
                 union all
                 -- A registration's own commitment (decision 0060).
                 select 'member_credentials', payload->>'uid', (payload->>'credentialVersion')::int
                   from events where type = 'MemberRegistered' and stream_version = 1 and payload ? 'credentialCommitment') c
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
