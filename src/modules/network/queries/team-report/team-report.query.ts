import { Sql } from '../../../../platform/db/sql';
import { CLOSURE_DEPTH } from '../../../identity';
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

/** The member filters of a report's rows (status, IST registration days), as SQL on `m`, their values appended to `params`. */
function memberWhere(filter: TeamFilter, params: unknown[]): string {
  const where = ['m.uid = t.descendant_uid'];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (filter.status !== null) add((n) => `m.status = $${n}::text`, filter.status);
  if (filter.from !== null)
    add((n) => `(m.registered_at at time zone 'Asia/Kolkata')::date >= $${n}::date`, filter.from);
  if (filter.to !== null) add((n) => `(m.registered_at at time zone 'Asia/Kolkata')::date <= $${n}::date`, filter.to);
  return where.join(' and ');
}

/**
 * The members within CLOSURE_DEPTH levels below `uid` that `filter` selects, in level order then
 * User Id: one range of the index member_tree (ancestor_uid, depth, descendant_uid), read from the
 * cursor on (keyset), `offset` skipped and stopped at `limit` (`count`: how many rows it selects
 * instead) — each member a primary-key look-up (a lateral subquery: `offset 0` keeps the planner
 * from flattening it into a merge join that scans members_pkey from its start, which for a page
 * deep in the uids reads every member before it). `withTeam` adds each member's own team size and
 * Active team from team_counts' whole-team rows (depth 0: 9 rows; the directs report).
 */
async function nearRows(
  db: Sql,
  uid: string,
  filter: TeamFilter,
  after: TeamCursor | null,
  withTeam: boolean,
  page: { offset: number; limit: number } | 'count',
): Promise<MemberRow[] | number> {
  const params: unknown[] = [uid];
  const tree = ['t.ancestor_uid = $1::char(6)'];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    tree.push(sql(params.length));
  };
  if (filter.level !== null) add((n) => `t.depth = $${n}::integer`, filter.level);
  if (after) {
    add((n) => `(t.depth, t.descendant_uid) > ($${n}::integer, $${n + 1}::char(6))`, after.depth);
    params.push(after.uid);
  }
  const member = memberWhere(filter, params);
  if (page === 'count') {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from member_tree t
        where ${tree.join(' and ')} and exists (select 1 from members m where ${member})`,
      params,
    );
    return row.n;
  }
  params.push(page.offset, page.limit);
  const team = withTeam
    ? `left join lateral (select sum(c.members)::text as team, sum(c.active)::text as active_team
                            from team_counts c where c.uid = t.descendant_uid and c.depth = 0) tc on true`
    : '';
  return db.query<MemberRow>(
    `select t.depth, m.*, ${withTeam ? 'tc.team, tc.active_team' : 'null as team, null as active_team'}
       from member_tree t
       join lateral (select ${MEMBER_COLUMNS} from members m where ${member} offset 0) m on true
       ${team}
      where ${tree.join(' and ')}
      order by t.depth, t.descendant_uid
     offset $${params.length - 1} limit $${params.length}`,
    params,
  );
}

/** Bands of 15 levels the first far read walks; each further read walks FAR_BANDS_GROWTH times as many. */
const FAR_BANDS_FIRST = 4;
const FAR_BANDS_GROWTH = 8;

/**
 * The rows of `uid`'s team deeper than CLOSURE_DEPTH, in level order then User Id, after the
 * cursor, `offset` skipped, at most `limit`, down to level `cap` (a multiple of 15) — one
 * statement: the frontier (the members 15 levels down, then 15 below each of them, …: an index
 * probe per member at levels 15, 30, …) and each frontier member's closure rows, its next 15
 * levels (from the cursor's level on: an index range each), sorted before each is looked up, so a
 * page looks up the members it shows (and those the filter leaves out). `more`: members lie deeper
 * than `cap` (the frontier goes on).
 */
async function farRows(
  db: Sql,
  uid: string,
  filter: TeamFilter,
  after: TeamCursor | null,
  page: { offset: number; limit: number },
  cap: number,
): Promise<{ rows: MemberRow[]; more: boolean }> {
  const params: unknown[] = [uid, cap, after?.depth ?? 0, after?.uid ?? '000000'];
  const member = memberWhere(filter, params);
  params.push(page.offset, page.limit);
  const rows = await db.query<MemberRow & { more: boolean }>(
    `with recursive frontier (uid, base) as (
       select t.descendant_uid, ${CLOSURE_DEPTH} from member_tree t where t.ancestor_uid = $1::char(6) and t.depth = ${CLOSURE_DEPTH}
       union all
       select t.descendant_uid, f.base + ${CLOSURE_DEPTH} from frontier f
         join member_tree t on t.ancestor_uid = f.uid and t.depth = ${CLOSURE_DEPTH}
        where f.base < $2::integer),
     band as (
       select f.base + t.depth as depth, t.descendant_uid from frontier f join member_tree t on t.ancestor_uid = f.uid
        where f.base < $2::integer and t.depth >= $3::integer - f.base
          and (f.base + t.depth, t.descendant_uid) > ($3::integer, $4::char(6))),
     page as (
       select t.depth, m.* from (select * from band order by depth, descendant_uid) t
         join lateral (select ${MEMBER_COLUMNS} from members m where ${member} offset 0) m on true
        order by t.depth, t.descendant_uid
       offset $${params.length - 1} limit $${params.length})
     select p.*, null as team, null as active_team, x.more
       from (select exists (select 1 from frontier where base = $2::integer) as more) x
       left join page p on true
      order by p.depth, p.uid`,
    params,
  );
  return { rows: rows.filter((r) => r.uid !== null), more: rows[0]?.more ?? false };
}

/**
 * The members below `uid` that `filter` selects, in level order then User Id, from the cursor on,
 * `offset` skipped, at most `limit` (decision 0052). Levels 1..15 are the closure's rows of `uid`:
 * a team within 15 levels pages exactly as a range of one index. Only when a page is not full
 * there and the filter reaches deeper (every level), the rest comes from the frontier (`farRows`),
 * walked 4 bands of 15 levels deep first, then 32, 256, … while the page is not full and members
 * lie deeper; an offset that reaches past the closure's rows is counted off them.
 */
async function teamRows(
  db: Sql,
  uid: string,
  filter: TeamFilter,
  page: TeamPageRequest,
  withTeam: boolean,
): Promise<MemberRow[]> {
  let skip = page.offset;
  const rows: MemberRow[] = [];
  if (!page.after || page.after.depth <= CLOSURE_DEPTH) {
    rows.push(...((await nearRows(db, uid, filter, page.after, withTeam, page)) as MemberRow[]));
    if (rows.length > 0) skip = 0;
    else if (skip > 0)
      skip = Math.max(0, skip - ((await nearRows(db, uid, filter, page.after, false, 'count')) as number));
  }
  if (filter.level !== null || rows.length >= page.limit) return rows;
  const need = { offset: skip, limit: page.limit - rows.length };
  for (let bands = FAR_BANDS_FIRST; ; bands *= FAR_BANDS_GROWTH) {
    const far = await farRows(db, uid, filter, page.after, need, bands * CLOSURE_DEPTH);
    if (far.rows.length >= need.limit || !far.more) return [...rows, ...far.rows];
  }
}

/** The projection's counts of the members below `uid`: level by level (1..15) and the whole team (depth 0), its shards added up. */
export async function levelCounts(db: Sql, uid: string): Promise<LevelCount[]> {
  const rows = await db.query<{ depth: number; members: string; active: string }>(
    'select depth, sum(members)::text as members, sum(active)::text as active from team_counts where uid = $1 group by depth order by depth',
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
