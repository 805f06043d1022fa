import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team reports (issue 12, context `network/`, decision 0026).
 *
 * - `team_counts`: per (member, level below them, shard) how many members sit at that level and how
 *   many of them are Active — the projection of MemberRegistered and of a first top-up
 *   (MemberToppedUp kind activation) through the `member_tree` closure. The shard is the counted
 *   member's uid mod 8, so concurrent registrations and top-ups under the same uplines update
 *   different rows (8 lanes instead of one hot row per upline level). Team size = the sum over
 *   levels and shards. Counts are kept, never counted from rows at read time. Backfilled here from
 *   the tables the same events built, so replay rebuilds the same rows.
 * - An index on `member_tree (ancestor_uid, depth, descendant_uid)`: a team in level order, one
 *   level, the directs, each read as an index range in the order the reports page through it
 *   (keyset pagination, decision 0026). `member_tree` stays identity's; the index serves the reads.
 */
export class Network1763800014000 implements MigrationInterface {
  name = 'Network1763800014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      create table team_counts (
        uid     char(6) not null,
        depth   integer  not null check (depth > 0),
        shard   smallint not null check (shard between 0 and 7),
        members bigint   not null check (members >= 0),
        active  bigint   not null check (active >= 0 and active <= members),
        primary key (uid, depth, shard)
      )`);
    await q.query(`create index member_tree_level_idx on member_tree (ancestor_uid, depth, descendant_uid)`);
    await q.query(`
      insert into team_counts (uid, depth, shard, members, active)
      select t.ancestor_uid, t.depth, t.descendant_uid::integer % 8, count(*), count(*) filter (where m.status = 'Active')
        from member_tree t join members m on m.uid = t.descendant_uid
       group by t.ancestor_uid, t.depth, t.descendant_uid::integer % 8`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('drop index member_tree_level_idx');
    await q.query('drop table team_counts');
  }
}
