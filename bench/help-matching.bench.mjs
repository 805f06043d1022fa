// Matching (issue 11, baseline of issue 22 §4): links per second when a run matches BENCH_MATCH_SIZE
// waiting PH entries against as many GH entries (default 100,000 × 100,000, one link each), next to
// the fair baseline on the same server in the same run: the same link rows (copied from the run's
// help_links) written into a table with help_links' indexes and checks, plus the two queue-entry
// updates per link (a copy of queue_entries as seeded), in set-based statements, MATCH_BATCH links per
// transaction as the run's, without events or postings — so the ratio is the ledger's own cost. The
// baseline runs twice: alone, and beside as many readers as the matching run had (decision 0054: the
// ratio compares the two under the same read load; the ratio against the lone baseline is printed
// too). The old baseline (a plain multi-row INSERT into an unindexed table) is printed for context. While the
// matching run works, a worker thread (as an API process would be) reads members' userDashboard (the
// controller's five queries, in process) and PhList and prints their p50/p99 (target p99 < 200 ms);
// and the dashboard's PH log p99 for a member with 1,000 links after the run.
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
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { profileStatements } from './topup-income.bench.mjs';
import { resetStatements, statementsTable, topStatements } from './pg-statements.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

export const TARGET_RATIO = 0.25;
const HEAVY_LINKS = 1000;
const SEED_CHUNK = 10_000;
const INSERT_BATCH = 500;
/** Readers in the reader thread during the matching run (each: userDashboard, then PhList, for a random member). */
/** Reader loops beside the run (BENCH_MATCH_READERS; 0: matching alone). */
export const READERS = 4;
export const READ_TARGET_P99_MS = 200;

export const DIST_FILES = [
  'dist/modules/help/commands/run-matching/run-matching.js',
  'dist/modules/help/queries/member-links/member-links.query.js',
  'dist/modules/identity/queries/member-queries.js',
  'dist/modules/network/network.module.js',
  'dist/modules/wallet/wallet.module.js',
  'dist/modules/help/queries/queue/queue.query.js',
  'dist/modules/support/support.module.js',
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
      'modules/identity/queries/member-queries.js',
      'modules/network/network.module.js',
      'modules/wallet/wallet.module.js',
      'modules/help/queries/queue/queue.query.js',
      'modules/support/support.module.js',
    ].map((p) => require(path.join(ROOT, 'dist', p))),
  );
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * The reader thread: READERS loops, each reading a random member's userDashboard (the five queries
 * MemberController.dashboard runs, in parallel, as it does) and then their PhList ('open', the
 * dashboard's PH log), on its own pool, until told to stop; then it posts every latency.
 */
async function readerMain({ appUrl, first, count, readers }) {
  const d = loadDist();
  const db = new d.Database(
    await d
      .createDataSource(appUrl, { poolSize: Math.max(1, readers * 2), applicationName: 'sahyog-bench-reader' })
      .initialize(),
  );
  const members = new d.MemberQueries(db);
  const network = new d.NetworkQueries(db);
  const wallet = new d.WalletQueries(db);
  const queue = new d.QueueQuery(db);
  const support = new d.SupportQueries(db);
  const dashboard = (uid) =>
    Promise.all([
      members.dashboard(uid),
      network.dashboard(uid),
      wallet.summary(uid),
      queue.member(uid),
      support.contactAdminUrl(),
    ]);
  let stopping = false;
  parentPort.on('message', (m) => {
    if (m === 'stop') stopping = true;
  });
  const times = { dashboard: [], phList: [] };
  const reader = async () => {
    while (!stopping) {
      const uid = String(first + Math.floor(Math.random() * count));
      let t0 = performance.now();
      await dashboard(uid);
      times.dashboard.push(performance.now() - t0);
      t0 = performance.now();
      await d.phList(db, uid, 'open');
      times.phList.push(performance.now() - t0);
    }
  };
  parentPort.postMessage({ type: 'ready' });
  await Promise.all(Array.from({ length: readers }, reader));
  await db.dataSource.destroy();
  parentPort.postMessage({ type: 'times', times });
}

if (!isMainThread && workerData?.role === 'sahyog-bench-matching-reader') {
  readerMain(workerData).catch((error) =>
    parentPort.postMessage({ type: 'error', error: error?.stack ?? String(error) }),
  );
}

/** Starts the reader thread; `stop()` resolves with its latencies (sorted). */
async function startReaders(appUrl, first, count, readers) {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { role: 'sahyog-bench-matching-reader', appUrl, first, count, readers },
  });
  let settle;
  const done = new Promise((resolve, reject) => {
    settle = { resolve, reject };
    worker.on('error', reject);
  });
  const ready = new Promise((resolve) => {
    worker.on('message', (m) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'times') settle.resolve(m.times);
      else if (m.type === 'error') settle.reject(new Error(`reader thread: ${m.error}`));
    });
  });
  await Promise.race([ready, done]);
  return {
    async stop() {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      for (const list of Object.values(times)) list.sort((a, b) => a - b);
      return times;
    },
  };
}

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

export async function run({
  ownerUrl,
  appUrl,
  size = 100_000,
  profile = false,
  pgStatements = false,
  readers = READERS,
  log = () => {},
}) {
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

    // The fair baseline's queue: the seeded entries, before the run consumes them (each baseline run copies it).
    await owner.execute('create unlogged table bench_fair_seed as select * from queue_entries');

    const ledger = new Ledger(app, new ProjectionRunner(ALL_PROJECTIONS));
    const profiler = profile ? profileStatements(Tx, () => true) : null;
    if (pgStatements) await resetStatements(owner);
    const readerThread = await startReaders(appUrl, senders, size, readers);
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
    const reads = await readerThread.stop();
    profiler?.restore();
    // the matching run and the readers beside it (their statements are listed apart)
    const statements = pgStatements ? await topStatements(owner, 20) : null;

    // The fair baseline (issue 22 §4): the run's own link rows, staged (untimed) in link order, then
    // written MATCH_BATCH per transaction into a table with help_links' indexes and checks, each
    // transaction also taking the links' amounts off both queue entries — set-based, no events, no postings.
    await owner.execute(
      `create unlogged table bench_fair_source as
         select row_number() over (order by created_position, id) as n, * from help_links`,
    );
    await owner.execute('create unique index on bench_fair_source (n)');
    await owner.execute('grant select on bench_fair_source to public');
    await owner.execute('analyze bench_fair_source');
    const [{ columns }] = await owner.query(
      `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
         from information_schema.columns where table_schema = current_schema() and table_name = 'help_links'`,
    );
    // One run of the fair baseline into its own copies of the queue (as seeded) and of help_links' shape.
    const fairRun = async (tag) => {
      const queue = `bench_fair_queue_${tag}`;
      const target = `bench_fair_links_${tag}`;
      await owner.execute(`create table ${queue} (like queue_entries including all)`);
      await owner.execute(`insert into ${queue} select * from bench_fair_seed`);
      await owner.execute(`create table ${target} (like help_links including all)`);
      await owner.execute(`grant select, update on ${queue} to public`);
      await owner.execute(`grant select, insert on ${target} to public`);
      await owner.execute(`analyze ${queue}`);
      const fairStarted = performance.now();
      for (let from = 0; from < links; from += MATCH_BATCH) {
        await app.transaction(async (tx) => {
          await tx.execute(
            `with l as (select * from bench_fair_source where n > $1 and n <= $2),
                  ins as (insert into ${target} (${columns}) select ${columns} from l returning 1),
                  ph as (update ${queue} q set remaining_paise = q.remaining_paise - s.amount
                           from (select ph_entry_id as id, sum(amount_paise) as amount from l group by 1) s
                          where q.id = s.id returning 1),
                  gh as (update ${queue} q set remaining_paise = q.remaining_paise - s.amount
                           from (select gh_entry_id as id, sum(amount_paise) as amount from l group by 1) s
                          where q.id = s.id returning 1)
             select (select count(*) from ins) + (select count(*) from ph) + (select count(*) from gh) as n`,
            [from, from + MATCH_BATCH],
          );
        });
      }
      const ms = performance.now() - fairStarted;
      const [fairCheck] = await owner.query(
        `select (select count(*)::int from ${target}) as links,
                (select count(*)::int from ${queue} f join queue_entries q using (id) where f.remaining_paise <> q.remaining_paise) as differing`,
      );
      if (fairCheck.links !== links || fairCheck.differing !== 0)
        throw new Error(
          `fair baseline: ${fairCheck.links} links (run: ${links}), ${fairCheck.differing} queue entries left unlike the run's`,
        );
      return ms;
    };
    // Alone, then (when the run had readers) beside as many readers as the run had, so that the ratio
    // compares the two under the same read load (decision 0054).
    const fairAloneMs = await fairRun('alone');
    let fairMs = fairAloneMs;
    let readsDuringBaseline = null;
    if (readers > 0) {
      const baselineReaders = await startReaders(appUrl, senders, size, readers);
      fairMs = await fairRun('beside');
      readsDuringBaseline = await baselineReaders.stop();
    }

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
      fairMs,
      fairPerSecond: (links / fairMs) * 1000,
      fairAloneMs,
      fairAlonePerSecond: (links / fairAloneMs) * 1000,
      readsDuringBaseline,
      reads,
      linksPerSecond: (links / matchMs) * 1000,
      logP50: percentile(latencies, 50),
      logP99: percentile(latencies, 99),
      logRows: Math.min(HEAVY_LINKS, DASHBOARD_LOG_ROWS),
      allP50: percentile(allLatencies, 50),
      allP99: percentile(allLatencies, 99),
      profile: profiler ? profiler.rows() : [],
      statements,
      readers,
    };
  } finally {
    await app.dataSource.destroy();
    await owner.dataSource.destroy();
  }
}

export function report(r) {
  const ratio = r.linksPerSecond / r.fairPerSecond;
  const readP99 = (list) => percentile(list, 99);
  const readsOk = ['dashboard', 'phList'].every(
    (k) => r.reads[k].length > 0 && readP99(r.reads[k]) < READ_TARGET_P99_MS,
  );
  const verdict = ratio >= TARGET_RATIO && readsOk ? 'PASS' : 'BELOW TARGET';
  const readLine = (label, list) =>
    `${label} ${list.length} reads: p50 ${percentile(list, 50)?.toFixed(1)} ms, p99 ${readP99(list)?.toFixed(1)} ms (target p99 < ${READ_TARGET_P99_MS} ms)`;
  const lines = [
    `waiting: ${r.size} PH × ${r.size} GH (+1 PH of ${HEAVY_LINKS} links' worth against ${HEAVY_LINKS} GH); runs of ${r.batch} links per transaction`,
    `matching        ${r.links} links in ${(r.matchMs / 1000).toFixed(1)} s = ${r.linksPerSecond.toFixed(0)} links/s (${r.waitingAfter} entries still waiting)`,
    `fair baseline   ${r.links} links in ${(r.fairMs / 1000).toFixed(1)} s = ${r.fairPerSecond.toFixed(0)} links/s (same rows into help_links' indexes + both queue-entry updates, ${r.batch} per transaction, set-based${r.readers > 0 ? `; beside ${r.readers} readers, as the matching run` : ''})`,
    ...(r.readers > 0
      ? [
          `  alone         ${r.links} links in ${(r.fairAloneMs / 1000).toFixed(1)} s = ${r.fairAlonePerSecond.toFixed(0)} links/s (no readers; context: matching beside readers ÷ this = ${(r.linksPerSecond / r.fairAlonePerSecond).toFixed(3)})`,
        ]
      : []),
    `plain INSERT    ${r.rows} rows in ${(r.plainMs / 1000).toFixed(1)} s = ${r.plainPerSecond.toFixed(0)} rows/s (${INSERT_BATCH} per transaction, unindexed; context only: ratio ${(r.linksPerSecond / r.plainPerSecond).toFixed(3)})`,
    `ratio           ${ratio.toFixed(3)} (matching ÷ fair baseline, both ${r.readers > 0 ? `beside ${r.readers} readers` : 'alone'}; target ≥ ${TARGET_RATIO})  ${ratio >= TARGET_RATIO ? 'PASS' : 'BELOW TARGET'}`,
    `during the run, ${r.readers} readers in another thread, random members${r.readers === 0 ? ' (none: matching alone, BENCH_MATCH_READERS=0)' : ''}:`,
    readLine('  userDashboard (its 5 queries)', r.reads.dashboard),
    readLine('  PhList (open)                ', r.reads.phList),
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
  if (r.statements) lines.push(statementsTable(r.statements, r.links, 'link (the readers beside the run included)'));
  return { text: lines.join('\n'), verdict };
}
