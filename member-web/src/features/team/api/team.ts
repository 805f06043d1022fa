import { apiClient } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** One member of a team report, the fields the three team screens show. */
export interface TeamMember {
  uid: string;
  name: string;
  registrationDate: string;
  mobile: string;
  status: string;
  level: string;
  totalTeam: string;
  activeTeam: string;
}

/** A page of a report: its rows, the members the filter selects in all (exact, or '' when unknown), the next page's cursor. */
export interface TeamPage {
  rows: TeamMember[];
  total: string;
  next: string | null;
}

/** The most rows the server answers at once (decision 0026); member-web asks for that many per page. */
export const TEAM_PAGE_SIZE = 1000;

export type TeamReport =
  { call: 'DownlineReport' } | { call: 'DirectReport' } | { call: 'LevelDetails'; leveltype: string };

/** The spec's payload of each call (§7), plus Sahyog's `limit` and `after` (the next page). */
function payload(report: TeamReport, after: string | null): Record<string, unknown> {
  const base = { uid: getSession().userId, fdate: '', tdate: '', status: '2' };
  const spec =
    report.call === 'DownlineReport'
      ? { ...base, position: '0', lvl: '100' }
      : report.call === 'DirectReport'
        ? { ...base, position: '0' }
        : { ...base, leveltype: report.leveltype };
  return { ...spec, limit: TEAM_PAGE_SIZE, ...(after ? { after } : {}) };
}

function pageInfo(body: unknown): { total: string; next: string | null } {
  const info = Array.isArray(body) ? (body[1] as Record<string, unknown> | undefined) : undefined;
  const next = info?.next;
  return { total: info ? text(info, 'total') : '', next: typeof next === 'string' && next ? next : null };
}

/** POST /api/DownlineReport, /DirectReport or /LevelDetails: one page (`data[0]` rows, `data[1]` page info). */
export async function fetchTeamPage(report: TeamReport, after: string | null): Promise<TeamPage> {
  const response = await apiClient.post<unknown>(`/${report.call}`, payload(report, after));
  return {
    rows: rowsOf(response.data).map((r) => ({
      uid: text(r, 'uid'),
      name: text(r, 'f_name'),
      registrationDate: text(r, 'registrationDate'),
      mobile: text(r, 'mobile'),
      status: text(r, 'status'),
      level: text(r, 'Leveltype'),
      totalTeam: text(r, 'TotalTeam'),
      activeTeam: text(r, 'Activeteam'),
    })),
    ...pageInfo(response.data),
  };
}

/** One member of the genealogy view. */
export interface TreeMember {
  uid: string;
  name: string;
  status: string;
  level: number;
  parent: string;
  team: string;
  directs: number;
}

export interface TreePage {
  nodes: TreeMember[];
  next: string | null;
}

/** POST /api/TeamTree (Sahyog's call): `root` (default: the member) and `depth` levels below it. */
export async function fetchTree(root: string | null, depth: number, after: string | null = null): Promise<TreePage> {
  const response = await apiClient.post<unknown>('/TeamTree', {
    ...(root ? { root } : {}),
    depth,
    ...(after ? { after } : {}),
  });
  return {
    nodes: rowsOf(response.data).map((r) => ({
      uid: text(r, 'uid'),
      name: text(r, 'f_name'),
      status: text(r, 'status'),
      level: Number(text(r, 'level')) || 0,
      parent: text(r, 'parent'),
      team: text(r, 'team') || '0',
      directs: Number(text(r, 'directs')) || 0,
    })),
    next: pageInfo(response.data).next,
  };
}
