import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room on each `members` page (fillfactor 80) so that the changes a member's events make — a
 * top-up's status and packages, a login's counters, a block — are HOT updates: the new row version
 * stays on its page and none of the table's three indexes gets a new entry, since none of those
 * columns is indexed. Applies to pages written from now on; `vacuum full members` would repack
 * existing ones.
 */
export class MembersFillfactor1763800005000 implements MigrationInterface {
  name = 'MembersFillfactor1763800005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table members set (fillfactor = 80)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('alter table members reset (fillfactor)');
  }
}
