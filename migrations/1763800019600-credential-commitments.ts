import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { commitmentKey } from './data/credential-commitment-key';

/**
 * Credentials in the ledger without the secrets (issue 21 §2, docs/decisions/0044-credential-commitments.md).
 * Every credential row written before this release gets its `CredentialCommitted` event — an HMAC of the
 * row under CREDENTIAL_COMMITMENT_KEY, marked `backfill` — on its principal's `credentials-<member|admin>-<id>`
 * stream. No row is rewritten, no event changed: the events are appended as the event store appends
 * (hash rule 2, a nonce in the metadata, chained per stream), by a registered ledger writer (decision 0036).
 * Rows that already have a commitment are skipped, so a re-run writes nothing.
 *
 * Migrations cannot import src/: the key rule (config.ts `credentialCommitmentKeyFrom`), the committed
 * text (identity `credential-commitments.ts`) and the hashing (event-store `canonical.ts`) are spelled
 * out here as they are at this release. The key is read only when there is a row to commit.
 */
const STREAM_PREFIX = 'credentials-';
const DOMAIN = 'sahyog-credential-commitment-v1';
const MIGRATION = 'migration-1763800019600';
/** Events per INSERT. */
const BATCH = 1000;

type Row =
  | {
      table: 'member_credentials';
      principal: string;
      version: number;
      passwordHash: string;
      txnPasswordHash: string | null;
    }
  | { table: 'admin_credentials'; principal: string; version: number; passwordHash: string }
  | { table: 'admin_totp_secrets'; principal: string; factorId: string; secretCipher: string }
  | { table: 'admin_totp_recovery_codes'; principal: string; factorId: string; codes: string[] };

function committedText(row: Row): string {
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

/** Canonical JSON (canonical.ts): keys sorted by code unit, no white space, undefined members dropped. */
function canonical(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v === undefined ? null : v)).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export class CredentialCommitments1763800019600 implements MigrationInterface {
  name = 'CredentialCommitments1763800019600';

  async up(q: QueryRunner): Promise<void> {
    // A ledger writer registers before anything else of its transaction (decision 0036).
    const [registered] = (await q.query(
      `select pg_advisory_xact_lock_shared(5362, 36), set_config('sahyog.ledger_writer', case when pg_current_xact_id_if_assigned() is null then 'registered' else 'late' end, true) as state`,
    )) as Array<{ state: string }>;
    if (registered.state !== 'registered')
      throw new Error('the credential commitment migration must register as a ledger writer first in its transaction');

    const rows = await this.uncommittedRows(q);
    if (rows.length === 0) return;
    const key = commitmentKey(process.env);
    const keyId = createHmac('sha256', key).update(`${DOMAIN} key id`).digest('hex').slice(0, 16);

    const heads = new Map<string, { version: number; hash: string }>();
    for (const h of (await q.query(
      `select distinct on (stream_id) stream_id, stream_version, hash from events
        where stream_id like '${STREAM_PREFIX}%' order by stream_id, stream_version desc`,
    )) as Array<{ stream_id: string; stream_version: number; hash: string }>)
      heads.set(h.stream_id, { version: h.stream_version, hash: h.hash });

    const recordedAt = new Date().toISOString();
    const nonces = randomBytes(16 * rows.length).toString('hex');
    const values: unknown[][] = [];
    rows.forEach((row, i) => {
      const streamId = `${STREAM_PREFIX}${row.table === 'member_credentials' ? 'member' : 'admin'}-${row.principal}`;
      const head = heads.get(streamId) ?? { version: 0, hash: '0'.repeat(64) };
      const payload = {
        table: row.table,
        principal: row.principal,
        ...('version' in row ? { version: row.version } : { factorId: row.factorId }),
        commitment: createHmac('sha256', key).update(committedText(row), 'utf8').digest('hex'),
        keyId,
        backfill: true,
      };
      const metadata = {
        actor: { kind: 'system', id: MIGRATION },
        correlationId: MIGRATION,
        nonce: nonces.slice(i * 32, (i + 1) * 32),
      };
      const streamVersion = head.version + 1;
      const content = canonical({
        metadata,
        payload,
        recordedAt,
        schemaVersion: 1,
        streamId,
        streamVersion,
        type: 'CredentialCommitted',
      });
      const hash = sha256(`${head.hash}\n${sha256(content)}`);
      heads.set(streamId, { version: streamVersion, hash });
      values.push([streamId, streamVersion, canonical(payload), canonical(metadata), hash]);
    });
    for (let i = 0; i < values.length; i += BATCH) {
      const chunk = values.slice(i, i + BATCH);
      await q.query(
        `insert into events (stream_id, stream_version, type, schema_version, payload, metadata, recorded_at, hash, hash_rule)
         select s, v, 'CredentialCommitted', 1, p, m, $6::timestamptz, h, 2
           from unnest($1::text[], $2::integer[], $3::jsonb[], $4::jsonb[], $5::text[]) with ordinality as u(s, v, p, m, h, ord)
          order by ord`,
        [0, 1, 2, 3, 4].map((column) => chunk.map((row) => row[column])).concat([recordedAt]),
      );
    }
  }

  /** Every credential row without a commitment, in (principal, version) or factor order. */
  private async uncommittedRows(q: QueryRunner): Promise<Row[]> {
    const committed = `select 1 from events e where e.stream_id = $1::text || c.principal and e.type = 'CredentialCommitted'
                          and e.payload->>'table' = $2::text and e.payload->>`;
    const members = (await q.query(
      `select c.principal, c.version, c.password_hash, c.txn_password_hash from member_credentials c
        where not exists (${committed}'version' = c.version::text)
          -- nor by its registration (decision 0060: a registration of a later release carries its first row's commitment)
          and not exists (select 1 from events r where r.stream_id = 'member-' || c.principal and r.stream_version = 1
                             and r.type = 'MemberRegistered' and r.payload ? 'credentialCommitment'
                             and r.payload->>'credentialVersion' = c.version::text)
        order by c.principal, c.version`,
      [`${STREAM_PREFIX}member-`, 'member_credentials'],
    )) as Array<{ principal: string; version: number; password_hash: string; txn_password_hash: string | null }>;
    const admins = (await q.query(
      `select c.principal, c.version, c.password_hash from admin_credentials c
        where not exists (${committed}'version' = c.version::text) order by c.principal, c.version`,
      [`${STREAM_PREFIX}admin-`, 'admin_credentials'],
    )) as Array<{ principal: string; version: number; password_hash: string }>;
    const secrets = (await q.query(
      `select c.principal, c.factor_id::text as factor_id, c.secret_cipher from admin_totp_secrets c
        where not exists (${committed}'factorId' = c.factor_id::text) order by c.created_at, c.factor_id`,
      [`${STREAM_PREFIX}admin-`, 'admin_totp_secrets'],
    )) as Array<{ principal: string; factor_id: string; secret_cipher: string }>;
    const codes = (await q.query(
      `select c.principal, c.factor_id::text as factor_id, array_agg(r.code_sha256::text order by r.idx) as codes
         from admin_totp_secrets c join admin_totp_recovery_codes r on r.factor_id = c.factor_id
        where not exists (${committed}'factorId' = c.factor_id::text)
        group by c.principal, c.factor_id, c.created_at order by c.created_at, c.factor_id`,
      [`${STREAM_PREFIX}admin-`, 'admin_totp_recovery_codes'],
    )) as Array<{ principal: string; factor_id: string; codes: string[] }>;
    return [
      ...members.map((r): Row => ({
        table: 'member_credentials',
        principal: r.principal,
        version: r.version,
        passwordHash: r.password_hash,
        txnPasswordHash: r.txn_password_hash,
      })),
      ...admins.map((r): Row => ({
        table: 'admin_credentials',
        principal: r.principal,
        version: r.version,
        passwordHash: r.password_hash,
      })),
      ...secrets.map((r): Row => ({
        table: 'admin_totp_secrets',
        principal: r.principal,
        factorId: r.factor_id,
        secretCipher: r.secret_cipher,
      })),
      ...codes.map((r): Row => ({
        table: 'admin_totp_recovery_codes',
        principal: r.principal,
        factorId: r.factor_id,
        codes: r.codes,
      })),
    ];
  }

  /** The events stay: the ledger is append-only, and the commitments are true of the rows they name. */
  async down(): Promise<void> {}
}
