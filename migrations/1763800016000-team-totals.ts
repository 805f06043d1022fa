import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whole-team totals in `team_counts` (issue 12, decision 0026's amendment): rows with `depth = 0`
 * mean "all levels below the member", 8 shards like the others, kept by the team-counts
 * projection beside the per-level rows. A team size is then 8 rows of one index range instead of
 * (levels × 8) rows scattered over the heap (the directs report reads one per direct).
 * Backfilled here as the sum over the levels per (uid, shard) — what replay rebuilds.
 */
export class TeamTotals1763800016000 implements MigrationInterface {
  name = 'TeamTotals1763800016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('alter table team_counts drop constraint team_counts_depth_check');
    await q.query('alter table team_counts add constraint team_counts_depth_check check (depth >= 0)');
    await q.query(TEAM_TOTALS_BACKFILL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('delete from team_counts where depth = 0');
    await q.query('alter table team_counts drop constraint team_counts_depth_check');
    await q.query('alter table team_counts add constraint team_counts_depth_check check (depth > 0)');
  }
}

/**
 * The depth-0 rows from the per-level rows: per (uid, shard), the sum over every level — written in
 * (uid, shard) order, so a member's 8 rows share a heap page or two at first (the directs report reads
 * them with one bitmap heap scan per direct; rows written later by registrations land where they may).
 */
export const TEAM_TOTALS_BACKFILL = `
  insert into team_counts (uid, depth, shard, members, active)
  select uid, 0, shard, sum(members), sum(active) from team_counts where depth > 0
   group by uid, shard order by uid, shard`;
