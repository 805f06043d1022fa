import { prepared } from '../../../platform/db/sql';
import { MEMBER_OF_STREAM, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';
import type { MemberToppedUp } from '../../epins';
import { sponsorPaths } from '../../identity';
import type { MemberRegistered } from '../../identity';

/**
 * The counted member's uid mod 8 picks the row: registrations and top-ups of different members
 * under the same uplines mostly update different rows, so they do not queue on one row lock per
 * upline level (the root's rows are in every registration and first top-up of the network).
 */
export const TEAM_COUNT_SHARDS = 8;
export const shardOf = (uid: string): number => Number(uid) % TEAM_COUNT_SHARDS;

/**
 * A registration adds one member at every level above: level 1 of the sponsor, level d + 1 of each
 * of the sponsor's uplines at level d — and one to each of those uplines' whole-team total (depth 0,
 * "all levels"). Read from the sponsor's own closure rows (written by an earlier event), so it does
 * not depend on the order of the projections of this one. Rows are taken in (uid, depth) order
 * (depth 0 first per uid; one shard per event): two registrations under the same uplines lock them
 * in the same order and never deadlock.
 */
const REGISTERED_SQL = prepared(`insert into team_counts (uid, depth, shard, members, active)
   select a.uid, d.depth, $2::smallint, 1, 0
     from (select $1::char(6) as uid, 1 as depth
           union all
           select ancestor_uid, depth + 1 from member_tree where descendant_uid = $1::char(6)) a
     cross join lateral (values (0), (a.depth)) d(depth)
    order by a.uid, d.depth
   on conflict (uid, depth, shard) do update set members = team_counts.members + 1`);

/**
 * A first top-up (Inactive → Active; a member never goes back) adds one Active member at every
 * level above them and to each upline's whole-team total (depth 0), in (uid, depth) lock order as
 * above. Those rows exist since their registration: PostgreSQL checks that both rows of every
 * upline changed (else LG001 fails the event's transaction), and `active <= members` holds by the
 * table's check.
 */
const ACTIVATED_SQL = prepared(`with locked as (
     select c.uid, c.depth from member_tree t
      cross join lateral (values (0), (t.depth)) d(depth)
       join team_counts c on c.uid = t.ancestor_uid and c.depth = d.depth and c.shard = $3::smallint
      where t.descendant_uid = $1::char(6)
      order by c.uid, c.depth
        for update of c),
   changed as (
     update team_counts c set active = c.active + 1 from locked l
      where c.uid = l.uid and c.depth = l.depth and c.shard = $3::smallint returning 1)
   select ledger_assert((select count(*) from changed) = 2 * (select count(*) from member_tree where descendant_uid = $1::char(6)), $2::text)`);

/** The whole-team rows (depth 0) from the per-level ones: what the team-totals migration backfilled with. */
export const TEAM_TOTALS_FROM_LEVELS = `insert into team_counts (uid, depth, shard, members, active)
  select uid, 0, shard, sum(members), sum(active) from team_counts where depth > 0
   group by uid, shard order by uid, shard`;

/** Team sizes per member and level (depth 0: all levels): what the team reports count with, never a count(*) of rows. */
export const teamCountsProjection: Projection = {
  name: 'team-counts',
  tables: ['team_counts'],
  handles: ['MemberRegistered', 'MemberToppedUp'],
  project(event: ProjectedEvent): Statement[] {
    if (event.type === 'MemberRegistered') {
      const { sponsorUid, uid } = event.payload as MemberRegistered;
      return sponsorUid ? [{ text: REGISTERED_SQL, params: [sponsorUid, shardOf(uid)] }] : [];
    }
    const { kind } = event.payload as MemberToppedUp;
    if (kind !== 'activation') return [];
    const uid = event.streamId.slice('member-'.length);
    return [
      {
        text: ACTIVATED_SQL,
        params: [uid, `team_counts rows of the uplines of ${uid} missing at activation`, shardOf(uid)],
      },
    ];
  },
  // Replay (decision 0046 and its amendment): counted from every member's path to the top (built from the
  // registrations, as the closure's rebuild builds it: no closure row is read or joined) — per
  // (upline, level, shard) the members below and how many of them were ever activated, then the
  // whole-team rows (depth 0) as the sums over the levels (the team-totals migration's statement).
  // A row exists where `project` would have inserted one: some member counted in it. Reads only
  // `events`, so it may run beside the closure's rebuild rather than after it.
  rebuild: [
    ...sponsorPaths('replay_team_paths'),
    `insert into team_counts (uid, depth, shard, members, active)
     select a.ancestor, a.depth::integer, (p.uid::integer % ${TEAM_COUNT_SHARDS})::smallint, count(*), coalesce(sum(x.n), 0)
       from replay_team_paths p
       left join (select ${MEMBER_OF_STREAM} as uid, count(*) as n from events
                   where events.type = 'MemberToppedUp' and events.payload->>'kind' = 'activation' group by 1) x
              on x.uid = p.uid
      cross join lateral unnest(p.path) with ordinality as a(ancestor, depth)
      group by 1, 2, 3`,
    TEAM_TOTALS_FROM_LEVELS,
  ],
};
