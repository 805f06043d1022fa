import { Sql } from '../../../../platform/db/sql';
import { rupees } from '../../../../platform/member-history';
import {
  firstRowNumber,
  LevelCount,
  nextCursor,
  NO_POSITION,
  TeamCursor,
  TeamFilter,
  teamTotal,
} from '../../domain/team-page';

/** Which page of a report: at most `limit` rows, after the cursor, `offset` more skipped. */
export interface TeamPageRequest {
  limit: number;
  offset: number;
  after: TeamCursor | null;
}

/** The page's facts beside the spec's row list (`data[1]` of the answer). */
export interface TeamPageInfo {
  /** How many members the filter selects in all (from the projection's counts); null when days narrow it. */
  total: string | null;
  limit: number;
  /** `after` for the next page; null on the last one. */
  next: string | null;
}

interface MemberRow {
  depth: number;
  uid: string;
  name: string;
  mobile: string;
  email: string;
  sponsor_uid: string | null;
  status: string;
  registered_at: Date;
  activated_at: Date | null;
  current_package: string;
  total_package: string;
  team: string | null;
  active_team: string | null;
}

const iso = (d: Date | null): string => (d ? d.toISOString() : '');

/** The columns of a member a report shows (one primary-key look-up per row). */
const MEMBER_COLUMNS = `m.uid, m.name, m.mobile, m.email, m.sponsor_uid, m.status, m.registered_at, m.activated_at,
       m.current_package_paise::text as current_package, m.total_package_paise::text as total_package`;

/**
 * The members below `uid` that `filter` selects, in level order then User Id: one range of the
 * index member_tree (ancestor_uid, depth, descendant_uid), read from the cursor on (keyset) and
 * stopped at `limit`, each member a primary-key look-up — a lateral subquery (`offset 0` keeps the
 * planner from flattening it into a merge join that scans members_pkey from its start, which for
 * a page deep in the uids reads every member before it). `withTeam` adds each member's own team
 * size and Active team from team_counts' whole-team rows (depth 0: 8 rows; the directs report).
 */
async function teamRows(
  db: Sql,
  uid: string,
  filter: TeamFilter,
  page: TeamPageRequest,
  withTeam: boolean,
): Promise<MemberRow[]> {
  const params: unknown[] = [uid];
  const tree = ['t.ancestor_uid = $1'];
  const member = ['m.uid = t.descendant_uid'];
  const add = (where: string[], sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (filter.level !== null) add(tree, (n) => `t.depth = $${n}::integer`, filter.level);
  if (page.after) {
    add(tree, (n) => `(t.depth, t.descendant_uid) > ($${n}::integer, $${n + 1}::char(6))`, page.after.depth);
    params.push(page.after.uid);
  }
  if (filter.status !== null) add(member, (n) => `m.status = $${n}::text`, filter.status);
  if (filter.from !== null)
    add(member, (n) => `(m.registered_at at time zone 'Asia/Kolkata')::date >= $${n}::date`, filter.from);
  if (filter.to !== null)
    add(member, (n) => `(m.registered_at at time zone 'Asia/Kolkata')::date <= $${n}::date`, filter.to);
  params.push(page.offset, page.limit);
  const team = withTeam
    ? `left join lateral (select sum(c.members)::text as team, sum(c.active)::text as active_team
                            from team_counts c where c.uid = t.descendant_uid and c.depth = 0) tc on true`
    : '';
  return db.query<MemberRow>(
    `select t.depth, m.*, ${withTeam ? 'tc.team, tc.active_team' : 'null as team, null as active_team'}
       from member_tree t
       join lateral (select ${MEMBER_COLUMNS} from members m where ${member.join(' and ')} offset 0) m on true
       ${team}
      where ${tree.join(' and ')}
      order by t.depth, t.descendant_uid
     offset $${params.length - 1} limit $${params.length}`,
    params,
  );
}

/** The projection's counts of the members below `uid`, level by level (its shards added up; depth 0, the totals, left out). */
export async function levelCounts(db: Sql, uid: string): Promise<LevelCount[]> {
  const rows = await db.query<{ depth: number; members: string; active: string }>(
    'select depth, sum(members)::text as members, sum(active)::text as active from team_counts where uid = $1 and depth > 0 group by depth order by depth',
    [uid],
  );
  return rows.map((r) => ({ depth: r.depth, members: BigInt(r.members), active: BigInt(r.active) }));
}

/** A member's whole team and directs, from the projection (depth 0 and 1: 16 rows), as decimal texts. */
export async function teamSize(db: Sql, uid: string): Promise<{ team: string; directs: string }> {
  const [row] = await db.query<{ team: string; directs: string }>(
    `select coalesce(sum(members) filter (where depth = 0), 0)::text as team,
            coalesce(sum(members) filter (where depth = 1), 0)::text as directs
       from team_counts where uid = $1 and depth <= 1`,
    [uid],
  );
  return row;
}

async function teamPage<T>(
  db: Sql,
  uid: string,
  filter: TeamFilter,
  page: TeamPageRequest,
  withTeam: boolean,
  shape: (row: MemberRow, number: number) => T,
): Promise<[T[], TeamPageInfo]> {
  const [rows, counts] = await Promise.all([teamRows(db, uid, filter, page, withTeam), levelCounts(db, uid)]);
  const first = firstRowNumber(page.after, page.offset);
  const total = teamTotal(counts, filter);
  return [
    rows.map((row, index) => shape(row, first + index)),
    { total: total === null ? null : total.toString(), limit: page.limit, next: nextCursor(rows, page.limit, first) },
  ];
}

/** What the downline and the directs rows share (§3 "Downline member row" and "Direct member row"). */
const memberFields = (r: MemberRow, row: number) => ({
  row,
  uid: r.uid,
  f_name: r.name,
  currentPackage: rupees(r.current_package),
  totalPackage: rupees(r.total_package),
  registrationDate: iso(r.registered_at),
  activationDate: iso(r.activated_at),
  position: NO_POSITION,
  status: r.status,
  mobile: r.mobile,
  email: r.email,
});

/** DownlineReport (My Team): every member below the caller, or those of one level. */
export function downlineReport(db: Sql, uid: string, filter: TeamFilter, page: TeamPageRequest) {
  return teamPage(db, uid, filter, page, false, (r, row) => ({ ...memberFields(r, row), Leveltype: r.depth }));
}

/** DirectReport (My Direct): the caller's directs, each with their own Total Team and Active team. */
export function directReport(db: Sql, uid: string, filter: Omit<TeamFilter, 'level'>, page: TeamPageRequest) {
  return teamPage(db, uid, { ...filter, level: 1 }, page, true, (r, row) => ({
    ...memberFields(r, row),
    TotalTeam: r.team ?? '0',
    Activeteam: r.active_team ?? '0',
  }));
}

/** LevelDetails (the level team): §3 "Level member row". */
export function levelDetails(db: Sql, uid: string, filter: TeamFilter, page: TeamPageRequest) {
  return teamPage(db, uid, filter, page, false, (r, row) => ({
    row,
    uid: r.uid,
    f_name: r.name,
    registrationDate: iso(r.registered_at),
    mobile: r.mobile,
    email: r.email,
    sid: r.sponsor_uid ?? '',
    Leveltype: r.depth,
  }));
}
