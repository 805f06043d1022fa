/**
 * The rules of a team report's page (decision 0026), pure: which members a request asks for, how
 * many there are (from the counts the projection keeps), and where the next page starts.
 */

/** The most rows one answer carries (the spec's shape, capped): a larger team is read page by page. */
export const MAX_TEAM_PAGE = 1000;
/** `offset` reaches this far at the most; farther pages are read with the `after` cursor (an index seek, not a skip). */
export const MAX_TEAM_OFFSET = 100_000;
/** Levels a report filters by (spec: level income and the level filter go to 15). */
export const MAX_TEAM_LEVEL = 15;
/** DownlineReport's `lvl` for "every level" (spec §9: the default 100), which reaches below level 15 too. */
export const ALL_LEVELS = 100;
/** The genealogy view answers at most this many levels below its root at once, and at most this many members. */
export const MAX_TREE_DEPTH = 3;
export const MAX_TREE_NODES = 500;
/** The only `position` of a unilevel sponsor tree (the spec's default '0'): there are no legs. */
export const NO_POSITION = '0';

export type MemberStatus = 'Active' | 'Inactive';

/** What a report asks for: a level (null = all), a status (null = all), IST registration days. */
export interface TeamFilter {
  level: number | null;
  status: MemberStatus | null;
  from: string | null;
  to: string | null;
}

/** Where a page starts: after the member `uid` at `depth`, that row being number `row` of the report. */
export interface TeamCursor {
  depth: number;
  uid: string;
  row: number;
}

/** The cursor as the answer carries it and `after` sends it back: `<depth>.<uid>.<row>`. */
export const CURSOR_PATTERN = /^([1-9]\d{0,8})\.([1-9]\d{5})\.(\d{1,12})$/;

export function parseCursor(text: string): TeamCursor | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  return { depth: Number(match[1]), uid: match[2], row: Number(match[3]) };
}

export const cursorText = (cursor: TeamCursor): string => `${cursor.depth}.${cursor.uid}.${cursor.row}`;

/** The contract's `status`: '0' Inactive, '1' Active, '2' (the spec's default) everyone. */
export const STATUS_CODES = ['0', '1', '2'] as const;
export type StatusCode = (typeof STATUS_CODES)[number];
export function statusOf(code: StatusCode): MemberStatus | null {
  return code === '0' ? 'Inactive' : code === '1' ? 'Active' : null;
}

/**
 * How many members the projection counts at one level below a member (1..15), and how many of
 * them are Active; depth 0: the whole team, every level (decision 0052: no level beyond 15 is kept).
 */
export interface LevelCount {
  depth: number;
  members: bigint;
  active: bigint;
}

/**
 * The number of members a filter selects, from the counts: one level's, or the whole team's (depth
 * 0) for every level; exact for a status too; unknown (null) when registration days narrow it —
 * no count of rows is made at read time.
 */
export function teamTotal(counts: readonly LevelCount[], filter: TeamFilter): bigint | null {
  if (filter.from !== null || filter.to !== null) return null;
  let total = 0n;
  for (const level of counts) {
    if (level.depth !== (filter.level ?? 0)) continue;
    total +=
      filter.status === 'Active'
        ? level.active
        : filter.status === 'Inactive'
          ? level.members - level.active
          : level.members;
  }
  return total;
}

/** The row number the first row of a page gets (1-based): rows before the cursor, plus those skipped. */
export const firstRowNumber = (after: TeamCursor | null, offset: number): number => (after?.row ?? 0) + offset + 1;

/** The cursor of the page after a full one (a page shorter than asked for is the last). */
export function nextCursor(
  rows: ReadonlyArray<{ depth: number; uid: string }>,
  limit: number,
  firstRow: number,
): string | null {
  if (rows.length < limit || rows.length === 0) return null;
  const last = rows[rows.length - 1];
  return cursorText({ depth: last.depth, uid: last.uid, row: firstRow + rows.length - 1 });
}
