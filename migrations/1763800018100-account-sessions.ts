import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18 §1 and §3 (docs/decisions/0032-bootstrap-secrets-and-sessions.md):
 * - `must_change_password` on members and admin_users: a one-time password from the production
 *   bootstrap must be changed before anything else; projected from the credential events
 *   (`MemberRegistered` / `AdminUserCreated` with `mustChange: true`, cleared by a password change).
 * - `session_epoch` on both: every block, unblock, disable, enable and role change carries the next
 *   epoch in its payload; a token carries the epoch it was issued under and dies when it moves on.
 *   Events written before this migration carry none and leave it at 0, so replay rebuilds the same.
 * - `admin_sessions`: one row per admin login (the token's `sid`), for logout and the 30-minute idle
 *   end. Operational state beside the ledger, like the credential tables: not a projection, not replayed.
 */
export class AccountSessions1763800018100 implements MigrationInterface {
  name = 'AccountSessions1763800018100';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['members', 'admin_users']) {
      await q.query(`alter table ${table} add column must_change_password boolean not null default false`);
      await q.query(`alter table ${table} add column session_epoch integer not null default 0`);
    }
    await q.query(`
      create table admin_sessions (
        session_id   uuid        primary key,
        username     text        not null,
        created_at   timestamptz not null,
        last_seen_at timestamptz not null,
        ended_at     timestamptz
      )`);
    await q.query('create index admin_sessions_username on admin_sessions (username)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table admin_sessions');
    for (const table of ['members', 'admin_users']) {
      await q.query(`alter table ${table} drop column must_change_password`);
      await q.query(`alter table ${table} drop column session_epoch`);
    }
  }
}
