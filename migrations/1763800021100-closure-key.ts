import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The closure's key (decision 0060, issue 22 §7's bytes): `member_tree`'s primary key becomes
 * (descendant_uid, ancestor_uid) — the same pair as before, unique as before — in place of
 * (ancestor_uid, descendant_uid) plus the non-unique `member_tree_descendant_idx (descendant_uid,
 * depth)`. Every read that used that index starts from a member (its ≤ 15 uplines: income, the
 * team counts, the far jumps at depth 15) and reads the same ≤ 15 entries by the key's first column,
 * and the pair probe ("is A above D?") is one key lookup. One index fewer: ~111 B a member on the
 * deep network.
 */
export class ClosureKey1763800021100 implements MigrationInterface {
  name = 'ClosureKey1763800021100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table member_tree drop constraint member_tree_pkey');
    await q.query('drop index member_tree_descendant_idx');
    await q.query('alter table member_tree add constraint member_tree_pkey primary key (descendant_uid, ancestor_uid)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('alter table member_tree drop constraint member_tree_pkey');
    await q.query('alter table member_tree add constraint member_tree_pkey primary key (ancestor_uid, descendant_uid)');
    await q.query('create index member_tree_descendant_idx on member_tree (descendant_uid, depth)');
  }
}
