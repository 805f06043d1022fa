import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong current passwords in signed-in calls (UpdateProfile password, trans_password, bankdetails,
 * ecurrency), per member and secret: the projection the lock-out of those checks reads
 * (docs/decisions/0029-lockout-of-secret-checks.md). No events of these types existed before, so
 * it starts empty; `ledger replay` rebuilds it.
 */
export class SecretChecks1763800016029 implements MigrationInterface {
  name = 'SecretChecks1763800016029';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table secret_checks (
        uid            char(6)     not null,
        kind           text        not null check (kind in ('password', 'transaction')),
        failures       integer     not null check (failures >= 0),
        last_failed_at timestamptz,
        locked_until   timestamptz,
        primary key (uid, kind)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table secret_checks');
  }
}
