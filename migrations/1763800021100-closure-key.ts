import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The closure's key (decision 0060, issue 22 §7's bytes): `member_tree`'s primary key becomes
 * (descendant_uid, depth) — a member has one upline at each distance, the tree's own invariant — in
 * place of (ancestor_uid, descendant_uid) and of the non-unique `member_tree_descendant_idx` on
 * (descendant_uid, depth), which every upline read used. One index fewer (~111 B a member on the deep
 * network). The new key refuses a second upline at one distance; the same ancestor at two distances of
 * one member (what the old key refused) cannot be written by the projection, and replay's diff names
 * such a row. The pair probe ("is A above D?", TeamTree's access check) reads D's ≤ 15 rows by this key.
 */
export class ClosureKey1763800021100 implements MigrationInterface {
  name = 'ClosureKey1763800021100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table member_tree drop constraint member_tree_pkey');
    await q.query('drop index member_tree_descendant_idx');
    await q.query('alter table member_tree add constraint member_tree_pkey primary key (descendant_uid, depth)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('alter table member_tree drop constraint member_tree_pkey');
    await q.query('alter table member_tree add constraint member_tree_pkey primary key (ancestor_uid, descendant_uid)');
    await q.query('create index member_tree_descendant_idx on member_tree (descendant_uid, depth)');
  }
}
