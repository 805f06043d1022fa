// The team reports (issue 12, network/) for the root of a large sponsor tree: DownlineReport's and
// DirectReport's first page, p50/p99, next to a plain indexed primary-key lookup on the same server
// in the same run (and a deep keyset page and one level's first page). See bench/README.md.
//
// Plain ESM, the code under test from the compiled `dist/`.
//
//   seed     BENCH_TEAM_SIZE members below the root (default 899,999: every 6-digit uid; the brief's
//            1,000,000 does not fit the uid space). The root has min(1,000, size/10) directs, every
//            member below them up to 10 (levels 1..4 at the default size). The bulk of the tree is
//            written with set-based SQL straight into the read tables the projections own —
//            members, the member_tree closure (level by level from the level above, as the
//            member-tree projection does per member), and team_counts by the very query the
//            network migration backfills with, then its whole-team rows (depth 0) by the team-totals
//            migration's statement (what replay rebuilds) — because 900,000 ledger
//            appends would take the shared machine hours and the read is what is measured. The
//            last BENCH_TEAM_VIA_LEDGER members (default 2,000) are registered through the real
//            Ledger and projections (MemberRegistered: members, member_tree, team_counts), half
//            of them then activated with the real issueEpins + topUp (MemberToppedUp: team_counts'
//            Active counts), so the projection's upserts run against the root's hot rows. Then the
//            root's and every direct's counts are checked against a count of the closure rows:
//            they must be exact.
//   measure  BENCH_TEAM_READS rounds (default 300, after 30 warm-up rounds); each round, in turn: a
//            primary-key lookup of a random member, DownlineReport's first page (1,000 rows, the
//            answer's JSON built), DirectReport's first page (1,000 directs with Total Team and
//            Active team), DownlineReport's page after a cursor in the deepest level, LevelDetails
//            of the deepest level. Client-observed times over the app role's pool.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadDist as loadLedgerDist, registration } from './topup-income.bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

export const TARGET_P99_MS = 50;
const ROOT_UID = 100_000;
const MAX_BELOW = 899_999;
const FANOUT = 10;
const MAX_DIRECTS = 1000;
const SEED_CHUNK = 50_000;
const REGISTER_CHUNK = 500;
const WARMUP = 30;
const EPIN_TYPE = 'EpintypeB';

export const DIST_FILES = [
  'dist/modules/network/queries/team-report/team-report.query.js',
  'dist/modules/network/projections/team-counts.projection.js',
  'dist/migrations/1763800016000-team-totals.js',
];

/** The ledger's code (as the top-up benchmark loads it) and the team reports under test. */
function loadDist() {
  const { downlineReport, directReport, levelDetails } = require(
    path.join(ROOT, 'dist/modules/network/queries/team-report/team-report.query.js'),
  );
  const { TEAM_TOTALS_BACKFILL } = require(path.join(ROOT, 'dist/migrations/1763800016000-team-totals.js'));
  return { ...loadLedgerDist(), downlineReport, directReport, levelDetails, TEAM_TOTALS_BACKFILL };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** The same uids as the top-up benchmark's (root 100000): its `registration` events are reused. */
const uidOf = (index) => String(ROOT_UID + index);

/**
 * The tree by member index (0 = the root): indexes 1..directs are the root's directs, and every
 * later index g has the sponsor 1 + floor((g - directs - 1) / FANOUT) — breadth first, FANOUT each.
 * `levels[d]` = [first, last] index of level d.
 */
export function teamShape(below) {
  const directs = Math.min(MAX_DIRECTS, Math.max(1, Math.floor(below / 10)));
  const levels = [[0, 0]];
  let first = 1;
  let width = directs;
  while (first <= below) {
    const last = Math.min(below, first + width - 1);
    levels.push([first, last]);
    first = last + 1;
    width *= FANOUT;
  }
  const sponsorOf = (g) => (g <= directs ? 0 : 1 + Math.floor((g - directs - 1) / FANOUT));
  return { below, directs, levels, sponsorOf };
}

/**
 * The bulk (the root is registered through the ledger before): members 1..bulk (every third Active),
 * their closure rows level by level, then team_counts — per level as the network migration
 * backfills them, then the whole-team totals (depth 0) by the team-totals migration's own statement.
 */
async function seedBulk(owner, shape, bulk, log, totalsBackfill) {
  const { directs } = shape;
  for (let from = 1; from <= bulk; from += SEED_CHUNK) {
    const to = Math.min(bulk, from + SEED_CHUNK - 1);
    await owner.execute(
      `insert into members (uid, sponsor_uid, name, email, mobile, country_id, city, state, upi_number, status,
                            registered_at, activated_at, current_package_paise, total_package_paise, version)
       select ($1::int + g)::text,
              ($1::int + case when g <= $4::int then 0 else 1 + (g - $4::int - 1) / ${FANOUT} end)::text,
              'Team Member ' || ($1::int + g), 'm' || ($1::int + g) || '@bench.sahyog.local', '9' || lpad(g::text, 9, '0'),
              101, 'Nashik', 'Maharashtra', 'm' || ($1::int + g) || '@upi',
              case when g % 3 = 0 then 'Active' else 'Inactive' end,
              now() - interval '400 days' + make_interval(secs => g),
              case when g % 3 = 0 then now() - interval '300 days' + make_interval(secs => g) end,
              case when g % 3 = 0 then 29900 else 0 end, case when g % 3 = 0 then 29900 else 0 end, 1
         from generate_series($2::int, $3::int) g`,
      [ROOT_UID, from, to, directs],
    );
  }
  for (const [d, [first, last]] of shape.levels.entries()) {
    if (d === 0 || first > bulk) continue;
    const end = Math.min(last, bulk);
    for (let from = first; from <= end; from += SEED_CHUNK) {
      const to = Math.min(end, from + SEED_CHUNK - 1);
      // The member-tree projection's own statement, for a range of members of one level at once.
      await owner.execute(
        `insert into member_tree (ancestor_uid, descendant_uid, depth)
         select m.sponsor_uid, m.uid, 1 from members m where m.uid between $1 and $2
         union all
         select t.ancestor_uid, m.uid, t.depth + 1 from members m join member_tree t on t.descendant_uid = m.sponsor_uid
          where m.uid between $1 and $2`,
        [uidOf(from), uidOf(to)],
      );
    }
    log(`closure: level ${d} (${end - first + 1} members) written`);
  }
  await owner.execute(`
    insert into team_counts (uid, depth, shard, members, active)
    select t.ancestor_uid, t.depth, t.descendant_uid::integer % 8, count(*), count(*) filter (where m.status = 'Active')
      from member_tree t join members m on m.uid = t.descendant_uid
     group by t.ancestor_uid, t.depth, t.descendant_uid::integer % 8`);
  await owner.execute(totalsBackfill);
  // The bulk members' credentials are not needed: none of them logs in.
}

/** The rest through the real ledger: registrations, then half of them activated (issueEpins + topUp by the root). */
async function seedViaLedger(dist, ledger, owner, shape, bulk) {
  const { issueEpins, topUp } = dist;
  const system = (id) => ({ actor: { kind: 'system', id }, correlationId: `bench-team-${id}` });
  const fresh = [];
  for (let g = bulk + 1; g <= shape.below; g++) fresh.push(g);
  for (let k = 0; k < fresh.length; k += REGISTER_CHUNK) {
    const chunk = fresh.slice(k, k + REGISTER_CHUNK);
    await ledger.run(system(`register-${k}`), async (tx) => {
      for (const g of chunk) await tx.append(`member-${uidOf(g)}`, 0, [registration(g, shape.sponsorOf(g))]);
    });
  }
  const toActivate = fresh.filter((_, i) => i % 2 === 0);
  for (let k = 0; k < toActivate.length; k += REGISTER_CHUNK) {
    const chunk = toActivate.slice(k, k + REGISTER_CHUNK);
    await ledger.run(
      { actor: { kind: 'admin', id: 'superadmin' }, correlationId: `bench-team-activate-${k}` },
      async (tx) => {
        const numbers = await issueEpins(tx, {
          ownerUid: uidOf(0),
          epinType: EPIN_TYPE,
          quantity: chunk.length,
          source: { kind: 'admin', ref: 'bench-seed' },
        });
        for (const [n, g] of chunk.entries()) {
          const outcome = await topUp(tx, uidOf(0), uidOf(g), numbers[n]);
          if (!outcome.ok) throw new Error(`activation of ${uidOf(g)} failed: ${outcome.reason}`);
        }
      },
    );
  }
  await owner.execute('analyze');
  return { registered: fresh.length, activated: toActivate.length };
}

/**
 * The counts the reports use must equal a count of the closure rows, for the root and every direct:
 * the per-level rows added up, and the whole-team rows (depth 0) the directs report and the
 * dashboard read.
 */
async function checkExact(owner, directs) {
  // Set-wise aggregates (one pass over the closure rows of the root and of the directs), not a count per member.
  const rows = await owner.query(
    `with checked as (select $1::text as uid union all select ($1::int + g)::text from generate_series(1, $2::int) g),
          kept as (select c.uid, sum(c.members) filter (where c.depth > 0)::bigint as kept,
                          sum(c.active) filter (where c.depth > 0)::bigint as kept_active,
                          sum(c.members) filter (where c.depth = 0)::bigint as total,
                          sum(c.active) filter (where c.depth = 0)::bigint as total_active
                     from team_counts c where c.uid in (select uid from checked) group by c.uid),
          counted as (select t.ancestor_uid as uid, count(*)::bigint as counted,
                             count(*) filter (where m.status = 'Active')::bigint as counted_active
                        from member_tree t join members m on m.uid = t.descendant_uid
                       where t.ancestor_uid in (select uid from checked) group by t.ancestor_uid)
     select ch.uid, coalesce(k.kept, 0)::bigint as kept, coalesce(k.kept_active, 0)::bigint as kept_active,
            coalesce(k.total, 0)::bigint as total, coalesce(k.total_active, 0)::bigint as total_active,
            coalesce(n.counted, 0)::bigint as counted, coalesce(n.counted_active, 0)::bigint as counted_active
       from checked ch left join kept k on k.uid = ch.uid left join counted n on n.uid = ch.uid
      order by ch.uid`,
    [String(ROOT_UID), directs],
  );
  const wrong = rows.filter(
    (r) =>
      r.kept !== r.counted ||
      r.kept_active !== r.counted_active ||
      r.total !== r.counted ||
      r.total_active !== r.counted_active,
  );
  if (wrong.length)
    throw new Error(
      `team_counts differ from the closure for ${wrong.length} members, e.g. ${JSON.stringify(wrong[0])}`,
    );
  return { checked: rows.length, rootTeam: Number(rows[0].counted), rootActive: Number(rows[0].counted_active) };
}

export async function run({ ownerUrl, appUrl, size = MAX_BELOW, viaLedger = 2000, reads = 300, log = () => {} }) {
  if (size < 1000 || size > MAX_BELOW) throw new Error(`BENCH_TEAM_SIZE must be 1,000..${MAX_BELOW} (six-digit uids)`);
  const dist = loadDist();
  const { createDataSource, Database, Ledger, ProjectionRunner, ALL_PROJECTIONS } = dist;
  const owner = new Database(await createDataSource(ownerUrl, { poolSize: 2 }).initialize());
  const app = new Database(await createDataSource(appUrl, { poolSize: 4 }).initialize());
  try {
    const [server] = await owner.query(
      "select current_setting('server_version') as version, current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit, current_setting('shared_buffers') as shared_buffers",
    );
    const shape = teamShape(size);
    const bulk = size - Math.min(viaLedger, Math.floor(size / 10));
    const ledger = new Ledger(app, new ProjectionRunner(ALL_PROJECTIONS));
    await ledger.run({ actor: { kind: 'system', id: 'bench' }, correlationId: 'bench-team-root' }, async (tx) => {
      await tx.append(`member-${uidOf(0)}`, 0, [registration(0, -1)]);
    });
    let t0 = performance.now();
    await seedBulk(owner, shape, bulk, log, dist.TEAM_TOTALS_BACKFILL);
    await owner.execute('analyze');
    const bulkMs = performance.now() - t0;
    log(`bulk: ${bulk} members, closure and team_counts in ${(bulkMs / 1000).toFixed(1)} s`);
    t0 = performance.now();
    const via = await seedViaLedger(dist, ledger, owner, shape, bulk);
    const ledgerMs = performance.now() - t0;
    log(
      `ledger: ${via.registered} registered and ${via.activated} activated through the projections in ${(ledgerMs / 1000).toFixed(1)} s`,
    );
    const exact = await checkExact(owner, shape.directs);
    if (exact.rootTeam !== size) throw new Error(`root team ${exact.rootTeam}, expected ${size}`);
    log(
      `counts exact for the root (${exact.rootTeam} below, ${exact.rootActive} Active) and its ${shape.directs} directs`,
    );
    const [closure] = await owner.query('select count(*)::bigint as n from member_tree');

    const uid = uidOf(0);
    const all = { level: null, status: null, from: null, to: null };
    const first = { limit: 1000, offset: 0, after: null };
    const deepest = shape.levels.length - 1;
    const [deepFirst] = shape.levels[deepest];
    const deepMiddle = Math.floor((shape.levels[deepest][0] + shape.levels[deepest][1]) / 2);
    const deepAfter = { limit: 1000, offset: 0, after: { depth: deepest, uid: uidOf(deepMiddle), row: 1 } };
    const random = (() => {
      let a = 20261124;
      return () => {
        a = (a * 1103515245 + 12345) >>> 0;
        return a / 4294967296;
      };
    })();
    const work = {
      'primary-key lookup': async () => {
        const rows = await app.query('select uid, name, status from members where uid = $1', [
          uidOf(1 + Math.floor(random() * size)),
        ]);
        return JSON.stringify(rows).length > 0 && rows.length === 1;
      },
      'DownlineReport first page': async () => {
        const answer = await dist.downlineReport(app, uid, all, first);
        return JSON.stringify(answer).length > 0 && answer[0].length === 1000 && answer[1].total === String(size);
      },
      'DirectReport first page': async () => {
        const answer = await dist.directReport(app, uid, all, first);
        return JSON.stringify(answer).length > 0 && answer[0].length === Math.min(1000, shape.directs);
      },
      [`DownlineReport after a cursor in level ${deepest}`]: async () => {
        const answer = await dist.downlineReport(app, uid, all, deepAfter);
        return JSON.stringify(answer).length > 0 && answer[0].length > 0;
      },
      [`LevelDetails level ${deepest} first page`]: async () => {
        const answer = await dist.levelDetails(app, uid, { ...all, level: deepest }, first);
        return JSON.stringify(answer).length > 0 && answer[0][0].uid === uidOf(deepFirst);
      },
    };
    const names = Object.keys(work);
    const times = Object.fromEntries(names.map((n) => [n, []]));
    for (let round = 0; round < WARMUP + reads; round++) {
      for (const name of names) {
        const s = performance.now();
        const ok = await work[name]();
        const ms = performance.now() - s;
        if (!ok) throw new Error(`${name}: unexpected answer`);
        if (round >= WARMUP) times[name].push(ms);
      }
    }
    const results = names.map((name) => {
      const sorted = times[name].sort((a, b) => a - b);
      return { name, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    });
    return {
      server,
      size,
      directs: shape.directs,
      depth: deepest,
      closureRows: Number(closure.n),
      bulk,
      via,
      bulkMs,
      ledgerMs,
      exact,
      reads,
      results,
    };
  } finally {
    await app.dataSource.destroy();
    await owner.dataSource.destroy();
  }
}

export function report(r) {
  const [pk, downline, direct] = r.results;
  const pass = downline.p99 < TARGET_P99_MS && direct.p99 < TARGET_P99_MS;
  const verdict = pass ? 'PASS' : 'BELOW TARGET';
  const lines = [
    `tree: ${r.size} members below the root (${r.directs} directs, ${r.depth} levels, ${r.closureRows} closure rows); ` +
      `${r.bulk} written in bulk (${(r.bulkMs / 1000).toFixed(0)} s), ${r.via.registered} registered and ${r.via.activated} activated through the ledger (${(r.ledgerMs / 1000).toFixed(0)} s)`,
    `counts exact: root ${r.exact.rootTeam} (${r.exact.rootActive} Active) and its ${r.directs} directs, checked against count(*) of the closure`,
    ...r.results.map(
      (x) =>
        `${x.name.padEnd(40)} p50 ${x.p50.toFixed(2).padStart(7)} ms   p99 ${x.p99.toFixed(2).padStart(7)} ms   (${(x.p50 / pk.p50).toFixed(0)}× the PK lookup at p50)`,
    ),
    `target: DownlineReport and DirectReport first page p99 < ${TARGET_P99_MS} ms (${r.reads} reads each)  ${verdict}`,
  ];
  return { text: lines.join('\n'), verdict };
}
