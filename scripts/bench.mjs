#!/usr/bin/env node
// `npm run bench`: the ledger benchmarks in bench/ (see bench/README.md).
//
// Builds the API when dist/ is missing or older than src/ or migrations/, starts a throwaway
// PostgreSQL in a temp dir on a free port (or uses BENCH_DATABASE_URL), creates a fresh
// database per benchmark, runs the migrations, runs the benchmarks, prints the results and
// stops/removes what it started. Exits non-zero only on errors: the target ratio is reported,
// not asserted.
//
// `web` builds the API and both web apps (npm run build), starts its own PostgreSQL, Redis and the
// API serving the builds on free ports, migrates + seeds, and runs Lighthouse in Debian's Chromium
// (installed through apt when missing and root) on /, /login and a signed-in /dashboard.
//
// Environment:
//   BENCH_ONLY           comma-separated benchmarks to run: event-append, topup-income, help-matching, team, deep, replay, web, storm, dashboard (default all)
//   BENCH_MATCH_SIZE     help-matching: waiting PH entries and as many GH entries (default 100000); BENCH_MATCH_READERS
//                        reader loops beside the run (default 4; 0: matching alone)
//   BENCH_TEAM_SIZE      team: members below the root (default 899999, every 6-digit uid); BENCH_TEAM_VIA_LEDGER
//                        of them (default 2000) through the ledger, BENCH_TEAM_READS reads per call (default 300)
//   BENCH_DEEP_MEMBERS   deep: members in all (default 100000), one chain of BENCH_DEEP_DEPTH (default 5000) among them;
//                        BENCH_DEEP_ROUNDS registrations and first top-ups at the chain's end and as many at a bushy leaf
//                        (default 50 each), BENCH_DEEP_READS reads per call (default 50); BENCH_DEEP_EXPLAIN=1 prints
//                        the plan of the bounded candidate's batch totals
//   BENCH_DATABASE_URL   owner/superuser URL of an existing server; a database
//                        sahyog_bench_<random> is created on it and dropped afterwards
//                        (BENCH_KEEP_DATABASE=1: kept, to inspect it)
//   BENCH_DURATION_MS    measured window per workload (default 5000)
//   BENCH_WARMUP_MS      warm-up per workload, not measured (default 1000)
//   BENCH_CONCURRENCY    comma-separated list (default 1,8,32)
//   BENCH_SLICES         plain and append alternate in this many slices each (default 2)
//   BENCH_HOT=0          skip the 8-shared-streams variant
//   BENCH_FAST_COMMIT=1  throwaway server only: fsync=off, synchronous_commit=off (CPU-bound);
//                        the default keeps PostgreSQL's durable defaults
//   BENCH_SKIP_BUILD=1   use dist/ as it is (web: use the three builds as they are)
//   BENCH_REPLAY_EVENTS  replay: events in the generated ledger (default 1000000); BENCH_REPLAY_SIZES the sizes
//                        replayed as it grows (default a quarter, then all); BENCH_REPLAY_CHECK the events of the
//                        correctness round (default 20000, 0: none); BENCH_REPLAY_VERIFY=1 signs checkpoints and verifies;
//                        BENCH_REPLAY_DATA=<dir> keeps the throwaway server there with each generated ledger (one
//                        database per size), and the next run with the same BENCH_REPLAY_EVENTS and sizes replays them
//                        without generating again (its correctness round is skipped); BENCH_REPLAY_SETTINGS
//                        name=value,… PostgreSQL settings each replay lane sets over replay's own (to measure them)
//   BENCH_WEB_REPORTS    web: a directory to write each page's full Lighthouse result (JSON) into
//   BENCH_WEB_TRACES=1   web: with BENCH_WEB_REPORTS, also write each run's Chromium trace (<page>-<run>.trace.json)
//   BENCH_WEB_RUNS (3)   web: Lighthouse runs per page (round after round); the table shows each run and the medians
//   BENCH_WEB_TIMINGS=0  web: skip the shell/content timings under the slow 3G and 2G profiles (bench/web-timing.mjs)
//   BENCH_WEB_TIMING_RUNS (1) web: timing rounds (every page, profile, cold and warm once per round)
//   BENCH_WEB_PROFILES   web: comma-separated timing profiles, `slow 3G` and/or `2G` (default both)
//   BENCH_WEB_WATERFALL=1 web: print each timed load's requests (start, end, bytes, from the service worker)
//   BENCH_WEB_TIMING_PAGES web: comma-separated paths of the pages to time: /, /login, /signup, /dashboard (default all)
//   BENCH_WEB_LIGHTHOUSE=0 web: skip Lighthouse
//   BENCH_WEB_PAGES      web: comma-separated paths of the pages to measure (default all: /,/login,/dashboard)
//   BENCH_STORM_MEMBERS (2000) storm: distinct members, one session each (login, userDashboard, PhList, GhList,
//                        UserNews); BENCH_STORM_CLIENTS (32) concurrent clients; BENCH_STORM_PROCESSES API_PROCESSES
//                        of the storm's API (default one per core); then userDashboard and /api/health/live against a
//                        Fastify hello-world with as many processes (BENCH_STORM_TP_CLIENTS, default 16, clients;
//                        BENCH_DURATION_MS per slice, BENCH_SLICES rounds; BENCH_STORM_THROUGHPUT=0 skips it)
//   BENCH_STORM_WORKER=0 storm: no worker process beside the API (default: one, as `npm run up` runs it; its peak RSS printed)
//   BENCH_STORM_MEMORY=1 storm: also split the largest API process's RSS (V8's spaces, Buffers, the rest) from its /metrics
//   BENCH_API_NODE_ARGS  storm, dashboard: Node/V8 flags for the API's (and the worker's) processes only, e.g. --trace-gc
//   BENCH_DASHBOARD_MEMBERS (100000) dashboard: members added to the demo database, and as many links made today
//                        by the real matching; BENCH_DASHBOARD_WAITING (20000) PH entries left waiting; the demo
//                        root's userDashboard before and after (BENCH_STORM_TP_CLIENTS clients, then one;
//                        BENCH_DURATION_MS per slice, BENCH_SLICES slices; API_PROCESSES as for storm)
// topup-income only:
//   BENCH_TREE_SIZE      members in the seeded tree (default 100000)
//   BENCH_TOPUPS         top-ups in the measured run, warm-up included (default 6000)
//   BENCH_TOPUP_CONCURRENCY  top-up workers and baseline clients (default 8)
//   BENCH_SEED_PARALLEL  seeding transactions in flight (default 4)
//   BENCH_TOPUP_INCOME=0 diagnosis: top-ups without the relay and income processors (no lag)
//   BENCH_PROFILE=1      topup-income, help-matching: also time every statement client-side (costs CPU in the measured run)
//   BENCH_PG_EXPLAIN=<duration> throwaway server only: auto_explain (analyze) logs the plans of statements slower than
//                        it (e.g. 20ms) to the server's log, copied to $TMPDIR/sahyog-bench-pg-explain.log at the end
//   BENCH_PG_STATEMENTS=1 throwaway server only; topup-income, help-matching: load pg_stat_statements and print the
//                        statements with the most server time in the measured run (per top-up / per link)
// (BENCH_DURATION_MS, BENCH_WARMUP_MS, BENCH_CONCURRENCY, BENCH_SLICES, BENCH_HOT: event-append only)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { ROOT, c, log, freePort, runOrThrow, UserError, waitForHttp } from './lib/util.mjs';
import { startPostgres, pgQuery, pgUrl, ensureDatabase } from './lib/postgres.mjs';
import { startRedis } from './lib/redis.mjs';
import { startService } from './lib/supervise.mjs';
import { ensureAptPackage } from './lib/apt.mjs';
import { HEAP_FLAGS } from './lib/heap-flags.mjs';
import { DIST_FILES as TOPUP_DIST_FILES } from '../bench/topup-income.bench.mjs';
import { DIST_FILES as MATCHING_DIST_FILES } from '../bench/help-matching.bench.mjs';
import { DIST_FILES as TEAM_DIST_FILES } from '../bench/team.bench.mjs';
import { DIST_FILES as DEEP_DIST_FILES } from '../bench/deep.bench.mjs';
import { DIST_FILES as REPLAY_DIST_FILES } from '../bench/replay.bench.mjs';
import { DIST_FILES as STORM_DIST_FILES } from '../bench/storm.bench.mjs';
import { DIST_FILES as DASHBOARD_DIST_FILES } from '../bench/dashboard.bench.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
const TAG = 'bench';

const env = process.env;
const intEnv = (name, fallback) => {
  const v = env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UserError(`${name} must be a non-negative integer, got ${v}`);
  return n;
};

/** What the benchmarks load from dist/: the ledger core, and each benchmark's own files. */
const DIST_NEEDED = [
  ...new Set([
    'dist/platform/db/database.js',
    'dist/platform/db/pipelined-tx.js',
    'dist/platform/db/migrate.js',
    'dist/platform/event-store/event-store.js',
    'dist/platform/errors.js',
    'dist/migrations/index.js',
    ...TOPUP_DIST_FILES,
    ...MATCHING_DIST_FILES,
    ...TEAM_DIST_FILES,
    ...DEEP_DIST_FILES,
    ...REPLAY_DIST_FILES,
    ...STORM_DIST_FILES,
    ...DASHBOARD_DIST_FILES,
    'dist/main.js',
  ]),
];

function newestMtime(dir, accept) {
  let newest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (accept(entry.name)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

async function ensureBuilt() {
  const files = DIST_NEEDED.map((f) => path.join(ROOT, f));
  const present = files.every((f) => fs.existsSync(f));
  if (env.BENCH_SKIP_BUILD === '1') {
    if (!present) throw new UserError('BENCH_SKIP_BUILD=1 but dist/ is incomplete: run `npm run build:api`');
    return;
  }
  const isSource = (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts');
  const sourceTime = Math.max(
    newestMtime(path.join(ROOT, 'src'), isSource),
    newestMtime(path.join(ROOT, 'migrations'), isSource),
  );
  const builtTime = present ? Math.min(...files.map((f) => fs.statSync(f).mtimeMs)) : 0;
  if (present && builtTime >= sourceTime) {
    log(TAG, 'dist/ is up to date');
    return;
  }
  log(
    TAG,
    present ? 'dist/ is older than src/: running npm run build:api' : 'dist/ is missing: running npm run build:api',
  );
  try {
    await runOrThrow('npm', ['run', '--silent', 'build:api'], { prefix: 'build:api', timeoutMs: 5 * 60_000 });
  } catch (error) {
    if (!DIST_NEEDED.every((f) => fs.existsSync(path.join(ROOT, f)))) throw error;
    log(TAG, c.yellow(`build failed (${error.message}); benchmarking the existing dist/ instead`));
  }
}

/**
 * The server the benchmarks run on: { describe, createDatabase(tag), cleanup() }; each benchmark
 * gets a fresh database with the schema: { ownerUrl, appUrl, describe, drop() }.
 */
async function prepareServer() {
  const { migrate } = require(path.join(ROOT, 'dist/platform/db/migrate.js'));
  const migrations = [path.join(ROOT, 'dist', 'migrations', '[0-9]*.js')];
  const appPassword = crypto.randomBytes(12).toString('hex');

  if (env.BENCH_DATABASE_URL) {
    const adminUrl = env.BENCH_DATABASE_URL;
    const created = new Set();
    const dropDb = async (name) => {
      if (env.BENCH_KEEP_DATABASE === '1') {
        log(TAG, `BENCH_KEEP_DATABASE=1: database ${name} kept`);
        created.delete(name);
        return;
      }
      await pgQuery(adminUrl, `drop database if exists ${name} with (force)`).catch((e) =>
        log(TAG, c.yellow(`could not drop ${name}: ${e.message}`)),
      );
      created.delete(name);
    };
    const createDatabase = async () => {
      const name = `sahyog_bench_${crypto.randomBytes(4).toString('hex')}`;
      await pgQuery(adminUrl, `create database ${name}`);
      created.add(name);
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      const ownerUrl = u.toString();
      const drop = () => dropDb(name);
      try {
        // migrate() (re)sets the application role's password: never do that to a role that exists
        // on someone else's server (or that we created for an earlier benchmark of this run with
        // another password). Then run the migrations alone and benchmark as the owner.
        const [role] = await pgQuery(adminUrl, `select 1 from pg_roles where rolname = 'sahyog_app'`);
        if (role.rowCount && !createDatabase.roleIsOurs) {
          const { DataSource } = require('typeorm');
          const ds = new DataSource({
            type: 'postgres',
            url: ownerUrl,
            migrations,
            migrationsTableName: 'schema_migrations',
            logging: false,
          });
          await ds.initialize();
          try {
            await ds.runMigrations({ transaction: 'each' });
          } finally {
            await ds.destroy();
          }
          return { ownerUrl, appUrl: ownerUrl, describe: `BENCH_DATABASE_URL, database ${name}, as the owner`, drop };
        }
        await migrate(ownerUrl, appPassword, migrations);
        createDatabase.roleIsOurs = true;
        u.username = 'sahyog_app';
        u.password = appPassword;
        return {
          ownerUrl,
          appUrl: u.toString(),
          describe: `BENCH_DATABASE_URL, database ${name}, as sahyog_app`,
          drop,
        };
      } catch (error) {
        await drop();
        throw error;
      }
    };
    const cleanup = async () => {
      for (const name of [...created]) await dropDb(name);
    };
    return { describe: 'BENCH_DATABASE_URL', createDatabase, cleanup };
  }

  // BENCH_REPLAY_DATA: the server's directory is kept (and reused by the next run), so that the
  // replay benchmark's generated ledger survives the run; its password lives beside the data.
  const kept = env.BENCH_REPLAY_DATA ? path.resolve(env.BENCH_REPLAY_DATA) : null;
  if (kept) fs.mkdirSync(kept, { recursive: true, mode: 0o700 });
  const tmp = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-bench-'));
  const fast = env.BENCH_FAST_COMMIT === '1';
  let server;
  const cleanup = async () => {
    if (server) await server.stop();
    if (env.BENCH_PG_EXPLAIN && fs.existsSync(path.join(tmp, 'pg.log'))) {
      fs.copyFileSync(path.join(tmp, 'pg.log'), path.join(os.tmpdir(), 'sahyog-bench-pg-explain.log'));
      log(
        TAG,
        `BENCH_PG_EXPLAIN: the server's log with the plans is ${path.join(os.tmpdir(), 'sahyog-bench-pg-explain.log')}`,
      );
    }
    if (!kept) fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    const passwordFile = path.join(tmp, 'password');
    const password =
      kept && fs.existsSync(passwordFile)
        ? fs.readFileSync(passwordFile, 'utf8').trim()
        : crypto.randomBytes(12).toString('hex');
    if (kept) fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    server = await startPostgres({
      dataDir: path.join(tmp, 'pg'),
      logFile: path.join(tmp, 'pg.log'),
      port,
      password,
      throwaway: fast,
      tag: 'postgres',
      // server-side time per statement (topup-income, help-matching print the largest): the extension's own cost is small
      settings: [
        ...(env.BENCH_PG_STATEMENTS === '1' || env.BENCH_PG_EXPLAIN
          ? [
              `shared_preload_libraries=${[env.BENCH_PG_STATEMENTS === '1' ? 'pg_stat_statements' : null, env.BENCH_PG_EXPLAIN ? 'auto_explain' : null].filter(Boolean).join(',')}`,
            ]
          : []),
        ...(env.BENCH_PG_STATEMENTS === '1' ? ['pg_stat_statements.track=all'] : []),
        // plans of the slow statements, with their row counts and times, into the server's log (copied out at the end)
        ...(env.BENCH_PG_EXPLAIN
          ? [
              `auto_explain.log_min_duration=${env.BENCH_PG_EXPLAIN}`,
              'auto_explain.log_analyze=on',
              'auto_explain.log_nested_statements=on',
            ]
          : []),
      ],
    });
    const createDatabase = async (tag) => {
      const database = `sahyog_bench_${tag.replace(/[^a-z0-9]/g, '_')}`;
      // the replay benchmark's databases (its ledgers) stay on a kept server; the others go as usual
      const keep = kept !== null && tag === 'replay';
      const [found] = await pgQuery(server.url('postgres'), `select 1 from pg_database where datname = '${database}'`);
      if (!(keep && found.rowCount)) await pgQuery(server.url('postgres'), `create database ${database}`);
      const ownerUrl = pgUrl({ port, password, database });
      await migrate(ownerUrl, appPassword, migrations);
      const appUrl = pgUrl({ port, password: appPassword, user: 'sahyog_app', database });
      if (keep)
        return {
          ownerUrl,
          appUrl,
          serverUrl: server.url('postgres'),
          kept: true,
          describe: `kept server in ${kept} on 127.0.0.1:${port}${fast ? ' (fsync=off, synchronous_commit=off)' : ''}, database ${database} (kept)`,
          drop: async () => {},
        };
      const drop = () =>
        pgQuery(server.url('postgres'), `drop database if exists ${database} with (force)`).then(
          () => {},
          (e) => log(TAG, c.yellow(`could not drop ${database}: ${e.message}`)),
        );
      return {
        ownerUrl,
        appUrl,
        describe: `throwaway server on 127.0.0.1:${port}${fast ? ' (fsync=off, synchronous_commit=off)' : ''}, database ${database}, as sahyog_app`,
        drop,
      };
    };
    return { describe: `throwaway server on 127.0.0.1:${port}`, createDatabase, cleanup };
  } catch (error) {
    await cleanup().catch(() => {});
    throw error;
  }
}

const BENCHMARKS = [
  'event-append',
  'topup-income',
  'help-matching',
  'team',
  'deep',
  'replay',
  'web',
  'storm',
  'dashboard',
];
/**
 * Issue 22 §5 for the parts that run the product's code inside the bench's own process (the top-ups'
 * steps with the relay and the income processors in a worker thread; matching with its readers): the
 * process's peak RSS so far (getrusage's maxrss; it includes the part's seeding).
 */
const benchProcessRss = (what) => {
  const peak = process.resourceUsage().maxRSS * 1024;
  const verdict = peak < 300 * 1024 * 1024 ? 'PASS' : 'BELOW TARGET';
  return `bench process peak RSS so far (${what}): ${(peak / 1024 / 1024).toFixed(0)} MB (target < 300 MB) — ${verdict}`;
};
/**
 * This process's RSS sampled every 200 ms, peak per phase; the part's own log lines move the phase on
 * (`phaseOf(message)` → a phase's name, or null to stay): { onLog(message), text() }.
 */
function phasedRss(first, phaseOf) {
  let phase = first;
  const peaks = new Map();
  const sample = () => peaks.set(phase, Math.max(peaks.get(phase) ?? 0, process.memoryUsage.rss()));
  const timer = setInterval(sample, 200);
  return {
    onLog(message) {
      sample();
      phase = phaseOf(message) ?? phase;
    },
    text() {
      clearInterval(timer);
      sample();
      return [...peaks].map(([name, peak]) => `${name} ${(peak / 1024 / 1024).toFixed(0)} MB`).join(', ');
    },
  };
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function runEventAppend(db) {
  const concurrencies = (env.BENCH_CONCURRENCY || '1,8,32').split(',').map((s) => Number(s.trim()));
  if (concurrencies.some((n) => !Number.isInteger(n) || n < 1))
    throw new UserError(`BENCH_CONCURRENCY must list positive integers, got ${env.BENCH_CONCURRENCY}`);
  const durationMs = intEnv('BENCH_DURATION_MS', 5000);
  const warmupMs = intEnv('BENCH_WARMUP_MS', 1000);
  const slices = Math.max(1, intEnv('BENCH_SLICES', 2));
  const hot = env.BENCH_HOT !== '0';
  const bench = await import('../bench/event-append.bench.mjs');
  const sizes = bench.payloadBytes();
  log(TAG, `event-append: ${db.describe}`);
  const loadBefore = load();
  log(
    TAG,
    `${os.cpus().length} CPUs, node ${process.version}; per workload and concurrency ${durationMs} ms measured in ${slices} alternating slice(s) after ${warmupMs} ms warm-up; payload ${sizes.payload} B + metadata ${sizes.metadata} B`,
  );
  const result = await bench.run({
    ownerUrl: db.ownerUrl,
    appUrl: db.appUrl,
    concurrencies,
    warmupMs,
    durationMs,
    slices,
    hot,
    log: (msg) => log(TAG, msg),
  });
  const s = result.server;
  console.log('');
  console.log(c.bold('event append vs plain INSERT (one event / one row per transaction, committed)'));
  console.log(
    c.dim(
      `PostgreSQL ${s.version}, fsync=${s.fsync}, synchronous_commit=${s.synchronous_commit}, shared_buffers=${s.shared_buffers}, ${s.eventIndexes} indexes on events, pool ${result.poolSize}; ${os.cpus().length} CPUs, load average ${loadBefore} before, ${load()} after`,
    ),
  );
  const { text, verdict } = bench.report(result);
  console.log(
    verdict ? text.replace(/(PASS|BELOW TARGET)$/, verdict === 'PASS' ? c.green(verdict) : c.yellow(verdict)) : text,
  );
  console.log('');
}

async function runTopupIncome(db) {
  const treeSize = intEnv('BENCH_TREE_SIZE', 100_000);
  const topups = intEnv('BENCH_TOPUPS', 6000);
  const concurrency = intEnv('BENCH_TOPUP_CONCURRENCY', 8);
  const seedParallel = Math.max(1, intEnv('BENCH_SEED_PARALLEL', 4));
  if (concurrency < 1 || topups < concurrency * 4)
    throw new UserError('BENCH_TOPUP_CONCURRENCY must be >= 1 and BENCH_TOPUPS at least 4 per worker');
  const bench = await import('../bench/topup-income.bench.mjs');
  log(TAG, `topup-income: ${db.describe}`);
  const loadBefore = load();
  log(
    TAG,
    `${os.cpus().length} CPUs, node ${process.version}; tree of ${treeSize} members, ${topups} top-ups at concurrency ${concurrency}, seeding ${seedParallel} transactions in parallel`,
  );
  const income = env.BENCH_TOPUP_INCOME !== '0';
  const profile = env.BENCH_PROFILE === '1';
  const rss = phasedRss('seeding', (message) =>
    message.startsWith('top-ups:') ? 'top-ups with income' : message.startsWith('baseline') ? 'baseline' : null,
  );
  const result = await bench.run({
    ownerUrl: db.ownerUrl,
    appUrl: db.appUrl,
    treeSize,
    topups,
    concurrency,
    seedParallel,
    income,
    profile,
    pgStatements: env.BENCH_PG_STATEMENTS === '1',
    log: (msg) => {
      rss.onLog(msg);
      log(TAG, msg);
    },
  });
  const s = result.server;
  console.log('');
  console.log(
    c.bold(
      `top-ups with ${bench.INCOME_LEVELS}-level income vs a pgbench-style TPC-B-like script (same server, same run, same number of commits)`,
    ),
  );
  console.log(
    c.dim(
      `PostgreSQL ${s.version}, fsync=${s.fsync}, synchronous_commit=${s.synchronous_commit}, shared_buffers=${s.shared_buffers}; ${os.cpus().length} CPUs, load average ${loadBefore} before, ${load()} after`,
    ),
  );
  const { text, verdict } = bench.report(result);
  console.log(
    verdict ? text.replace(/(PASS|BELOW TARGET)$/, verdict === 'PASS' ? c.green(verdict) : c.yellow(verdict)) : text,
  );
  console.log(benchProcessRss("the top-ups' steps, and the relay and income processors in a worker thread"));
  console.log(`bench process peak RSS by phase: ${rss.text()}`);
  console.log('');
}

/** Runs bench/<name>.bench.mjs on `db` with `args` and prints its report under `title`. */
async function runAndReport(db, name, title, args, rssOf = null) {
  const bench = await import(`../bench/${name}.bench.mjs`);
  log(TAG, `${name}: ${db.describe}`);
  const loadBefore = load();
  const result = await bench.run({ ownerUrl: db.ownerUrl, appUrl: db.appUrl, ...args, log: (msg) => log(TAG, msg) });
  const s = result.server;
  console.log('');
  console.log(c.bold(title));
  console.log(
    c.dim(
      `PostgreSQL ${s.version}, fsync=${s.fsync}, synchronous_commit=${s.synchronous_commit}, shared_buffers=${s.shared_buffers}; ${os.cpus().length} CPUs, load average ${loadBefore} before, ${load()} after`,
    ),
  );
  const { text, verdict } = bench.report(result);
  console.log(text.replace(/(PASS|BELOW TARGET)$/m, verdict === 'PASS' ? c.green(verdict) : c.yellow(verdict)));
  if (rssOf) console.log(benchProcessRss(rssOf));
  console.log('');
}

function runHelpMatching(db) {
  return runAndReport(
    db,
    'help-matching',
    "matching runs vs the same links written set-based into help_links' indexes with both queue-entry updates (same server, same run), reads during the run",
    {
      size: intEnv('BENCH_MATCH_SIZE', 100_000),
      profile: env.BENCH_PROFILE === '1',
      pgStatements: env.BENCH_PG_STATEMENTS === '1',
      readers: intEnv('BENCH_MATCH_READERS', 4),
    },
    'the matching runs, and the readers in a worker thread',
  );
}

function runTeam(db) {
  return runAndReport(
    db,
    'team',
    'team reports for the root of a large tree vs a primary-key lookup (same server, same run)',
    {
      size: intEnv('BENCH_TEAM_SIZE', 899_999),
      viaLedger: intEnv('BENCH_TEAM_VIA_LEDGER', 2000),
      reads: Math.max(10, intEnv('BENCH_TEAM_READS', 300)),
    },
  );
}

function runDeep(db) {
  return runAndReport(
    db,
    'deep',
    "a deep network: one long chain among the members — writes at the chain's end, team reports, bytes per member (issue 22 §7)",
    {
      members: intEnv('BENCH_DEEP_MEMBERS', 100_000),
      depth: intEnv('BENCH_DEEP_DEPTH', 5000),
      rounds: Math.max(10, intEnv('BENCH_DEEP_ROUNDS', 50)),
      reads: Math.max(10, intEnv('BENCH_DEEP_READS', 50)),
      explain: env.BENCH_DEEP_EXPLAIN === '1',
    },
  );
}

function runReplay(db) {
  const events = intEnv('BENCH_REPLAY_EVENTS', 1_000_000);
  const sizes = (env.BENCH_REPLAY_SIZES || `${Math.floor(events / 4)},${events}`)
    .split(',')
    .map((x) => Number(x.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > events))
    throw new UserError(
      `BENCH_REPLAY_SIZES must list sizes from 1 to BENCH_REPLAY_EVENTS (${events}), got ${env.BENCH_REPLAY_SIZES}`,
    );
  return runAndReport(
    db,
    'replay',
    'ledger replay (rebuild every projection) vs a plain INSERT … SELECT of as many rows into one table (same server, same run)',
    {
      events,
      sizes,
      check: intEnv('BENCH_REPLAY_CHECK', 20_000),
      verify: env.BENCH_REPLAY_VERIFY === '1',
      serverUrl: db.kept ? db.serverUrl : null,
      settings: Object.fromEntries(
        (env.BENCH_REPLAY_SETTINGS ?? '')
          .split(',')
          .filter((x) => x.trim())
          .map((x) => {
            const [name, value] = x.split('=').map((y) => y.trim());
            if (!/^[a-z_.]+$/.test(name ?? '') || !value)
              throw new UserError(`BENCH_REPLAY_SETTINGS: name=value pairs, comma-separated; got ${x}`);
            return [name, value];
          }),
      ),
    },
  );
}

/**
 * The web benchmark: build everything, start PostgreSQL, Redis and the API (which serves both
 * builds) in a temp dir on free ports, seed the demo members, then Lighthouse.
 */
async function runWeb() {
  const chromePath = await ensureAptPackage('chromium', 'chromium');
  if (env.BENCH_SKIP_BUILD !== '1') {
    log(TAG, 'web: npm run build (API and both web apps)');
    await runOrThrow('npm', ['run', '--silent', 'build'], { prefix: 'build', timeoutMs: 10 * 60_000 });
  }
  for (const f of ['dist/main.js', 'member-web/dist/index.html', 'admin-web/dist/index.html'])
    if (!fs.existsSync(path.join(ROOT, f))) throw new UserError(`${f} is missing: run \`npm run build\``);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-bench-web-'));
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => log(TAG, c.yellow(`cleanup: ${e.message}`)));
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const password = crypto.randomBytes(12).toString('hex');
    const pg = await startPostgres({
      dataDir: path.join(tmp, 'pg'),
      logFile: path.join(tmp, 'pg.log'),
      port: await freePort(),
      password,
      throwaway: true,
      tag: 'postgres',
    });
    stops.push(() => pg.stop());
    const redis = await startRedis({
      dataDir: path.join(tmp, 'redis'),
      port: await freePort(),
      throwaway: true,
      tag: 'redis',
    });
    stops.push(() => redis.stop());
    await ensureDatabase(pg.url('postgres'), 'sahyog_bench_web');
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const apiEnv = {
      ...env,
      DATABASE_URL: pg.url('sahyog_bench_web'),
      REDIS_URL: redis.url(0),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      LEDGER_SIGNING_KEY: crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
      AUDITOR_REDACTION_SALT: crypto.randomBytes(24).toString('hex'),
    };
    delete apiEnv.NODE_ENV; // as the browser tests run it (production would want a mail server)
    delete apiEnv.APP_DATABASE_URL;
    delete apiEnv.LEDGER_SIGNING_KEY_FILE;
    delete apiEnv.LEDGER_RETIRED_PUBLIC_KEYS_FILE;
    for (const cli of ['migrate', 'seed'])
      await runOrThrow(process.execPath, [`dist/cli/${cli}.js`], { env: apiEnv, prefix: cli, timeoutMs: 5 * 60_000 });
    const logStream = fs.createWriteStream(path.join(tmp, 'api.log'));
    const api = startService('api', process.execPath, ['dist/main.js', '--role=api'], { env: apiEnv, logStream });
    stops.push(async () => {
      await api.stop();
      logStream.end();
    });
    // Live, not ready: this API runs without a worker, so its relay lag only grows (readiness would fail).
    await waitForHttp(`${baseUrl}/api/health/live`, { timeoutMs: 120_000, isAlive: api.alive });
    log(TAG, `web: API serving the builds on ${baseUrl}; ${os.cpus().length} CPUs, load average ${load()}`);
    if (env.BENCH_WEB_TIMINGS !== '0') {
      const timing = await import('../bench/web-timing.mjs');
      const timingRuns = Math.max(1, intEnv('BENCH_WEB_TIMING_RUNS', 1));
      const timings = await timing.runTimings({
        baseUrl,
        chromePath,
        member: { uid: '100001', password: 'Member@123' },
        log: (msg) => log(TAG, msg),
        runs: timingRuns,
        profiles: timing.chooseProfiles(env.BENCH_WEB_PROFILES),
        pages: timing.chooseTimingPages(env.BENCH_WEB_TIMING_PAGES),
        waterfall: env.BENCH_WEB_WATERFALL === '1',
      });
      console.log('');
      console.log(
        c.bold(
          `web: time to the shell (FCP) and to the content, 390×844, 4x CPU, cold and warm; ${timingRuns} run(s), medians`,
        ),
      );
      const { text, verdict } = timing.reportTimings(timings);
      console.log(text.replace(/(PASS|BELOW TARGET)$/, verdict === 'PASS' ? c.green(verdict) : c.yellow(verdict)));
      console.log('');
    }
    if (env.BENCH_WEB_LIGHTHOUSE === '0') return;
    const bench = await import('../bench/web.bench.mjs');
    const runs = Math.max(1, intEnv('BENCH_WEB_RUNS', 3));
    const pages = bench.choosePages(env.BENCH_WEB_PAGES);
    const results = await bench.run({
      pages,
      baseUrl,
      chromePath,
      member: { uid: '100001', password: 'Member@123' },
      log: (msg) => log(TAG, msg),
      reportDir: env.BENCH_WEB_REPORTS ? path.resolve(env.BENCH_WEB_REPORTS) : undefined,
      runs,
      loadAverage: load,
    });
    console.log('');
    console.log(
      c.bold(
        `web: Lighthouse 12, mobile preset (simulated slow 4G, 4x CPU slowdown), Chromium ${chromePath}; ${runs} run(s) per page, medians`,
      ),
    );
    console.log(c.dim(`load average ${load()} after`));
    const { text, verdict } = bench.report(results);
    console.log(text.replace(/(PASS|BELOW TARGET)$/, verdict === 'PASS' ? c.green(verdict) : c.yellow(verdict)));
    console.log('');
  } finally {
    await stopAll();
  }
}

/**
 * PostgreSQL, Redis and the API as `npm run up` runs them (API_PROCESSES, default one per core, on one
 * port), each on a free port in a temp dir, with TRUST_PROXY=loopback so that a client's
 * X-Forwarded-For is its address: migrate, the demo seed, then `beforeApi(apiEnv)` (seeding that
 * must come before the API starts), then the API. `stops` ends everything in reverse order.
 */
async function startApiStack(name, { beforeApi = async () => {}, worker: withWorker = false } = {}) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `sahyog-bench-${name}-`));
  const stops = [async () => fs.rmSync(tmp, { recursive: true, force: true })];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e) => log(TAG, c.yellow(`cleanup: ${e.message}`)));
  };
  try {
    const password = crypto.randomBytes(12).toString('hex');
    const pg = await startPostgres({
      dataDir: path.join(tmp, 'pg'),
      logFile: path.join(tmp, 'pg.log'),
      port: await freePort(),
      password,
      throwaway: true,
      tag: 'postgres',
    });
    stops.push(() => pg.stop());
    const redis = await startRedis({
      dataDir: path.join(tmp, 'redis'),
      port: await freePort(),
      throwaway: true,
      tag: 'redis',
    });
    stops.push(() => redis.stop());
    const database = `sahyog_bench_${name}`;
    await ensureDatabase(pg.url('postgres'), database);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const processes = intEnv('BENCH_STORM_PROCESSES', os.availableParallelism());
    const commitmentKeyHex = crypto.randomBytes(32).toString('hex');
    const apiEnv = {
      ...env,
      DATABASE_URL: pg.url(database),
      REDIS_URL: redis.url(0),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      LEDGER_SIGNING_KEY: crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
      AUDITOR_REDACTION_SALT: crypto.randomBytes(24).toString('hex'),
      CREDENTIAL_COMMITMENT_KEY: commitmentKeyHex,
      API_PROCESSES: String(Math.max(1, processes)),
      // Only this bench's API trusts X-Forwarded-For, and only from loopback: the bench's clients are on 127.0.0.1.
      TRUST_PROXY: 'loopback',
    };
    delete apiEnv.NODE_ENV;
    delete apiEnv.APP_DATABASE_URL;
    delete apiEnv.LEDGER_SIGNING_KEY_FILE;
    delete apiEnv.LEDGER_RETIRED_PUBLIC_KEYS_FILE;
    delete apiEnv.CREDENTIAL_COMMITMENT_KEY_FILE;
    for (const cli of ['migrate', 'seed'])
      await runOrThrow(process.execPath, [`dist/cli/${cli}.js`], { env: apiEnv, prefix: cli, timeoutMs: 5 * 60_000 });
    await beforeApi({ apiEnv, commitmentKeyHex });
    const logStream = fs.createWriteStream(path.join(tmp, 'api.log'));
    // BENCH_API_NODE_ARGS: Node or V8 flags for the API's processes only (the cluster's processes inherit them), to measure them.
    const nodeArgs = (env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const api = startService('api', process.execPath, [...nodeArgs, 'dist/main.js', '--role=api'], {
      env: apiEnv,
      logStream,
    });
    stops.push(async () => {
      await api.stop();
      logStream.end();
    });
    await waitForHttp(`${baseUrl}/api/health/live`, { timeoutMs: 120_000, isAlive: api.alive });
    let worker = null;
    if (withWorker) {
      // The worker as `npm run up` runs it (the relay and the queues' processors), with the same flags.
      const workerPort = await freePort();
      const workerLog = fs.createWriteStream(path.join(tmp, 'worker.log'));
      const workerArgs = nodeArgs.length ? nodeArgs : HEAP_FLAGS;
      worker = startService('worker', process.execPath, [...workerArgs, 'dist/main.js', '--role=worker'], {
        env: { ...apiEnv, WORKER_HEALTH_PORT: String(workerPort) },
        logStream: workerLog,
      });
      stops.push(async () => {
        await worker.stop();
        workerLog.end();
      });
      await waitForHttp(`http://127.0.0.1:${workerPort}/health/live`, { timeoutMs: 120_000, isAlive: worker.alive });
    }
    // The cluster's processes answer live one by one: give the others their start.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { apiEnv, baseUrl, api, worker, stops, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `storm` (issue 22 §3, bench/storm.bench.mjs): the API stack (startApiStack) with the storm's
 * members written through the ledger before the API starts, then the storm, with the API processes'
 * RSS sampled throughout; then the throughput of issue 22 §2.
 */
async function runStorm() {
  await ensureBuilt();
  const storm = await import('../bench/storm.bench.mjs');
  const members = Math.max(1, intEnv('BENCH_STORM_MEMBERS', 2000));
  const stack = await startApiStack('storm', {
    beforeApi: ({ apiEnv, commitmentKeyHex }) =>
      storm.seed({ databaseUrl: apiEnv.DATABASE_URL, commitmentKeyHex, count: members, log: (m) => log(TAG, m) }),
    worker: env.BENCH_STORM_WORKER !== '0',
  });
  const { apiEnv, baseUrl, api, worker, stops } = stack;
  const workerRss = worker ? storm.watchRss(worker.pid) : null;
  try {
    const clients = Math.max(1, intEnv('BENCH_STORM_CLIENTS', 32));
    log(
      TAG,
      `storm: ${members} sessions, ${clients} clients, API_PROCESSES=${apiEnv.API_PROCESSES}; load average ${load()}`,
    );
    const rss = storm.watchRss(api.pid);
    const memory = env.BENCH_STORM_MEMORY === '1' ? storm.watchMemory(baseUrl) : null;
    const result = await storm.run({ baseUrl, count: members, clients, log: (m) => log(TAG, m) });
    const peak = rss.stop();
    const memoryPeak = await memory?.stop();
    console.log('');
    console.log(c.bold(`storm: ${members} members log in, then userDashboard, PhList, GhList, UserNews`));
    console.log(c.dim(`load average ${load()} after`));
    const { text, verdict } = storm.report(result, peak);
    console.log(text.replace(/(PASS|BELOW TARGET)$/, verdict === 'PASS' ? c.green(verdict) : c.yellow(verdict)));
    if (memory) console.log(storm.memoryLine(memoryPeak));
    console.log('');
    if (env.BENCH_STORM_THROUGHPUT === '0') return;
    // Issue 22 §2: userDashboard and /api/health/live against a Fastify hello-world with as many processes.
    const helloPort = await freePort();
    const hello = startService('hello', process.execPath, ['bench/hello-world.mjs'], {
      env: { ...process.env, PORT: String(helloPort), PROCESSES: apiEnv.API_PROCESSES },
    });
    stops.push(() => hello.stop());
    await waitForHttp(`http://127.0.0.1:${helloPort}/`, { timeoutMs: 30_000, isAlive: hello.alive });
    const tpClients = Math.max(1, intEnv('BENCH_STORM_TP_CLIENTS', 16));
    const tpRss = storm.watchRss(api.pid);
    const tpMemory = env.BENCH_STORM_MEMORY === '1' ? storm.watchMemory(baseUrl) : null;
    const tp = await storm.throughput({
      apiOrigin: baseUrl,
      helloOrigin: `http://127.0.0.1:${helloPort}`,
      clients: tpClients,
      sliceMs: Math.max(1000, intEnv('BENCH_DURATION_MS', 5000)),
      slices: Math.max(1, intEnv('BENCH_SLICES', 2)),
      log: (m) => log(TAG, m),
    });
    const tpPeak = tpRss.stop();
    const tpMemoryPeak = await tpMemory?.stop();
    console.log(c.bold('throughput: userDashboard and /api/health/live against a Fastify hello-world'));
    const tpReport = storm.throughputReport(tp, { clients: tpClients, processes: apiEnv.API_PROCESSES });
    console.log(
      tpReport.text.replace(
        /(PASS|BELOW TARGET)$/,
        tpReport.verdict === 'PASS' ? c.green(tpReport.verdict) : c.yellow(tpReport.verdict),
      ),
    );
    console.log(
      `API peak RSS under it: ${(tpPeak.peakPerProcess / 1024 / 1024).toFixed(0)} MB per process (target < ${storm.TARGET_RSS_MB} MB)`,
    );
    if (tpMemory) console.log(storm.memoryLine(tpMemoryPeak));
    console.log(c.dim(`load average ${load()} after`));
    console.log('');
  } finally {
    if (workerRss) console.log(storm.workerRssLine(workerRss.stop()));
    await stack.stop();
  }
}

/**
 * `dashboard` (issue 22 §6, bench/dashboard.bench.mjs): the API stack on the demo database; the
 * demo root's userDashboard measured; the database grown to BENCH_DASHBOARD_MEMBERS members and as
 * many links made today by the real matching (BENCH_DASHBOARD_WAITING PH entries left waiting); the
 * same dashboard measured again.
 */
async function runDashboard() {
  await ensureBuilt();
  const dashboard = await import('../bench/dashboard.bench.mjs');
  const storm = await import('../bench/storm.bench.mjs');
  const stack = await startApiStack('dashboard');
  const rss = storm.watchRss(stack.api.pid);
  try {
    const { apiEnv, baseUrl } = stack;
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.253' },
      body: JSON.stringify({ uid: dashboard.MEMBER_UID, password: dashboard.MEMBER_PASSWORD }),
    }).then((r) => r.json());
    if (!login.token) throw new Error(`dashboard: login of ${dashboard.MEMBER_UID} failed: ${JSON.stringify(login)}`);
    const clients = Math.max(1, intEnv('BENCH_STORM_TP_CLIENTS', 16));
    const options = {
      origin: baseUrl,
      token: login.token,
      clients,
      durationMs: Math.max(1000, intEnv('BENCH_DURATION_MS', 5000)),
      slices: Math.max(1, intEnv('BENCH_SLICES', 2)),
      log: (m) => log(TAG, m),
    };
    log(TAG, `dashboard: demo database (${await dashboard.figures(options)}); load average ${load()}`);
    const demo = await dashboard.measure(options);
    const grown = await dashboard.grow({
      databaseUrl: apiEnv.DATABASE_URL,
      members: Math.max(2, intEnv('BENCH_DASHBOARD_MEMBERS', 100_000)),
      waiting: intEnv('BENCH_DASHBOARD_WAITING', 20_000),
      log: (m) => log(TAG, m),
    });
    log(
      TAG,
      `dashboard: grown database: ${grown.week.members} members, ${grown.week.links} links in the last 7 days, ${grown.week.waiting} entries waiting (${await dashboard.figures(options)}); load average ${load()}`,
    );
    const after = await dashboard.measure(options);
    console.log('');
    console.log(
      c.bold(
        `dashboard: userDashboard of ${dashboard.MEMBER_UID}, demo database vs ${grown.week.members} members and ${grown.week.links} links in the last 7 days`,
      ),
    );
    console.log(c.dim(`API_PROCESSES=${apiEnv.API_PROCESSES}; load average ${load()} after`));
    const { text, verdict } = dashboard.report({ demo, grown: after, clients });
    console.log(text.replace(/(PASS|BELOW TARGET)$/, verdict === 'PASS' ? c.green(verdict) : c.yellow(verdict)));
    console.log(storm.rssLine('API', rss.stop()));
    console.log('');
  } finally {
    await stack.stop();
  }
}

async function main() {
  const only = (env.BENCH_ONLY || BENCHMARKS.join(','))
    .split(',')
    .map((x) => x.trim().replace(/\.bench\.mjs$/, ''))
    .filter(Boolean);
  const unknown = only.filter((name) => !BENCHMARKS.includes(name));
  if (unknown.length)
    throw new UserError(`BENCH_ONLY: unknown benchmark(s) ${unknown.join(', ')}; choose from ${BENCHMARKS.join(', ')}`);

  const started = Date.now();
  if (only.includes('web')) {
    await runWeb();
    console.log(c.dim(`web: ${((Date.now() - started) / 1000).toFixed(0)} s`));
  }
  if (only.includes('storm')) {
    const stormStarted = Date.now();
    await runStorm();
    console.log(c.dim(`storm: ${((Date.now() - stormStarted) / 1000).toFixed(0)} s`));
  }
  if (only.includes('dashboard')) {
    const dashboardStarted = Date.now();
    await runDashboard();
    console.log(c.dim(`dashboard: ${((Date.now() - dashboardStarted) / 1000).toFixed(0)} s`));
  }
  const ledger = BENCHMARKS.filter((b) => !['web', 'storm', 'dashboard'].includes(b) && only.includes(b));
  if (ledger.length === 0) return 0;
  await ensureBuilt();
  const server = await prepareServer();
  let interrupted = false;
  const onSignal = async () => {
    if (interrupted) return;
    interrupted = true;
    log(TAG, 'interrupted: cleaning up');
    await server.cleanup().catch(() => {});
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    for (const name of ledger) {
      const benchStarted = Date.now();
      const db = await server.createDatabase(name);
      try {
        if (name === 'event-append') await runEventAppend(db);
        else if (name === 'help-matching') await runHelpMatching(db);
        else if (name === 'team') await runTeam(db);
        else if (name === 'deep') await runDeep(db);
        else if (name === 'replay') await runReplay(db);
        else await runTopupIncome(db);
      } finally {
        if (!interrupted) await db.drop();
      }
      console.log(c.dim(`${name}: ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`));
    }
    console.log(c.dim(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (!interrupted) await server.cleanup();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`${c.red('bench failed:')} ${e instanceof UserError ? e.message : e.stack || e.message}`);
    process.exit(1);
  },
);
