import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deep network (issue 22 §7, decision 0052): the sponsor tree's closure bounded at 15 levels,
 * `team_counts` at levels 1..15 and the whole-team rows (depth 0), whose part from uplines more
 * than 15 levels above a member is counted by the ledger in batches (`TeamTotalsCounted`, shard 8).
 *
 * The upgrade: the closure rows and level counts deeper than 15 go; the depth-0 rows become their
 * near part only (the sum of levels 1..15 per (uid, shard)). No member is counted in the far part
 * yet (`team_totals_counted` starts empty, as the ledger has no TeamTotalsCounted): the worker's
 * reconciler finds every registration and activation with a 15th upline not counted and the
 * `team-totals` processor counts them. Until it has, the whole-team totals of uplines more than 15
 * levels above someone read low; replay finds 0 differences at every step (what is counted is what
 * the ledger says was counted).
 */
export class BoundedClosure1763800020600 implements MigrationInterface {
  name = 'BoundedClosure1763800020600';

  async up(q: QueryRunner): Promise<void> {
    await q.query('delete from member_tree where depth > 15');
    await q.query('alter table member_tree drop constraint member_tree_depth_check');
    await q.query('alter table member_tree add constraint member_tree_depth_check check (depth between 1 and 15)');
    await q.query('delete from team_counts where depth > 15 or depth = 0');
    await q.query('alter table team_counts drop constraint team_counts_depth_check');
    await q.query('alter table team_counts add constraint team_counts_depth_check check (depth between 0 and 15)');
    await q.query('alter table team_counts drop constraint team_counts_shard_check');
    // Shard 8: the far part of the whole-team rows, and only there.
    await q.query(
      'alter table team_counts add constraint team_counts_shard_check check (shard between 0 and 7 or (shard = 8 and depth = 0))',
    );
    await q.query(`
      insert into team_counts (uid, depth, shard, members, active)
      select uid, 0, shard, sum(members), sum(active) from team_counts where depth > 0
       group by uid, shard order by uid, shard`);
    await q.query(`
      create table team_totals_counted (
        uid  char(6) not null,
        kind text    not null check (kind in ('registered', 'activated')),
        -- The TeamTotalsCounted event that counted it.
        counted_position bigint not null,
        primary key (uid, kind)
      )`);
    // A ledger that was counted before (this migration undone and run again): what its
    // TeamTotalsCounted events counted, and the far rows from them — as replay rebuilds them.
    await q.query(`
      insert into team_totals_counted (uid, kind, counted_position)
      select e->>'uid', e->>'kind', events.position
        from events cross join lateral jsonb_array_elements(events.payload->'counted') e
       where events.type = 'TeamTotalsCounted'`);
    await q.query(`
      insert into team_counts (uid, depth, shard, members, active)
      with recursive entries as (
        select uid, count(*) filter (where kind = 'registered') as m, count(*) filter (where kind = 'activated') as a
          from team_totals_counted group by uid),
      jumps (uid, m, a) as (
        select t.ancestor_uid, n.m, n.a from entries n join member_tree t on t.descendant_uid = n.uid and t.depth = 15
        union all
        select t.ancestor_uid, j.m, j.a from jumps j join member_tree t on t.descendant_uid = j.uid and t.depth = 15)
      select t.ancestor_uid, 0, 8, sum(j.m), sum(j.a) from jumps j join member_tree t on t.descendant_uid = j.uid
       group by t.ancestor_uid order by t.ancestor_uid`);
  }

  /**
   * Back to the full closure and counts at every level, rebuilt from the members' sponsors (the
   * TeamTotalsCounted events stay in the ledger: `up` counts them again).
   */
  async down(q: QueryRunner): Promise<void> {
    await q.query('drop table team_totals_counted');
    await q.query('alter table member_tree drop constraint member_tree_depth_check');
    await q.query('alter table member_tree add constraint member_tree_depth_check check (depth > 0)');
    await q.query(`
      insert into member_tree (ancestor_uid, descendant_uid, depth)
      with recursive up (descendant_uid, ancestor_uid, depth) as (
        select t.descendant_uid, t.ancestor_uid, t.depth from member_tree t where t.depth = 15
        union all
        select u.descendant_uid, m.sponsor_uid, u.depth + 1 from up u join members m on m.uid = u.ancestor_uid
         where m.sponsor_uid is not null)
      select ancestor_uid, descendant_uid, depth from up where depth > 15`);
    await q.query('delete from team_counts');
    await q.query('alter table team_counts drop constraint team_counts_shard_check');
    await q.query('alter table team_counts add constraint team_counts_shard_check check (shard between 0 and 7)');
    await q.query('alter table team_counts drop constraint team_counts_depth_check');
    await q.query('alter table team_counts add constraint team_counts_depth_check check (depth >= 0)');
    await q.query(`
      insert into team_counts (uid, depth, shard, members, active)
      select t.ancestor_uid, t.depth, t.descendant_uid::integer % 8, count(*), count(*) filter (where m.status = 'Active')
        from member_tree t join members m on m.uid = t.descendant_uid
       group by 1, 2, 3`);
    await q.query(`
      insert into team_counts (uid, depth, shard, members, active)
      select uid, 0, shard, sum(members), sum(active) from team_counts where depth > 0 group by uid, shard`);
  }
}
