import { prepared } from '../../../platform/db/sql';
import {
  eventPosition,
  MEMBER_OF_STREAM,
  ProjectedEvent,
  Projection,
  Statement,
} from '../../../platform/projections/projection';
import type { MemberToppedUp } from '../../epins';
import { CLOSURE_DEPTH, sponsorPaths } from '../../identity';
import type { MemberRegistered } from '../../identity';
import { FAR_SHARD, TeamTotalsCounted } from '../domain/team-totals.events';

/**
 * The counted member's uid mod 8 picks the row: registrations and top-ups of different members
 * under the same uplines mostly update different rows, so they do not queue on one row lock per
 * upline level (the root's rows are in every registration and first top-up of the network).
 * Shard 8 (FAR_SHARD) is the far part of the whole-team rows, written by TeamTotalsCounted only.
 */
export const TEAM_COUNT_SHARDS = 8;
export const shardOf = (uid: string): number => Number(uid) % TEAM_COUNT_SHARDS;

/**
 * A registration adds one member at every level above it within CLOSURE_DEPTH (decision 0052):
 * level 1 of the sponsor, level d + 1 of each of the sponsor's uplines at level d < 15 — and one to
 * each of those uplines' whole-team total (depth 0, "all levels"). Uplines farther up count it later,
 * in the far shard, through TeamTotalsCounted. Read from the sponsor's own closure rows (written by
 * an earlier event), so it does not depend on the order of the projections of this one. Rows are
 * taken in (uid, depth) order (depth 0 first per uid; one shard per event): two registrations under
 * the same uplines lock them in the same order and never deadlock. At most 2 × 15 rows.
 */
const REGISTERED_SQL = prepared(`insert into team_counts (uid, depth, shard, members, active)
   select a.uid, d.depth, $2::smallint, 1, 0
     from (select $1::char(6) as uid, 1 as depth
           union all
           select ancestor_uid, depth + 1 from member_tree where descendant_uid = $1::char(6) and depth < ${CLOSURE_DEPTH}) a
     cross join lateral (values (0), (a.depth)) d(depth)
    order by a.uid, d.depth
   on conflict (uid, depth, shard) do update set members = team_counts.members + 1`);

/**
 * A first top-up (Inactive → Active; a member never goes back) adds one Active member at every
 * level above them within CLOSURE_DEPTH and to those uplines' whole-team totals (depth 0), in
 * (uid, depth) lock order as above. Those rows exist since their registration: PostgreSQL checks
 * that both rows of every upline changed (else LG001 fails the event's transaction), and
 * `active <= members` holds by the table's check.
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

/**
 * Who a TeamTotalsCounted counted, once per (member, kind), and by which event (its position): a
 * second count fails the event (primary key).
 */
const COUNTED_SQL = prepared(`insert into team_totals_counted (uid, kind, counted_position)
   select e->>'uid', e->>'kind', ${eventPosition(2, 3)} from jsonb_array_elements($1::jsonb) e`);

/**
 * The far part of a TeamTotalsCounted (decision 0052): every upline more than CLOSURE_DEPTH levels
 * above each counted member — the closure rows of the member's 15th upline, then those of that
 * upline's 15th upline, and so on (jumps of 15 levels: an index probe each) — gets the batch's
 * members and Active members in its far row (depth 0, FAR_SHARD) once. The closure and the far rows
 * are read by `= any (array(…))` of the uids found: PostgreSQL cannot estimate a recursive CTE's
 * rows (it guessed 4,144 jumps for 65) and hashed all of `member_tree` and scanned `team_counts` on a
 * 20,000-member tree, 60 ms a batch (measured on branch topup6); an index probe per uid is what the statement
 * needs at any size. Its one writer is the
 * `team-totals` stream's head (one event at a time), so no registration queues behind it. The row is
 * created by the member's first count, which is always a registration's (an activation's batch
 * counts the registration first if it was not): `active <= members` holds throughout.
 */
const FAR_TOTALS_SQL = prepared(`with recursive entries as (
     select e->>'uid' as uid, count(*) filter (where e->>'kind' = 'registered') as m,
            count(*) filter (where e->>'kind' = 'activated') as a
       from jsonb_array_elements($1::jsonb) e group by 1),
   jumps (uid, m, a) as (
     select t.ancestor_uid, n.m, n.a from entries n
       join member_tree t on t.descendant_uid = n.uid::char(6) and t.depth = ${CLOSURE_DEPTH}
     union all
     select t.ancestor_uid, j.m, j.a from jumps j
       join member_tree t on t.descendant_uid = j.uid and t.depth = ${CLOSURE_DEPTH}),
   far as (
     select t.ancestor_uid as uid, sum(j.m) as m, sum(j.a) as a
       from member_tree t join jumps j on j.uid = t.descendant_uid
      where t.descendant_uid = any (array(select uid from jumps))
      group by 1),
   changed as (
     update team_counts c set members = c.members + f.m, active = c.active + f.a from far f
      where c.uid = any (array(select uid from far)) and c.depth = 0 and c.shard = ${FAR_SHARD} and c.uid = f.uid
      returning c.uid)
   insert into team_counts (uid, depth, shard, members, active)
   select f.uid, 0, ${FAR_SHARD}, f.m, f.a from far f where not exists (select 1 from changed c where c.uid = f.uid)
    order by f.uid`);

/**
 * Replay's far part (decision 0052), bottom-up over the bounded paths, linear in the members: with
 * G(v) = the counted members strictly below v and F(u) = those more than 15 levels below u,
 * F(u) = Σ G(v) over the v exactly 15 levels below u (u is v's path[15]), G(v) = the counted within
 * v's 15 levels + F(v). F of a band of 15 tree levels depends only on levels at least 15 deeper, so
 * the bands are filled from the deepest up, one statement each (a chain 5,000 deep: 333). Nothing
 * to do when nothing was counted (a network no deeper than 15 levels).
 */
const FAR_TOTALS_REBUILD = `do $rebuild$
declare
  lo integer;
  hi integer;
begin
  if not exists (select 1 from team_totals_counted) then return; end if;
  create temporary table replay_far_near on commit drop as
    select a.ancestor as uid, sum(c.m) as m, sum(c.a) as a
      from (select uid, count(*) filter (where kind = 'registered') as m, count(*) filter (where kind = 'activated') as a
              from team_totals_counted group by uid) c
      join replay_team_paths p on p.uid = c.uid
     cross join lateral unnest(p.path) as a(ancestor)
     group by 1;
  create temporary table replay_far on commit drop as
    select p.uid, p.level, p.path[${CLOSURE_DEPTH}] as anc, coalesce(n.m, 0)::bigint as nm, coalesce(n.a, 0)::bigint as na,
           0::bigint as fm, 0::bigint as fa
      from replay_team_paths p left join replay_far_near n on n.uid = p.uid;
  create index on replay_far (level);
  create index on replay_far (uid);
  analyze replay_far;
  select max(level) - ${CLOSURE_DEPTH} into hi from replay_far;
  while hi >= 0 loop
    lo := greatest(hi - ${CLOSURE_DEPTH - 1}, 0);
    update replay_far g set fm = s.m, fa = s.a
      from (select anc, sum(nm + fm) as m, sum(na + fa) as a from replay_far
             where level between lo + ${CLOSURE_DEPTH} and hi + ${CLOSURE_DEPTH} and anc is not null group by anc) s
     where g.uid = s.anc;
    hi := lo - 1;
  end loop;
  insert into team_counts (uid, depth, shard, members, active)
  select uid, 0, ${FAR_SHARD}, fm, fa from replay_far where fm > 0 order by uid;
end
$rebuild$`;

/**
 * Team sizes per member and level 1..15 (depth 0: the whole team, its near part in shards 0..7 and
 * its far part in FAR_SHARD): what the team reports count with, never a count(*) of rows.
 */
export const teamCountsProjection: Projection = {
  name: 'team-counts',
  tables: ['team_counts', 'team_totals_counted'],
  handles: ['MemberRegistered', 'MemberToppedUp', 'TeamTotalsCounted'],
  project(event: ProjectedEvent): Statement[] {
    if (event.type === 'MemberRegistered') {
      const { sponsorUid, uid } = event.payload as MemberRegistered;
      return sponsorUid ? [{ text: REGISTERED_SQL, params: [sponsorUid, shardOf(uid)] }] : [];
    }
    if (event.type === 'TeamTotalsCounted') {
      const counted = JSON.stringify((event.payload as TeamTotalsCounted).counted);
      return [
        { text: COUNTED_SQL, params: [counted, event.streamId, event.streamVersion] },
        { text: FAR_TOTALS_SQL, params: [counted] },
      ];
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
  // Replay (decisions 0046, 0052): the near part counted from every member's 15 nearest uplines
  // (built from the registrations, as the closure's rebuild builds them: no closure row is read or
  // joined) — per (upline, level, shard) the members below and how many of them were ever
  // activated, and the near whole-team rows (depth 0) as the sums over the levels; the counted
  // members from the TeamTotalsCounted events, and the far rows from them bottom-up. A row exists
  // where `project` would have written one. Reads only `events`, so it may run beside the closure's
  // rebuild rather than after it.
  rebuild: [
    ...sponsorPaths('replay_team_paths'),
    // One sort of the (upline, shard, level) pairs gives the level rows and, rolled up over the
    // levels, the near whole-team rows (depth 0).
    `insert into team_counts (uid, depth, shard, members, active)
     select a.ancestor, coalesce(a.depth::integer, 0), (p.uid::integer % ${TEAM_COUNT_SHARDS})::smallint, count(*), coalesce(sum(x.n), 0)
       from replay_team_paths p
       left join (select ${MEMBER_OF_STREAM} as uid, count(*) as n from events
                   where events.type = 'MemberToppedUp' and events.payload->>'kind' = 'activation' group by 1) x
              on x.uid = p.uid
      cross join lateral unnest(p.path) with ordinality as a(ancestor, depth)
      group by a.ancestor, (p.uid::integer % ${TEAM_COUNT_SHARDS})::smallint, rollup (a.depth)`,
    `insert into team_totals_counted (uid, kind, counted_position)
     select e->>'uid', e->>'kind', events.position from events cross join lateral jsonb_array_elements(events.payload->'counted') e
      where events.type = 'TeamTotalsCounted'`,
    FAR_TOTALS_REBUILD,
  ],
};
