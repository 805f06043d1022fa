import { Sql } from '../../../../platform/db/sql';
import { CLOSURE_DEPTH } from '../../../identity';
import { cursorText, MAX_TREE_NODES, TeamCursor } from '../../domain/team-page';

/** One member of the genealogy view. */
export interface TreeNode {
  uid: string;
  f_name: string;
  status: string;
  /** Levels below the view's root (0 = the root itself). */
  level: number;
  /** The sponsor (the node's parent in the tree); '' for the root of the whole network. */
  parent: string;
  /** Members below this one (all levels; those more than 15 below once counted) and their directs, from team_counts (depth 0 and 1). */
  team: string;
  directs: string;
}

export interface TreeInfo {
  root: string;
  depth: number;
  limit: number;
  /** `after` for the rest of the levels asked for (more than MAX_TREE_NODES members); null when all are here. */
  next: string | null;
}

/**
 * Is `uid` the member or someone below them? (The genealogy view shows nobody else: IDOR.) Within
 * 15 levels one closure probe; farther, jumps of CLOSURE_DEPTH levels up from `uid` (its row at
 * depth 15, then that upline's, …) until `member` is among a jump's closure rows or the top is
 * reached: one index probe per 15 levels (decision 0052).
 */
export async function inTeamOf(db: Sql, member: string, uid: string): Promise<boolean> {
  if (uid === member) return true;
  const rows = await db.query(
    `with recursive up (uid) as (
       select $2::char(6)
       union all
       select t.ancestor_uid from up join member_tree t on t.descendant_uid = up.uid and t.depth = $3::integer)
     select 1 from up join member_tree t on t.descendant_uid = up.uid and t.ancestor_uid = $1::char(6) limit 1`,
    [member, uid, CLOSURE_DEPTH],
  );
  return rows.length > 0;
}

/**
 * TeamTree: `root` and up to `depth` levels below it, in level order then User Id, at most
 * MAX_TREE_NODES members per answer (the rest from `after` on), each with its team size and
 * directs from the projection (depth 0 and 1 rows: 16 per node). Each member is a primary-key
 * look-up (a lateral subquery, as in the team reports: no merge join over members_pkey). The
 * caller checks first that `root` is in the member's team.
 */
export async function teamTree(
  db: Sql,
  root: string,
  depth: number,
  after: TeamCursor | null,
): Promise<[TreeNode[], TreeInfo]> {
  const rows = await db.query<{
    depth: number;
    uid: string;
    name: string;
    status: string;
    sponsor_uid: string | null;
    team: string | null;
    directs: string | null;
  }>(
    `with nodes as (
       select 0 as depth, $1::char(6) as uid where $3::integer is null
       union all
       (select t.depth, t.descendant_uid from member_tree t
         where t.ancestor_uid = $1 and t.depth <= $2
           and ($3::integer is null or (t.depth, t.descendant_uid) > ($3::integer, $4::char(6)))
         order by t.depth, t.descendant_uid limit $5))
     select n.depth, m.uid, m.name, m.status, m.sponsor_uid, c.team, c.directs
       from nodes n
       join lateral (select m.uid, m.name, m.status, m.sponsor_uid from members m where m.uid = n.uid offset 0) m on true
       left join lateral (select sum(members) filter (where depth = 0)::text as team,
                                 sum(members) filter (where depth = 1)::text as directs
                            from team_counts where uid = n.uid and depth <= 1) c on true
      order by n.depth, n.uid`,
    [root, depth, after?.depth ?? null, after?.uid ?? null, MAX_TREE_NODES],
  );
  const below = rows.filter((r) => r.depth > 0);
  const last = below[below.length - 1];
  const seen = (after?.row ?? 0) + below.length;
  return [
    rows.map((r) => ({
      uid: r.uid,
      f_name: r.name,
      status: r.status,
      level: r.depth,
      parent: r.sponsor_uid ?? '',
      team: r.team ?? '0',
      directs: r.directs ?? '0',
    })),
    {
      root,
      depth,
      limit: MAX_TREE_NODES,
      next: below.length === MAX_TREE_NODES ? cursorText({ depth: last.depth, uid: last.uid, row: seen }) : null,
    },
  ];
}
