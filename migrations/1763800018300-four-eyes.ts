import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Four eyes on value (docs/decisions/0034-four-eyes.md): `four_eyes_requests` is the projection of
 * the `four-eyes-<id>` streams (`ledger replay` rebuilds it); Expired is derived from `expires_at` at
 * read time, never stored. `four_eyes_secrets` holds the argon2 hash of a password an admin-creation
 * request carries until it is decided: a secret, kept outside the ledger like `admin_credentials`.
 */
export class FourEyes1763800018300 implements MigrationInterface {
  name = 'FourEyes1763800018300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table four_eyes_requests (
        id           uuid        primary key,
        action       text        not null,
        maker        text        not null,
        member_uid   char(6),
        amount_paise bigint,
        summary      text        not null,
        request      jsonb       not null,
        status       text        not null check (status in ('Pending', 'Approved', 'Rejected', 'Failed')),
        checker      text,
        reason       text,
        code         text,
        requested_at timestamptz not null,
        expires_at   timestamptz not null,
        decided_at   timestamptz,
        version      integer     not null
      )`);
    await q.query('create index four_eyes_requests_status on four_eyes_requests (status, requested_at)');
    await q.query(`
      create table four_eyes_secrets (
        request_id    uuid primary key,
        password_hash text not null
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table four_eyes_secrets');
    await q.query('drop table four_eyes_requests');
  }
}
