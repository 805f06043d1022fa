import request from 'supertest';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { countTeamTotals, MAX_TEAM_PAGE, MAX_TREE_NODES } from '../src/modules/network';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { Network } from './support/network';
import { eventCount, ledgerOn, ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const DOWNLINE_FIELDS = [
  'row',
  'uid',
  'f_name',
  'currentPackage',
  'totalPackage',
  'registrationDate',
  'activationDate',
  'position',
  'Leveltype',
  'status',
  'mobile',
  'email',
].sort();
const DIRECT_FIELDS = [...DOWNLINE_FIELDS.filter((f) => f !== 'Leveltype'), 'TotalTeam', 'Activeteam'].sort();
const LEVEL_FIELDS = ['row', 'uid', 'f_name', 'registrationDate', 'mobile', 'email', 'sid', 'Leveltype'].sort();

/**
 * The team reports (issue 12, network/): ROOT → a, b; a → a1, a2; a1 → a11; a and a11 Active.
 * Every read answers the spec's rows plus the page info; counts come from team_counts.
 */
describe('team reports and the genealogy view', () => {
  let t: TestApp;
  let net: Network;
  let a: string, b: string, a1: string, a2: string, a11: string;
  const byLevelThenId = (uids: Array<[number, string]>) =>
    [...uids].sort(([l1, u1], [l2, u2]) => l1 - l2 || u1.localeCompare(u2)).map(([, uid]) => uid);

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    a = await net.register(ROOT, 'Asha Member');
    b = await net.register(ROOT, 'Bela Member');
    a1 = await net.register(a, 'Chetan Member');
    a2 = await net.register(a, 'Devi Member');
    a11 = await net.register(a1, 'Esha Member');
    for (const uid of [a, a11]) {
      const [pin] = await net.issue(uid, 1);
      expect((await net.as(uid, '/api/ActivateId', { touid: uid, epin: pin })).body.result).toBe(
        ' Activation Successfull',
      );
    }
  });
  afterAll(() => t.close());

  /**
   * What team_counts says, next to what counting the closure rows says: they must agree everywhere —
   * per (uid, level, shard), and the whole-team rows (depth 0) per (uid, shard) with the closure's
   * rows of every level.
   */
  async function countsDisagreeing(): Promise<unknown[]> {
    return t.db.owner.query(`
      with closure as (
        select t.ancestor_uid as uid, t.depth, t.descendant_uid::integer % 8 as shard, m.status
          from member_tree t join members m on m.uid = t.descendant_uid),
      truth as (
        select uid, depth, shard, count(*) as members, count(*) filter (where status = 'Active') as active
          from closure group by 1, 2, 3
        union all
        select uid, 0, shard, count(*), count(*) filter (where status = 'Active') from closure group by 1, 3)
      select * from truth full join team_counts c using (uid, depth, shard)
       where truth.members is distinct from c.members or truth.active is distinct from c.active`);
  }

  it('DownlineReport: every member below the caller, level by level, field for field, with the exact total', async () => {
    const res = await net.as(ROOT, '/api/DownlineReport', {
      uid: ROOT,
      fdate: '',
      tdate: '',
      status: '2',
      position: '0',
      lvl: '100',
    });
    expect(res.status).toBe(200);
    const [rows, page] = res.body;
    expect(rows.map((r: { uid: string }) => r.uid)).toEqual(
      byLevelThenId([
        [1, a],
        [1, b],
        [2, a1],
        [2, a2],
        [3, a11],
      ]),
    );
    expect(Object.keys(rows[0]).sort()).toEqual(DOWNLINE_FIELDS);
    expect(rows.map((r: { row: number }) => r.row)).toEqual([1, 2, 3, 4, 5]);
    const asha = rows.find((r: { uid: string }) => r.uid === a);
    expect(asha).toMatchObject({
      f_name: 'Asha Member',
      status: 'Active',
      Leveltype: 1,
      position: '0',
      currentPackage: '299.00',
      totalPackage: '299.00',
    });
    expect(asha.activationDate).not.toBe('');
    expect(rows.find((r: { uid: string }) => r.uid === a1)).toMatchObject({ status: 'Inactive', activationDate: '' });
    expect(page).toEqual({ total: '5', limit: MAX_TEAM_PAGE, next: null });
    // A member sees only their own team.
    const [aRows, aPage] = (await net.as(a, '/api/DownlineReport', {})).body;
    expect(aRows.map((r: { uid: string; Leveltype: number }) => [r.uid, r.Leveltype])).toEqual([
      ...[a1, a2].sort().map((uid) => [uid, 1]),
      [a11, 2],
    ]);
    expect(aPage.total).toBe('3');
  });

  it('DownlineReport: one level (lvl 1..15), a status, and registration days narrow it', async () => {
    const level2 = (await net.as(ROOT, '/api/DownlineReport', { lvl: '2' })).body;
    expect(level2[0].map((r: { uid: string }) => r.uid)).toEqual([a1, a2].sort());
    expect(level2[1].total).toBe('2');
    const active = (await net.as(ROOT, '/api/DownlineReport', { status: 1 })).body;
    expect(active[0].map((r: { uid: string }) => r.uid)).toEqual([a, a11]);
    expect(active[1].total).toBe('2');
    const inactive = (await net.as(ROOT, '/api/DownlineReport', { status: '0' })).body;
    expect(inactive[1].total).toBe('3');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const none = (await net.as(ROOT, '/api/DownlineReport', { fdate: tomorrow })).body;
    expect(none).toEqual([[], { total: null, limit: MAX_TEAM_PAGE, next: null }]);
    const today = (await net.as(ROOT, '/api/DownlineReport', { tdate: tomorrow })).body;
    expect(today[0]).toHaveLength(5);
  });

  it('DirectReport: the directs, each with Total Team and Active team from the counts', async () => {
    const res = await net.as(ROOT, '/api/DirectReport', {
      uid: ROOT,
      fdate: '',
      tdate: '',
      status: '2',
      position: '0',
    });
    expect(res.status).toBe(200);
    const [rows, page] = res.body;
    expect(Object.keys(rows[0]).sort()).toEqual(DIRECT_FIELDS);
    const teams = Object.fromEntries(
      rows.map((r: { uid: string; TotalTeam: string; Activeteam: string }) => [r.uid, [r.TotalTeam, r.Activeteam]]),
    );
    expect(teams).toEqual({ [a]: ['3', '1'], [b]: ['0', '0'] });
    expect(page.total).toBe('2');
  });

  it('LevelDetails: leveltype 0 is every level, 1..15 one level; rows carry the sponsor (sid)', async () => {
    const all = (await net.as(ROOT, '/api/LevelDetails', { uid: ROOT, fdate: '', tdate: '', status: '', leveltype: 0 }))
      .body;
    expect(all[0]).toHaveLength(5);
    expect(Object.keys(all[0][0]).sort()).toEqual(LEVEL_FIELDS);
    const level3 = (await net.as(ROOT, '/api/LevelDetails', { leveltype: '3' })).body;
    expect(level3[0]).toEqual([
      expect.objectContaining({ row: 1, uid: a11, sid: a1, Leveltype: 3, f_name: 'Esha Member' }),
    ]);
    expect(level3[1].total).toBe('1');
    expect((await net.as(ROOT, '/api/LevelDetails', { leveltype: '15' })).body).toEqual([
      [],
      { total: '0', limit: MAX_TEAM_PAGE, next: null },
    ]);
  });

  it('pages: limit and the keyset cursor walk the team without gaps, rows numbered across pages; offset skips', async () => {
    const seen: string[] = [];
    const numbers: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const body: Record<string, unknown> = { limit: 2, ...(after ? { after } : {}) };
      const [rows, page] = (await net.as(ROOT, '/api/DownlineReport', body)).body;
      seen.push(...rows.map((r: { uid: string }) => r.uid));
      numbers.push(...rows.map((r: { row: number }) => r.row));
      expect(page.total).toBe('5');
      after = page.next;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(3);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const whole = (await net.as(ROOT, '/api/DownlineReport', {})).body[0].map((r: { uid: string }) => r.uid);
    expect(seen).toEqual(whole);
    const skipped = (await net.as(ROOT, '/api/DownlineReport', { offset: '3', limit: '2' })).body;
    expect(skipped[0].map((r: { uid: string; row: number }) => [r.row, r.uid])).toEqual([
      [4, whole[3]],
      [5, whole[4]],
    ]);
  });

  it('team_counts agree with the closure table everywhere, and replay rebuilds them with zero differences', async () => {
    expect(await countsDisagreeing()).toEqual([]);
    const [totals] = await t.db.owner.query<{ n: number }>(
      'select count(*)::int as n from team_counts where uid = $1 and depth = 0',
      [ROOT],
    );
    expect(totals.n).toBeGreaterThan(0);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
    expect(replay.tables.map((d) => d.table)).toContain('team_counts');
  });

  it('the dashboard’s My Team and My Directs come from the same counts', async () => {
    const dashboard = async (uid: string) => (await net.as(uid, '/api/userDashboard', { uid })).body[0];
    expect(await dashboard(ROOT)).toMatchObject({ totalteam: '5', totalrefferal: '2' });
    expect(await dashboard(a)).toMatchObject({ totalteam: '3', totalrefferal: '2' });
    expect(await dashboard(a11)).toMatchObject({ totalteam: '0', totalrefferal: '0' });
  });

  it('TeamTree: the caller and three levels by default, each node with status, team size and directs', async () => {
    const res = await net.as(ROOT, '/api/TeamTree', {});
    expect(res.status).toBe(200);
    const [nodes, info] = res.body;
    expect(info).toEqual({ root: ROOT, depth: 3, limit: MAX_TREE_NODES, next: null });
    expect(nodes[0]).toMatchObject({ uid: ROOT, level: 0, team: '5', directs: '2' });
    expect(nodes.find((n: { uid: string }) => n.uid === a)).toEqual({
      uid: a,
      f_name: 'Asha Member',
      status: 'Active',
      level: 1,
      parent: ROOT,
      team: '3',
      directs: '2',
    });
    expect(nodes.find((n: { uid: string }) => n.uid === a11)).toMatchObject({
      level: 3,
      parent: a1,
      team: '0',
      directs: '0',
    });
    // Expanding a node below: one level under a1.
    const [below] = (await net.as(ROOT, '/api/TeamTree', { root: a1, depth: 1 })).body;
    expect(below.map((n: { uid: string; level: number }) => [n.uid, n.level])).toEqual([
      [a1, 0],
      [a11, 1],
    ]);
  });

  it('the OpenAPI document has the four calls and the paging fields beyond the spec', async () => {
    const doc = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    for (const call of ['DownlineReport', 'DirectReport', 'LevelDetails', 'TeamTree'])
      expect(doc.paths).toHaveProperty([`/api/${call}`, 'post']);
    const schema = (name: string) => Object.keys(doc.components.schemas[name].properties).sort();
    expect(schema('DownlineReportDto')).toEqual(
      ['uid', 'fdate', 'tdate', 'limit', 'offset', 'after', 'status', 'position', 'lvl'].sort(),
    );
    expect(schema('LevelDetailsDto')).toEqual(
      ['uid', 'fdate', 'tdate', 'limit', 'offset', 'after', 'status', 'leveltype'].sort(),
    );
    expect(schema('TeamTreeDto')).toEqual(['uid', 'root', 'depth', 'after'].sort());
    expect(doc.paths['/api/DownlineReport'].post.description).toContain('data[1]');
  });

  it('IDOR: another member’s uid in the body, or a tree root outside the caller’s team, is refused with 403', async () => {
    for (const path of ['/api/DownlineReport', '/api/DirectReport', '/api/LevelDetails', '/api/TeamTree']) {
      const res = await net.as(a, path, { uid: ROOT });
      expect([path, res.status, res.body.result]).toEqual([path, 403, 'Access denied for this user id']);
    }
    // Up the tree, a sibling branch, a member who does not exist: the same answer (no oracle).
    for (const root of [ROOT, b, '999999']) {
      const res = await net.as(a, '/api/TeamTree', { root });
      expect([root, res.status, res.body.result]).toEqual([root, 403, 'Access denied for this user id']);
    }
    expect((await net.as(a, '/api/TeamTree', { root: a11 })).status).toBe(200);
    for (const path of ['/api/DownlineReport', '/api/DirectReport', '/api/LevelDetails', '/api/TeamTree']) {
      const res = await request(t.app.getHttpServer()).post(path).send({});
      expect([path, res.status, res.body.result]).toEqual([path, 401, 'Please login to access this resource']);
    }
  });

  it.each([
    ['/api/DownlineReport', { status: '3' }, 'status must be one of 0, 1, 2'],
    ['/api/DownlineReport', { position: '1' }, 'position must be one of 0'],
    ['/api/DownlineReport', { lvl: '16' }, 'lvl must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 100'],
    ['/api/DownlineReport', { limit: 0 }, `limit must be a whole number from 1 to ${MAX_TEAM_PAGE}`],
    ['/api/DownlineReport', { limit: '1001' }, `limit must be a whole number from 1 to ${MAX_TEAM_PAGE}`],
    ['/api/DownlineReport', { offset: -1 }, 'offset must be a whole number from 0 to 100000'],
    ['/api/DownlineReport', { offset: '100001' }, 'offset must be a whole number from 0 to 100000'],
    ['/api/DownlineReport', { after: '1.100000' }, 'after must be the next of a previous page'],
    ['/api/DownlineReport', { fdate: '2026-02-30' }, 'fdate must be YYYY-MM-DD'],
    ['/api/DirectReport', { status: 'x' }, 'status must be one of 0, 1, 2'],
    ['/api/DirectReport', { tdate: 'yesterday' }, 'tdate must be YYYY-MM-DD'],
    [
      '/api/LevelDetails',
      { leveltype: '16' },
      'leveltype must be one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15',
    ],
    ['/api/LevelDetails', { after: [] }, 'after must be the next of a previous page'],
    ['/api/TeamTree', { depth: 4 }, 'depth must be a whole number from 1 to 3'],
    ['/api/TeamTree', { root: '12345' }, 'root must be a 6-digit User Id'],
    ['/api/TeamTree', { after: 'next' }, 'after must be the next of a previous page'],
  ])('%s %j → 400 with a clear message, nothing written', async (path, body, message) => {
    const before = await eventCount(t.db.app);
    const res = await net.as(ROOT, path, body);
    expect([res.status, res.body.result]).toEqual([400, message]);
    expect(await eventCount(t.db.app)).toBe(before);
  });
});

/**
 * A chain (each member sponsoring the next), 40 deep (decision 0052): the closure keeps 15 levels,
 * team_counts levels 1..15 and the whole-team rows, whose part from uplines more than 15 levels
 * above a member is counted by the `team-totals` processor (TeamTotalsCounted). The reports' whole
 * downline reads past level 15 through the frontier; TeamTree's access check by jumps of 15.
 * Replay and verify find 0 differences before, while and after the deep members are counted.
 */
describe('a deep chain', () => {
  let t: TestApp;
  let net: Network;
  const DEPTH = 40;
  let chain: string[] = [];
  const rowsOf = (body: [Array<{ uid: string; Leveltype: number; row: number }>, unknown]) =>
    body[0].map((r) => [r.Leveltype, r.uid, r.row]);
  /** The chain below chain[i] (ROOT: i = -1) as report rows: [level, uid, row number]. */
  const below = (i: number) => chain.slice(i + 1).map((uid, k) => [k + 1, uid, k + 1]);
  /** Each member's whole team (depth 0, every shard), by uid. */
  const totals = async () =>
    new Map(
      (
        await t.db.owner.query<{ uid: string; members: number; active: number }>(
          'select uid, sum(members)::int as members, sum(active)::int as active from team_counts where depth = 0 group by uid',
        )
      ).map((r) => [r.uid, [r.members, r.active]]),
    );
  const positionsOf = async (type: string, uids: string[]) =>
    (
      await t.db.owner.query<{ position: string }>(
        'select position::text as position from events where type = $1 and stream_id = any($2) order by position',
        [type, uids.map((u) => `member-${u}`)],
      )
    ).map((r) => r.position);
  async function zeroDifferences() {
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS);
    expect(report.problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
    expect(replay.tables.map((d) => d.table)).toEqual(
      expect.arrayContaining(['member_tree', 'team_counts', 'team_totals_counted']),
    );
  }

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    chain = await net.chain(DEPTH);
    const last = chain[DEPTH - 1];
    const [pin] = await net.issue(last, 1);
    expect((await net.as(last, '/api/ActivateId', { touid: last, epin: pin })).body.result).toBe(
      ' Activation Successfull',
    );
  });
  afterAll(() => t.close());

  it('the closure keeps the 15 nearest uplines and the counts levels 1..15; uplines farther up have not counted the deep members yet', async () => {
    const last = chain[DEPTH - 1];
    const uplines = await t.db.owner.query<{ ancestor_uid: string; depth: number }>(
      'select ancestor_uid, depth from member_tree where descendant_uid = $1 order by depth',
      [last],
    );
    expect(uplines.map((r) => r.ancestor_uid)).toEqual(chain.slice(DEPTH - 16, DEPTH - 1).reverse());
    expect(uplines.map((r) => r.depth)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const [{ n }] = await t.db.owner.query<{ n: number }>('select max(depth)::int as n from team_counts');
    expect(n).toBe(15);
    const levels = await t.db.owner.query<{ depth: number; members: number; active: number }>(
      `select depth, sum(members)::int as members, sum(active)::int as active from team_counts
        where uid = $1 group by depth order by depth`,
      [ROOT],
    );
    // The root's whole team, before the processor: its 15 nearest levels only.
    expect(levels).toEqual([
      { depth: 0, members: 15, active: 0 },
      ...Array.from({ length: 15 }, (_, i) => ({ depth: i + 1, members: 1, active: 0 })),
    ]);
    const team = await totals();
    expect(team.get(chain[DEPTH - 16])).toEqual([15, 1]); // 15 levels above the Active end: counted at once
    expect(team.get(chain[DEPTH - 17])).toEqual([15, 0]); // 16 above: not yet
    // The whole downline is read past level 15 all the same (the frontier), only the total lags.
    const [rows, page] = (await net.as(ROOT, '/api/DownlineReport', {})).body;
    expect(rows.map((r: { uid: string }) => r.uid)).toEqual(chain);
    expect(page.total).toBe('15');
  });

  it('replay and verify find 0 differences while the deep members are not counted, and when half of them are', async () => {
    await zeroDifferences();
    const half = chain.slice(0, 28);
    expect(await countTeamTotals(ledgerOn(t.db.app), await positionsOf('MemberRegistered', half))).toBe(28 - 14);
    await zeroDifferences();
  });

  it('two racing batches count each member once; then every total equals a count of the chain', async () => {
    const ledger = ledgerOn(t.db.app);
    const registered = await positionsOf('MemberRegistered', chain);
    const [activation] = await positionsOf('MemberToppedUp', [chain[DEPTH - 1]]);
    const counts = await Promise.all([
      countTeamTotals(ledger, [...registered.slice(20, 36), activation]),
      countTeamTotals(ledger, registered.slice(30)),
      countTeamTotals(ledger, [activation, ...registered.slice(34)]),
    ]);
    // Members 29..40 registered (12) and the last one's activation: counted once among the three.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(DEPTH - 28 + 1);
    expect(await countTeamTotals(ledger, [...registered, activation])).toBe(0);
    const [{ n }] = await t.db.owner.query<{ n: number }>(
      "select count(*)::int as n from events where stream_id = 'team-totals'",
    );
    expect(n).toBeLessThanOrEqual(4);
    const team = await totals();
    expect(team.get(ROOT)).toEqual([DEPTH, 1]);
    chain.forEach((uid, i) =>
      expect([uid, team.get(uid) ?? [0, 0]]).toEqual([uid, [DEPTH - i - 1, i < DEPTH - 1 ? 1 : 0]]),
    );
    await zeroDifferences();
  });

  it('the whole downline pages across level 15 by cursor and offset, with the exact total', async () => {
    const all = (await net.as(ROOT, '/api/DownlineReport', { lvl: '100' })).body;
    expect(rowsOf(all)).toEqual(below(-1));
    expect(all[1]).toEqual({ total: String(DEPTH), limit: MAX_TEAM_PAGE, next: null });
    const seen: unknown[] = [];
    let after: string | null = null;
    do {
      const body: Record<string, unknown> = { limit: 7, ...(after ? { after } : {}) };
      const res = (await net.as(ROOT, '/api/DownlineReport', body)).body;
      seen.push(...rowsOf(res));
      expect(res[1].total).toBe(String(DEPTH));
      after = res[1].next;
    } while (after && seen.length < 100);
    expect(seen).toEqual(below(-1));
    const skipped = (await net.as(ROOT, '/api/DownlineReport', { offset: '20', limit: '5' })).body;
    expect(rowsOf(skipped)).toEqual(below(-1).slice(20, 25));
    const farOff = (await net.as(ROOT, '/api/LevelDetails', { leveltype: 0, offset: '38' })).body;
    expect(rowsOf(farOff)).toEqual(below(-1).slice(38));
    // From the middle of the chain: its own levels, the total from its far row.
    const mid = (await net.as(chain[4], '/api/DownlineReport', { status: '1' })).body;
    expect(mid[0].map((r: { uid: string }) => r.uid)).toEqual([chain[DEPTH - 1]]);
    expect(mid[1].total).toBe('1');
    expect((await net.as(chain[4], '/api/userDashboard', { uid: chain[4] })).body[0]).toMatchObject({
      totalteam: String(DEPTH - 5),
    });
  });

  it('TeamTree: a member 35 levels down is in the team (jumps of 15), one above is not', async () => {
    const res = await net.as(chain[0], '/api/TeamTree', { root: chain[35], depth: 3 });
    expect(res.status).toBe(200);
    expect(res.body[0].map((n: { uid: string; level: number }) => [n.level, n.uid])).toEqual([
      [0, chain[35]],
      [1, chain[36]],
      [2, chain[37]],
      [3, chain[38]],
    ]);
    expect(res.body[0][0]).toMatchObject({ team: String(DEPTH - 36), directs: '1' });
    for (const [member, root] of [
      [chain[36], chain[0]],
      [chain[10], chain[9]],
      [chain[39], ROOT],
    ]) {
      const refused = await net.as(member, '/api/TeamTree', { root });
      expect([member, root, refused.status]).toEqual([member, root, 403]);
    }
    expect((await net.as(ROOT, '/api/TeamTree', { root: chain[39] })).status).toBe(200);
  });

  it('a chain past level 75: the whole downline reads its frontier in growing steps, by page and by cursor; the total follows the processor', async () => {
    const more = await net.chain(45, chain[DEPTH - 1]);
    const everyone = [...chain, ...more];
    const rows = (await net.as(ROOT, '/api/DownlineReport', {})).body;
    expect(rowsOf(rows)).toEqual(everyone.map((uid, k) => [k + 1, uid, k + 1]));
    expect(rows[1].total).toBe(String(DEPTH)); // the 45 new members are not counted by the processor yet
    const seen: unknown[] = [];
    let after: string | null = null;
    do {
      const page = await net.as(ROOT, '/api/LevelDetails', { leveltype: 0, limit: 13, ...(after ? { after } : {}) });
      const res = page.body as [Array<{ uid: string; Leveltype: number; row: number }>, { next: string | null }];
      seen.push(...rowsOf(res));
      after = res[1].next;
    } while (after && seen.length < 200);
    expect(seen).toEqual(everyone.map((uid, k) => [k + 1, uid, k + 1]));
    expect(await countTeamTotals(ledgerOn(t.db.app), await positionsOf('MemberRegistered', more))).toBe(45);
    expect((await net.as(ROOT, '/api/DownlineReport', { limit: 1 })).body[1].total).toBe(String(DEPTH + 45));
    await zeroDifferences();
  });
});
