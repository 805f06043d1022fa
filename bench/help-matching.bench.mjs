// Matching (issue 11): links per second when a run matches BENCH_MATCH_SIZE waiting PH entries against
// as many GH entries (default 100,000 × 100,000, one link each), next to a plain multi-row INSERT of
// the same number of rows (shaped like help_links, 500 rows per transaction, as a run's transactions)
// on the same server in the same run; and the dashboard's PH log p99 for a member with 1,000 links.
//
// Plain ESM, the code under test from the compiled `dist/`. The members and queue entries are seeded
// with plain SQL (not through the ledger): seeding is not what is measured, and the matching run
// only reads the `members` and `queue_entries` rows. The run is the real `runMatching` (advisory
// lock, locked reads of both sides, `decideMatching`, one `HelpLinksCreated` per transaction projected
// in a few set-based statements, COMMIT in the same write). BENCH_PROFILE=1 adds up the
// client-observed time of each statement of the run (the wrapper costs a little, so it is off by default).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { profileStatements } from './topup-income.bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

export const TARGET_RATIO = 0.25;
const HEAVY_LINKS = 1000;
const SEED_CHUNK = 10_000;
const INSERT_BATCH = 500;

export const DIST_FILES = [
  'dist/modules/help/commands/run-matching/run-matching.js',
  'dist/modules/help/queries/member-links/member-links.query.js',
];

/** The code under test, from `dist/`: every module's exports in one object. */
function loadDist() {
  require('reflect-metadata');
  return Object.assign(
    {},
    ...[
      'platform/db/database.js',
      'platform/ledger.js',
      'platform/projections/projection.js',
      'modules/projections.js',
      'modules/help/commands/run-matching/run-matching.js',
      'modules/help/queries/member-links/member-links.query.js',
      'platform/db/pipelined-tx.js',
    ].map((p) => require(path.join(ROOT, 'dist', p))),
  );
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** `n` members from uid `first` on (registered, Active), in chunks of plain multi-row INSERTs. */
async function seedMembers(db, first, n) {
  for (let from = 0; from < n; from += SEED_CHUNK) {
    const count = Math.min(SEED_CHUNK, n - from);
    await db.execute(
      `insert into members (uid, name, email, mobile, country_id, city, state, upi_number, status, registered_at, version)
       select lpad((($1::int + g))::text, 6, '0'), 'Bench Member ' || g, 'bench' || g || '@example.com', '9' || lpad(g::text, 9, '0'), 101, 'Pune', 'Maharashtra', 'bench' || g || '@upi', 'Active', now(), 1
         from generate_series($2::int, $3::int) g`,
      [first, from, from + count - 1],
    );
  }
}

/** Queue entries of `side` for members first..first+n-1, each `paise`, oldest in uid order. */
async function seedEntries(db, side, first, n, paise, sinceBase) {
  for (let from = 0; from < n; from += SEED_CHUNK) {
    const count = Math.min(SEED_CHUNK, n - from);
    await db.execute(
      `insert into queue_entries (id, side, uid, amount_paise, remaining_paise, source, source_id, since)
       select lower($1) || '-bench-' || lpad((($2::int + g))::text, 7, '0'), $1, lpad((($2::int + g))::text, 6, '0'), $3::bigint, $3::bigint,
              case when $1 = 'PH' then 'help-request' else 'ph-completed' end, 'bench-' || g, $6::timestamptz + make_interval(secs => g)
         from generate_series($4::int, $5::int) g`,
      [side, first, paise, from, from + count - 1, sinceBase],
    );
  }
}

export async function run({ ownerUrl, appUrl, size = 100_000, profile = false, log = () => {} }) {
  const {
    createDataSource,
    Database,
    Ledger,
    ProjectionRunner,
    ALL_PROJECTIONS,
    runMatching,
    MATCH_BATCH,
    phList,
    DASHBOARD_LOG_ROWS,
    Tx,
  } = loadDist();
  const owner = new Database(await createDataSource(ownerUrl, { poolSize: 2 }).initialize());
  const app = new Database(await createDataSource(appUrl, { poolSize: 4 }).initialize());
  try {
    const [server] = await owner.query(
      "select current_setting('server_version') as version, current_setting('fsync') as fsync, current_setting('synchronous_commit') as synchronous_commit, current_setting('shared_buffers') as shared_buffers",
    );
    // Members: the heavy sender (uid 100001), its 1,000 receivers, then `size` senders and `size` receivers.
    const seedStarted = performance.now();
    const heavy = 100_001;
    const heavyReceivers = heavy + 1;
    const senders = heavyReceivers + HEAVY_LINKS;
    const receivers = senders + size;
    if (receivers + size > 999_999) throw new Error('BENCH_MATCH_SIZE too large for 6-digit uids');
    await seedMembers(owner, heavy, 1 + HEAVY_LINKS + 2 * size);
    const base = '2026-01-01T00:00:00Z';
    await seedEntries(owner, 'PH', heavy, 1, 500_000n * BigInt(HEAVY_LINKS), '2025-12-31T00:00:00Z');
    await seedEntries(owner, 'GH', heavyReceivers, HEAVY_LINKS, 500_000n, '2025-12-31T00:00:00Z');
    await seedEntries(owner, 'PH', senders, size, 500_000n, base);
    await seedEntries(owner, 'GH', receivers, size, 500_000n, base);
    await owner.execute('analyze');
    const seedMs = performance.now() - seedStarted;
    log(
      `seeded ${1 + HEAVY_LINKS + 2 * size} members and ${2 * (size + HEAVY_LINKS) - HEAVY_LINKS + 1} queue entries in ${(seedMs / 1000).toFixed(1)} s`,
    );

    // The baseline first (a cold table for both): plain multi-row INSERTs of as many rows, INSERT_BATCH per transaction.
    await owner.execute('create table bench_plain_links (like help_links including defaults)');
    await owner.execute('grant insert, select on bench_plain_links to public');
    const rows = size + HEAVY_LINKS;
    const plainStarted = performance.now();
    for (let from = 0; from < rows; from += INSERT_BATCH) {
      const count = Math.min(INSERT_BATCH, rows - from);
      await app.transaction(async (tx) => {
        await tx.execute(
          `insert into bench_plain_links (id, ph_entry_id, gh_entry_id, sender_uid, receiver_uid, sender_name, sender_mobile, receiver_name, receiver_mobile,
             amount_paise, state, bank_name, branch, ifsc, accountnumber, holder, gpay, deadline, created_at, manual, version, created_position)
           select 'HL' || lpad(($1::int + g)::text, 12, '0'), 'ph-x', 'gh-x', '100001', '100002', 'Sender', '9000000000', 'Receiver', '9000000001',
                  500000, 'Pending', '', '', '', '', 'Receiver', 'r@upi', now() + interval '24 hours', now(), false, 1, 1
             from generate_series(0, $2::int - 1) g`,
          [from, count],
        );
      });
    }
    const plainMs = performance.now() - plainStarted;

    const ledger = new Ledger(app, new ProjectionRunner(ALL_PROJECTIONS));
    const profiler = profile ? profileStatements(Tx, () => true) : null;
    const started = performance.now();
    let links = 0;
    for (;;) {
      const result = await runMatching(
        ledger,
        { actor: { kind: 'system', id: 'bench' }, correlationId: 'bench-matching' },
        { maxLinks: 1_000_000 },
      );
      links += result.links;
      if (result.links === 0) break;
    }
    const matchMs = performance.now() - started;
    profiler?.restore();

    // The dashboard's PH log (PhList: the newest DASHBOARD_LOG_ROWS open links) and the whole pending
    // list (PhListAll type 1: all 1,000) for the member with 1,000 open links.
    const timed = async (which, expected) => {
      const latencies = [];
      for (let i = 0; i < 20; i++) await phList(app, String(heavy), which);
      for (let i = 0; i < 200; i++) {
        const t0 = performance.now();
        const rows = await phList(app, String(heavy), which);
        latencies.push(performance.now() - t0);
        if (rows.length !== expected) throw new Error(`PH list ${which} has ${rows.length} rows, expected ${expected}`);
      }
      return latencies.sort((a, b) => a - b);
    };
    const latencies = await timed('open', Math.min(HEAVY_LINKS, DASHBOARD_LOG_ROWS));
    const allLatencies = await timed(1, HEAVY_LINKS);
    const [{ waiting }] = await app.query(
      'select count(*)::int as waiting from queue_entries where remaining_paise > 0',
    );
    return {
      server,
      size,
      rows,
      links,
      waitingAfter: waiting,
      batch: MATCH_BATCH,
      seedMs,
      plainMs,
      matchMs,
      plainPerSecond: (rows / plainMs) * 1000,
      linksPerSecond: (links / matchMs) * 1000,
      logP50: percentile(latencies, 50),
      logP99: percentile(latencies, 99),
      logRows: Math.min(HEAVY_LINKS, DASHBOARD_LOG_ROWS),
      allP50: percentile(allLatencies, 50),
      allP99: percentile(allLatencies, 99),
      profile: profiler ? profiler.rows() : [],
    };
  } finally {
    await app.dataSource.destroy();
    await owner.dataSource.destroy();
  }
}

export function report(r) {
  const ratio = r.linksPerSecond / r.plainPerSecond;
  const verdict = ratio >= TARGET_RATIO ? 'PASS' : 'BELOW TARGET';
  const lines = [
    `waiting: ${r.size} PH × ${r.size} GH (+1 PH of ${HEAVY_LINKS} links' worth against ${HEAVY_LINKS} GH); runs of ${r.batch} links per transaction`,
    `matching        ${r.links} links in ${(r.matchMs / 1000).toFixed(1)} s = ${r.linksPerSecond.toFixed(0)} links/s (${r.waitingAfter} entries still waiting)`,
    `plain INSERT    ${r.rows} rows in ${(r.plainMs / 1000).toFixed(1)} s = ${r.plainPerSecond.toFixed(0)} rows/s (${INSERT_BATCH} per transaction)`,
    `ratio           ${ratio.toFixed(3)} (target ≥ ${TARGET_RATIO})  ${verdict}`,
    `PH log (PhList, dashboard: newest ${r.logRows}), member with ${HEAVY_LINKS} open links: p50 ${r.logP50.toFixed(1)} ms, p99 ${r.logP99.toFixed(1)} ms (200 reads)`,
    `PH pending list (PhListAll type 1: all ${HEAVY_LINKS}): p50 ${r.allP50.toFixed(1)} ms, p99 ${r.allP99.toFixed(1)} ms (200 reads)`,
  ];
  if (r.profile.length) {
    // Per matching transaction (links ÷ batch of them); pipelined statements overlap, so they may add up to more than the whole.
    const txs = Math.ceil(r.links / r.batch);
    lines.push(
      `statement profile, client-observed, per transaction (${txs} transactions, ${(r.matchMs / txs || 0).toFixed(1)} ms each):`,
    );
    for (const row of r.profile.slice(0, 12))
      lines.push(
        `  ${(row.ms / txs).toFixed(2).padStart(8)} ms  ${(row.calls / txs).toFixed(2).padStart(6)}×  ${row.sql}`,
      );
  }
  return { text: lines.join('\n'), verdict };
}
