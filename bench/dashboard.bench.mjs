// userDashboard at a real network's size (issue 22 §6, decision 0051): the same member's dashboard,
// through the API as `npm run up` runs it, on the demo database and then on a database with
// 100,000 links made in the last 7 days and 100,000 more members. Target: p99 < 50 ms and the rate
// ≥ 0.5 × the demo database's.
//
// Plain ESM. scripts/bench.mjs starts PostgreSQL, Redis and the API (dist/main.js) on free ports,
// migrates and seeds the demo network, measures (`measure`), grows the network (`grow`) and
// measures again.
//
//   grow     `members` members (uids 300000…, plain SQL rows as help-matching.bench.mjs seeds them:
//            the dashboard reads no row of theirs, only the counts and sums below), one PH and one GH
//            entry each (₹5,000; the GH side rotated by half so no member is matched with itself),
//            then the real `runMatching` until nothing more matches: `members` links made today,
//            through the ledger and its projections (`help_links`, `help_link_days`, `queue_entries`,
//            postings). Then `waiting` more PH entries that stay waiting, and one PH entry of the
//            measured member at the queue's end, so the queue totals and the member's position count
//            real waiting rows (the position is the one read that grows with what waits).
//   measure  closed loops of `POST /api/userDashboard` for the member: `clients` concurrent clients
//            (the rate and its p99, as issue 22 §2 measures), then one client (the p99 of a
//            dashboard on an API that is not saturated).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { closedLoop } from './storm.bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

/** Issue 22 §6. */
export const TARGET_P99_MS = 50;
export const TARGET_RATE_RATIO = 0.5;

/** The measured member: the demo root, whose team is the demo network. */
export const MEMBER_UID = '100000';
export const MEMBER_PASSWORD = 'Member@123';
const FIRST_UID = 300_000;
const SEED_CHUNK = 10_000;
const ENTRY_PAISE = 500_000n;

export const DIST_FILES = ['dist/modules/help/commands/run-matching/run-matching.js'];

/** Queue entries of `side` for members `first + uidOf(g)`, g in [from, to], since `sinceBase` + g seconds. */
const entriesSql = (uidExpression) =>
  `insert into queue_entries (id, side, uid, amount_paise, remaining_paise, source, source_id, since)
   select lower($1) || '-dash-' || $2 || '-' || g, $1, lpad(($3::int + ${uidExpression})::text, 6, '0'), $4::bigint, $4::bigint,
          case when $1 = 'PH' then 'help-request' else 'ph-completed' end, 'dash-' || $2 || '-' || g, $5::timestamptz + make_interval(secs => g)
     from generate_series($6::int, $7::int) g`;

/** Grows the demo database to `members` more members, as many links made today, and `waiting` waiting PH entries. */
export async function grow({ databaseUrl, members = 100_000, waiting = 20_000, log = () => {} }) {
  require('reflect-metadata');
  const dist = (p) => require(path.join(ROOT, 'dist', p));
  const { createDataSource, Database } = dist('platform/db/database.js');
  const { Ledger } = dist('platform/ledger.js');
  const { ProjectionRunner } = dist('platform/projections/projection.js');
  const { ALL_PROJECTIONS } = dist('modules/projections.js');
  const { runMatching } = dist('modules/help/commands/run-matching/run-matching.js');
  if (FIRST_UID + members > 999_999) throw new Error('too many members for 6-digit uids');
  if (waiting > members) throw new Error('waiting entries are one per member at most');
  const db = new Database(await createDataSource(databaseUrl, { poolSize: 2 }).initialize());
  try {
    const seedStarted = performance.now();
    const half = Math.floor(members / 2);
    for (let from = 0; from < members; from += SEED_CHUNK) {
      const to = Math.min(members, from + SEED_CHUNK) - 1;
      await db.execute(
        `insert into members (uid, name, email, mobile, country_id, city, state, upi_number, status, registered_at, version)
         select lpad(($1::int + g)::text, 6, '0'), 'Dash Member ' || g, 'dash' || g || '@example.com', '8' || lpad(g::text, 9, '0'), 101, 'Pune', 'Maharashtra', 'dash' || g || '@upi', 'Active', now(), 1
           from generate_series($2::int, $3::int) g`,
        [FIRST_UID, from, to],
      );
      const since = new Date(Date.now() - 3_600_000).toISOString();
      await db.execute(entriesSql('g'), ['PH', 'a', FIRST_UID, ENTRY_PAISE, since, from, to]);
      await db.execute(entriesSql(`((g + ${half}) % ${members})`), [
        'GH',
        'a',
        FIRST_UID,
        ENTRY_PAISE,
        since,
        from,
        to,
      ]);
    }
    await db.execute('analyze');
    log(
      `dashboard: ${members} members and ${2 * members} queue entries seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const ledger = new Ledger(db, new ProjectionRunner(ALL_PROJECTIONS));
    const matchStarted = performance.now();
    let links = 0;
    for (;;) {
      const result = await runMatching(
        ledger,
        { actor: { kind: 'system', id: 'bench-dashboard' }, correlationId: 'bench-dashboard-matching' },
        { maxLinks: 1_000_000 },
      );
      links += result.links;
      if (result.links === 0) break;
    }
    const matchMs = performance.now() - matchStarted;
    log(`dashboard: ${links} links made by runMatching in ${(matchMs / 1000).toFixed(1)} s`);

    // What stays waiting: `waiting` PH entries (no GH entry is left to match them), then the measured member's, last.
    const later = new Date(Date.now() - 600_000).toISOString();
    await db.execute(entriesSql('g'), ['PH', 'w', FIRST_UID, ENTRY_PAISE, later, 0, waiting - 1]);
    await db.execute(
      `insert into queue_entries (id, side, uid, amount_paise, remaining_paise, source, source_id, since)
       values ('ph-dash-member', 'PH', $1, $2::bigint, $2::bigint, 'help-request', 'dash-member', now())`,
      [MEMBER_UID, ENTRY_PAISE],
    );
    await db.execute('analyze');
    const [week] = await db.query(
      `select (select count(*)::int from help_links where created_at > now() - interval '7 days') as links,
              (select count(*)::int from members) as members,
              (select count(*)::int from queue_entries where remaining_paise > 0) as waiting`,
    );
    return { links, matchMs, week };
  } finally {
    await db.dataSource.destroy();
  }
}

/** The dashboard's closed loops for the member: `clients` clients, then one. */
export async function measure({ origin, token, clients = 16, durationMs = 5000, slices = 2, log = () => {} }) {
  const target = {
    origin,
    path: '/api/userDashboard',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ uid: MEMBER_UID }),
  };
  const result = {};
  for (const concurrency of [clients, 1]) {
    await closedLoop({ ...target, clients: concurrency, durationMs: Math.min(2000, durationMs / 2) }); // warm-up
    const runs = [];
    for (let slice = 0; slice < slices; slice++)
      runs.push(await closedLoop({ ...target, clients: concurrency, durationMs }));
    const r = {
      rps: runs.reduce((a, x) => a + x.rps, 0) / runs.length,
      p50: Math.max(...runs.map((x) => x.p50)),
      p99: Math.max(...runs.map((x) => x.p99)),
      errors: runs.reduce((a, x) => a + x.errors, 0),
    };
    log(
      `dashboard: ${concurrency} client(s): ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`,
    );
    result[concurrency === 1 ? 'one' : 'many'] = r;
  }
  return result;
}

/** The member's dashboard figures (to show the grown database is what the dashboard reads). */
export async function figures({ origin, token }) {
  const answer = await fetch(`${origin}/api/userDashboard`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ uid: MEMBER_UID }),
  }).then((r) => r.json());
  const [row] = answer;
  return `matchedLinks7d ${row.matchedLinks7d}, phQueueCount ${row.phQueueCount}, myPhQueuePosition ${row.myPhQueuePosition}`;
}

/** The table and verdict: demo database against the grown one. */
export function report({ demo, grown, clients }) {
  const fmt = (r) =>
    `${r.rps.toFixed(0).padStart(7)}${`${r.p50.toFixed(1)} ms`.padStart(11)}${`${r.p99.toFixed(1)} ms`.padStart(11)}${String(r.errors).padStart(8)}`;
  const lines = [
    `${'database'.padEnd(10)}${'clients'.padStart(8)}${'req/s'.padStart(7)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'errors'.padStart(8)}`,
  ];
  for (const [name, r] of [
    ['demo', demo],
    ['grown', grown],
  ]) {
    lines.push(`${name.padEnd(10)}${String(clients).padStart(8)}${fmt(r.many)}`);
    lines.push(`${name.padEnd(10)}${'1'.padStart(8)}${fmt(r.one)}`);
  }
  const ratio = grown.many.rps / demo.many.rps;
  const p99 = grown.one.p99;
  const errors = demo.many.errors + demo.one.errors + grown.many.errors + grown.one.errors;
  lines.push(
    `rate grown ÷ demo (${clients} clients): ${ratio.toFixed(2)} (target ≥ ${TARGET_RATE_RATIO}); p99 on the grown database, one client: ${p99.toFixed(1)} ms (target < ${TARGET_P99_MS} ms); with ${clients} clients ${grown.many.p99.toFixed(1)} ms`,
  );
  const pass = ratio >= TARGET_RATE_RATIO && p99 < TARGET_P99_MS && errors === 0;
  lines.push(pass ? 'PASS' : 'BELOW TARGET');
  return { text: lines.join('\n'), verdict: pass ? 'PASS' : 'BELOW TARGET' };
}
