import { teamCountsProjection } from '../projections/team-counts.projection';
import {
  cursorText,
  firstRowNumber,
  LevelCount,
  MAX_TEAM_PAGE,
  nextCursor,
  parseCursor,
  statusOf,
  TeamFilter,
  teamTotal,
} from './team-page';

const counts: LevelCount[] = [
  // The whole team (depth 0): levels 1..15 and, from uplines' far rows, the members below level 15.
  { depth: 0, members: 1_000_013n, active: 250_006n },
  { depth: 1, members: 3n, active: 2n },
  { depth: 2, members: 10n, active: 4n },
];
const all: TeamFilter = { level: null, status: null, from: null, to: null };

describe('a team page', () => {
  it('given the counts per level and the whole team, when everyone is asked for, then the total is the whole team’s (below level 15 too), not a sum of levels', () => {
    expect(teamTotal(counts, all)).toBe(1_000_013n);
  });

  it('given the counts, when one level and a status are asked for, then the total is that level’s Active or Inactive count', () => {
    expect(teamTotal(counts, { ...all, level: 2 })).toBe(10n);
    expect(teamTotal(counts, { ...all, level: 2, status: 'Active' })).toBe(4n);
    expect(teamTotal(counts, { ...all, level: 2, status: 'Inactive' })).toBe(6n);
    expect(teamTotal(counts, { ...all, status: 'Inactive' })).toBe(750_007n);
    expect(teamTotal(counts, { ...all, level: 3 })).toBe(0n);
  });

  it('given registration days in the filter, when the total is asked for, then it is unknown (no count of rows at read time)', () => {
    expect(teamTotal(counts, { ...all, from: '2026-11-01' })).toBeNull();
    expect(teamTotal(counts, { ...all, to: '2026-11-01' })).toBeNull();
  });

  it("given the status codes, when read, then '0' is Inactive, '1' Active and '2' everyone", () => {
    expect([statusOf('0'), statusOf('1'), statusOf('2')]).toEqual(['Inactive', 'Active', null]);
  });

  it('given a full page, when the next cursor is made, then it names the last row and its number; a short page has none', () => {
    const rows = [
      { depth: 1, uid: '200001' },
      { depth: 2, uid: '200002' },
    ];
    expect(nextCursor(rows, 2, 1001)).toBe('2.200002.1002');
    expect(nextCursor(rows, 3, 1)).toBeNull();
    expect(nextCursor([], MAX_TEAM_PAGE, 1)).toBeNull();
  });

  it('given a cursor and an offset, when the first row is numbered, then rows continue across pages', () => {
    expect(firstRowNumber(null, 0)).toBe(1);
    expect(firstRowNumber(null, 20)).toBe(21);
    expect(firstRowNumber({ depth: 2, uid: '200002', row: 1000 }, 5)).toBe(1006);
  });

  it('given cursor texts, when parsed, then a well-formed one round-trips and anything else is refused', () => {
    const cursor = { depth: 12, uid: '482913', row: 4000 };
    expect(parseCursor(cursorText(cursor))).toEqual(cursor);
    for (const bad of [
      '',
      '0.482913.1',
      '1.082913.1',
      '1.48291.1',
      '1.482913.',
      '1.482913.1.1',
      ' 1.482913.1',
      '1e3.482913.1',
    ])
      expect(parseCursor(bad)).toBeNull();
  });
});

describe('the team counts projection', () => {
  const event = (type: string, streamId: string, payload: unknown) =>
    ({ type, streamId, payload, streamVersion: 1, recordedAt: new Date(0) }) as never;

  it('given a registration with a sponsor, when projected, then one upsert counts the member at every upline level and in every upline’s total', () => {
    const [statement, ...rest] = teamCountsProjection.project(
      event('MemberRegistered', 'member-200002', { uid: '200002', sponsorUid: '200001' }),
    );
    expect(rest).toEqual([]);
    expect(statement.params).toEqual(['200001', 2]); // 200002 counts in shard 200002 mod 8
    expect(statement.text).toMatch(
      /on conflict \(uid, depth, shard\) do update set members = team_counts.members \+ 1/,
    );
    // Each upline's whole-team row (depth 0) beside its level, locked first per uid: one order for every event.
    expect(statement.text).toMatch(/values \(0\), \(a\.depth\)\) d\(depth\)/);
    expect(statement.text).toMatch(/order by a\.uid, d\.depth/);
  });

  it('given a registration deep in a chain, when projected, then only the 15 nearest uplines are counted in its transaction (decision 0052)', () => {
    const [statement] = teamCountsProjection.project(
      event('MemberRegistered', 'member-200002', { uid: '200002', sponsorUid: '200001' }),
    );
    expect(statement.text).toMatch(/where descendant_uid = \$1::char\(6\) and depth < 15/);
  });

  it('given a TeamTotalsCounted, when projected, then each member is recorded once and the far rows (shard 8) of the uplines beyond 15 levels take the batch', () => {
    const counted = [
      { uid: '200016', kind: 'registered' },
      { uid: '200016', kind: 'activated' },
    ];
    const [record, far, ...rest] = teamCountsProjection.project(event('TeamTotalsCounted', 'team-totals', { counted }));
    expect(rest).toEqual([]);
    expect(record.params).toEqual([JSON.stringify(counted), 'team-totals', 1]);
    expect(record.text).toMatch(/insert into team_totals_counted \(uid, kind, counted_position\)/);
    expect(far.params).toEqual([JSON.stringify(counted)]);
    // Jumps of 15 levels up, every closure row of each jump, one far row per upline.
    expect(far.text).toMatch(/t\.depth = 15/);
    expect(far.text).toMatch(/insert into team_counts \(uid, depth, shard, members, active\)\s+select f\.uid, 0, 8/);
  });

  it('given the root’s registration (no sponsor) or an upgrade, when projected, then nothing is counted', () => {
    expect(
      teamCountsProjection.project(event('MemberRegistered', 'member-100000', { uid: '100000', sponsorUid: null })),
    ).toEqual([]);
    expect(teamCountsProjection.project(event('MemberToppedUp', 'member-200002', { kind: 'upgrade' }))).toEqual([]);
  });

  it('given a first top-up, when projected, then every upline level and total of the member counts one more Active, checked by PostgreSQL', () => {
    const [statement] = teamCountsProjection.project(event('MemberToppedUp', 'member-200002', { kind: 'activation' }));
    expect(statement.params[0]).toBe('200002');
    expect(statement.params[2]).toBe(2);
    expect(statement.text).toMatch(/values \(0\), \(t\.depth\)\) d\(depth\)/);
    expect(statement.text).toMatch(/order by c\.uid, c\.depth\s+for update of c/);
    // Two rows per upline (its level and its total) must change, or the event's transaction fails.
    expect(statement.text).toMatch(
      /ledger_assert\(\(select count\(\*\) from changed\) = 2 \* \(select count\(\*\) from member_tree/,
    );
  });
});
