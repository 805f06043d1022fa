import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admins' second factor (TOTP, docs/decisions/0033-admin-totp.md).
 * - `admin_users` gains the factor's state, a projection of the admin's stream like the rest of the
 *   row: the enabled and the pending factor, the last time step accepted (a code is accepted once),
 *   the recovery codes used, and the count of wrong codes given to the signed-in disable call.
 * - The factor's secret and the recovery codes' hashes are kept beside the ledger, like the
 *   password hashes (decision 0002): the events carry the factor's id and a commitment only. One row
 *   per factor, written once, never updated or deleted by the application.
 * No TOTP events existed before, so the new columns start at their defaults; replay rebuilds them.
 */
export class AdminTotp1763800018200 implements MigrationInterface {
  name = 'AdminTotp1763800018200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      alter table admin_users
        add column totp_factor_id         uuid,
        add column totp_pending_factor_id uuid,
        add column totp_last_step         bigint,
        add column totp_recovery_used     integer[]   not null default '{}',
        add column totp_failures          integer     not null default 0 check (totp_failures >= 0),
        add column totp_last_failed_at    timestamptz,
        add column totp_locked_until      timestamptz`);
    await q.query(`
      create table admin_totp_secrets (
        factor_id     uuid        primary key,
        principal     text        not null,
        secret_cipher text        not null,
        created_at    timestamptz not null default now()
      )`);
    await q.query(`
      create table admin_totp_recovery_codes (
        factor_id   uuid    not null references admin_totp_secrets (factor_id),
        idx         integer not null check (idx >= 0),
        code_sha256 char(64) not null,
        primary key (factor_id, idx)
      )`);
    for (const table of ['admin_totp_secrets', 'admin_totp_recovery_codes'])
      await q.query(`revoke update, delete, truncate on ${table} from sahyog_app`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table admin_totp_recovery_codes');
    await q.query('drop table admin_totp_secrets');
    await q.query(`
      alter table admin_users
        drop column totp_factor_id, drop column totp_pending_factor_id, drop column totp_last_step,
        drop column totp_recovery_used, drop column totp_failures, drop column totp_last_failed_at,
        drop column totp_locked_until`);
  }
}
