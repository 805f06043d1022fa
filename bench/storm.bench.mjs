// A login storm (issue 22 §3, decision 0047): N distinct members (default 2,000) each log in, then
// call userDashboard, PhList, GhList and UserNews, from concurrent clients, each session with its own
// client address, against the API as `npm run up` runs it (API_PROCESSES processes on one port, the
// rate limits shared in Redis). Prints completed sessions, errors, p50/p99 per call, the whole
// storm's duration against its 60 s, and the API processes' peak RSS.
//
// Plain ESM. scripts/bench.mjs starts PostgreSQL, Redis and the API (dist/main.js) on free ports
// and calls `seed` then `run`.
//
//   seed   the N members below the root (each sponsored by an earlier one, five directs each: a real
//          tree's shape), written through the real Ledger and projections from dist/ — MemberRegistered
//          and the member's credential row with its commitment (storeMemberCredentials), as
//          registrationWeb writes them — with one argon2id hash of the storm's password computed once
//          and shared by every row (the hashing of N registrations is not what is measured; every
//          login still verifies its own row's hash).
//   run    BENCH_STORM_CLIENTS concurrent clients (default 32) take the next session until none is
//          left. A session presents its own address in X-Forwarded-For, which the API trusts from
//          loopback only because the bench starts it with TRUST_PROXY=loopback: the rate limiter
//          and the login turns key on the session's address, as they would on N phones.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'package.json'));

/** Issue 22 §3: every call's p99 under 1 s, the storm within 60 s, no errors. */
export const TARGET_P99_MS = 1000;
export const TARGET_STORM_MS = 60_000;
/** Issue 22 §5: each process under 300 MB. */
export const TARGET_RSS_MB = 300;
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

const ROOT_UID = '100000';
/** The storm's members are 200000, 200001, …: clear of the demo seed's 1000xx. */
const FIRST_UID = 200_000;
const FANOUT = 5;
export const STORM_PASSWORD = 'Storm@12345';
const SEED_PARALLEL = 4;

export const CALLS = ['login', 'userDashboard', 'PhList', 'GhList', 'UserNews'];

export const DIST_FILES = [
  'dist/modules/identity/credential-commitments.js',
  'dist/modules/identity/passwords.js',
  'dist/modules/identity/domain/member.events.js',
];

const uidOf = (index) => String(FIRST_UID + index);
const sponsorOf = (index) => (index < FANOUT ? ROOT_UID : uidOf(Math.floor(index / FANOUT) - 1));

/** The session's client address: 10.x.y.z, one per session. */
const addressOf = (index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** Writes `count` members with the storm's password through the ledger (see the header). */
export async function seed({ databaseUrl, commitmentKeyHex, count, log = () => {} }) {
  require('reflect-metadata');
  const dist = (p) => require(path.join(ROOT, 'dist', p));
  const { createDataSource, Database } = dist('platform/db/database.js');
  const { Ledger } = dist('platform/ledger.js');
  const { ProjectionRunner } = dist('platform/projections/projection.js');
  const { ALL_PROJECTIONS } = dist('modules/projections.js');
  const { storeMemberCredentials } = dist('modules/identity/credential-commitments.js');
  const { hashPassword } = dist('modules/identity/passwords.js');
  const { memberStream } = dist('modules/identity/domain/member.events.js');
  const dataSource = createDataSource(databaseUrl, {
    poolSize: SEED_PARALLEL + 1,
    applicationName: 'sahyog-bench-storm',
  });
  await dataSource.initialize();
  try {
    const ledger = new Ledger(new Database(dataSource), new ProjectionRunner(ALL_PROJECTIONS));
    const key = Buffer.from(commitmentKeyHex, 'hex');
    const hash = await hashPassword(STORM_PASSWORD);
    const started = performance.now();
    const register = async (index) => {
      const uid = uidOf(index);
      await ledger.run({ actor: { kind: 'system', id: 'bench-storm' }, correlationId: `storm-${uid}` }, async (tx) => {
        await tx.append(memberStream(uid), 0, [
          {
            type: 'MemberRegistered',
            payload: {
              uid,
              sponsorUid: sponsorOf(index),
              name: `Storm Member ${uid}`,
              email: `s${uid}@bench.sahyog.local`,
              mobile: `9${String(index).padStart(9, '0')}`,
              countryId: 101,
              city: 'Nashik',
              state: 'Maharashtra',
              upiNumber: `s${uid}@upi`,
              walletAddress: '',
              credentialVersion: 1,
            },
          },
        ]);
        await storeMemberCredentials(tx, key, {
          principal: uid,
          version: 1,
          passwordHash: hash,
          txnPasswordHash: hash,
        });
      });
    };
    // In waves: a member is written only after its sponsor committed (its closure rows are read by
    // the member-tree projection). Every member below FANOUT × (wave start + 1) has its sponsor before the wave.
    let next = 0;
    while (next < count) {
      const levelEnd = Math.min(count, FANOUT * (next + 1));
      const indexes = Array.from({ length: levelEnd - next }, (_, i) => next + i);
      const workers = Array.from({ length: SEED_PARALLEL }, async () => {
        for (let index = indexes.shift(); index !== undefined; index = indexes.shift()) await register(index);
      });
      await Promise.all(workers);
      next = levelEnd;
    }
    log(`storm: ${count} members written through the ledger in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await dataSource.destroy();
  }
}

/** The RSS (bytes) of `pid` and of every process below it (the API's cluster workers): { pid: rss }. */
function treeRss(pid) {
  const result = {};
  const visit = (p) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
      if (rss) result[p] = Number(rss[1]) * 1024;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return result;
}

/** Samples the RSS of the process tree at `pid` until stopped: { stop() → { peakPerProcess, peakTotal } }. */
export function watchRss(pid, everyMs = 200) {
  let peakPerProcess = 0;
  let peakTotal = 0;
  const sample = () => {
    const rss = Object.values(treeRss(pid));
    peakPerProcess = Math.max(peakPerProcess, ...rss, 0);
    peakTotal = Math.max(
      peakTotal,
      rss.reduce((a, b) => a + b, 0),
    );
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakPerProcess, peakTotal, processes: Object.keys(treeRss(pid)).length };
    },
  };
}

/** The default process metrics a memory sample reads from `/metrics` (prom-client), in bytes. */
const MEMORY_METRICS = {
  rss: /^process_resident_memory_bytes(?:\{[^}]*\})? (\S+)/m,
  heapTotal: /^nodejs_heap_size_total_bytes(?:\{[^}]*\})? (\S+)/m,
  heapUsed: /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m,
  external: /^nodejs_external_memory_bytes(?:\{[^}]*\})? (\S+)/m,
  newSpace: /^nodejs_heap_space_size_total_bytes\{[^}]*space="new"[^}]*\} (\S+)/m,
  oldSpace: /^nodejs_heap_space_size_total_bytes\{[^}]*space="old"[^}]*\} (\S+)/m,
  largeObjects: /^nodejs_heap_space_size_total_bytes\{[^}]*space="large_object"[^}]*\} (\S+)/m,
};

/**
 * Where an API process's memory is (BENCH_STORM_MEMORY=1): scrapes `origin`/metrics every `everyMs`
 * (each scrape answers from one of the cluster's processes) and keeps the sample with the largest RSS,
 * split into V8's heap (new space, old space, large objects), external memory (Buffers) and the rest
 * (code, stacks, malloc's arenas: argon2's blocks, pg's and Fastify's native buffers).
 */
export function watchMemory(origin, everyMs = 500) {
  let peak = null;
  let samples = 0;
  let pending = Promise.resolve();
  const sample = async () => {
    try {
      const text = await fetch(`${origin}/metrics`).then((r) => r.text());
      const values = Object.fromEntries(
        Object.entries(MEMORY_METRICS).map(([name, pattern]) => [name, Number(pattern.exec(text)?.[1] ?? NaN)]),
      );
      samples++;
      if (!peak || values.rss > peak.rss) peak = values;
    } catch {
      // the API is busy or stopping: the next sample counts
    }
  };
  const timer = setInterval(() => {
    pending = pending.then(sample);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      return peak && { ...peak, samples };
    },
  };
}

/** One line: the largest sampled process's RSS and where it is. */
export function memoryLine(peak) {
  if (!peak) return 'memory: no /metrics sample answered';
  const rest = peak.rss - peak.heapTotal - peak.external;
  return (
    `largest sampled process (${peak.samples} samples of /metrics): RSS ${mb(peak.rss)} MB = V8 heap ${mb(peak.heapTotal)} MB ` +
    `(new ${mb(peak.newSpace)}, old ${mb(peak.oldSpace)}, large objects ${mb(peak.largeObjects)}; used ${mb(peak.heapUsed)}) ` +
    `+ external ${mb(peak.external)} MB + the rest ${mb(rest)} MB (code, stacks, malloc arenas)`
  );
}

/** `<what> peak RSS: … MB per process (target < 300 MB) …` for a watchRss result (issue 22 §5). */
export function rssLine(what, peak) {
  const verdict = peak.peakPerProcess < TARGET_RSS_MB * 1024 * 1024 ? 'PASS' : 'BELOW TARGET';
  return `${what} peak RSS: ${mb(peak.peakPerProcess)} MB per process (target < ${TARGET_RSS_MB} MB), ${mb(peak.peakTotal)} MB over its ${peak.processes} process(es) — ${verdict}`;
}

/** The worker process's line: its peak from the storm's start to the end of the throughput loops. */
export const workerRssLine = (peak) => rssLine('worker (storm and throughput)', peak);

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/**
 * The storm: `count` sessions over `clients` concurrent clients against `baseUrl`. Each session logs
 * in with its member's password, then calls the four reads with its token, one after another.
 */
export async function run({ baseUrl, count, clients = 32, log = () => {} }) {
  const times = Object.fromEntries(CALLS.map((call) => [call, []]));
  const errors = [];
  let completed = 0;
  const post = async (call, address, body, token) => {
    const started = performance.now();
    let response;
    let answer;
    try {
      response = await fetch(`${baseUrl}/api/${call}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      answer = await response.json();
    } catch (error) {
      errors.push({ call, status: 'network', message: error.message });
      return null;
    }
    times[call].push(performance.now() - started);
    if (response.status !== 200) {
      errors.push({ call, status: response.status, message: JSON.stringify(answer).slice(0, 200) });
      return null;
    }
    return answer;
  };
  const session = async (index) => {
    const uid = uidOf(index);
    const address = addressOf(index);
    const login = await post('login', address, { uid, password: STORM_PASSWORD });
    if (!login) return;
    if (login.result !== 'Successfull' || !login.token) {
      errors.push({ call: 'login', status: 200, message: String(login.result).slice(0, 200) });
      return;
    }
    for (const call of CALLS.slice(1)) {
      const body = call === 'UserNews' ? { uid, type: '1' } : { uid };
      if (!(await post(call, address, body, login.token))) return;
    }
    completed++;
  };
  let next = 0;
  const started = performance.now();
  const progress = setInterval(() => log(`storm: ${completed}/${count} sessions, ${errors.length} errors`), 10_000);
  try {
    await Promise.all(
      Array.from({ length: Math.min(clients, count) }, async () => {
        for (let index = next++; index < count; index = next++) await session(index);
      }),
    );
  } finally {
    clearInterval(progress);
  }
  const elapsedMs = performance.now() - started;
  const perCall = CALLS.map((call) => {
    const sorted = [...times[call]].sort((a, b) => a - b);
    return { call, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
  });
  return { count, clients, completed, errors, elapsedMs, perCall };
}

/** Issue 22 §2: userDashboard ≥ 0.1 × the hello-world, /api/health/live ≥ 0.5 ×, same processes, same client. */
export const TARGET_DASHBOARD_RATIO = 0.1;
export const TARGET_LIVE_RATIO = 0.5;

/**
 * A closed loop of `clients` concurrent requests (one keep-alive connection each, undici's Pool, the
 * same client for every target) for `durationMs`: { rps, errors, p50, p99 }.
 */
export async function closedLoop({
  origin,
  path: target,
  method = 'GET',
  headers = {},
  body,
  clients = 16,
  durationMs = 5000,
}) {
  const { Pool } = require('undici');
  const pool = new Pool(origin, { connections: clients });
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const end = started + durationMs;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          const s = performance.now();
          try {
            const response = await pool.request({ path: target, method, headers, body });
            await response.body.text();
            if (response.statusCode === 200) latencies.push(performance.now() - s);
            else errors++;
          } catch {
            errors++;
          }
        }
      }),
    );
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/**
 * Throughput against the hello-world at `helloOrigin`, alternated in `slices` rounds (hello,
 * dashboard, live, …) so the machine's load weighs on each alike: userDashboard of `member` (a storm
 * member with a team below it) and /api/health/live.
 */
export async function throughput({ apiOrigin, helloOrigin, clients = 16, sliceMs = 5000, slices = 2, log = () => {} }) {
  const uid = uidOf(0);
  const address = '10.255.255.254';
  const login = await fetch(`${apiOrigin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ uid, password: STORM_PASSWORD }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`throughput: login of ${uid} failed: ${JSON.stringify(login)}`);
  const targets = {
    hello: { origin: helloOrigin, path: '/' },
    userDashboard: {
      origin: apiOrigin,
      path: '/api/userDashboard',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${login.token}`,
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ uid }),
    },
    live: { origin: apiOrigin, path: '/api/health/live' },
  };
  const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  for (let slice = 0; slice < slices; slice++)
    for (const [name, target] of Object.entries(targets)) {
      await closedLoop({ ...target, clients, durationMs: Math.min(1000, sliceMs / 5) }); // warm-up
      const r = await closedLoop({ ...target, clients, durationMs: sliceMs });
      runs[name].push(r);
      log(
        `throughput: ${name} slice ${slice + 1}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`,
      );
    }
  const sum = (name, key) => runs[name].reduce((a, r) => a + r[key], 0);
  const mean = (name) => sum(name, 'rps') / runs[name].length;
  const worstP99 = (name) => Math.max(...runs[name].map((r) => r.p99));
  return Object.fromEntries(
    Object.keys(targets).map((name) => [name, { rps: mean(name), p99: worstP99(name), errors: sum(name, 'errors') }]),
  );
}

/** The throughput table and verdict. */
export function throughputReport(result, { clients, processes }) {
  const hello = result.hello.rps;
  const lines = [
    `${processes} API process(es) and ${processes} hello-world process(es), ${clients} clients (closed loop, keep-alive)`,
    `${'target'.padEnd(15)}${'req/s'.padStart(9)}${'p99'.padStart(10)}${'errors'.padStart(8)}${'ratio'.padStart(8)}${'target'.padStart(9)}`,
  ];
  const goals = { hello: null, userDashboard: TARGET_DASHBOARD_RATIO, live: TARGET_LIVE_RATIO };
  let pass = true;
  for (const [name, r] of Object.entries(result)) {
    const ratio = r.rps / hello;
    const goal = goals[name];
    if (goal !== null && (ratio < goal || r.errors > 0)) pass = false;
    lines.push(
      `${name.padEnd(15)}${r.rps.toFixed(0).padStart(9)}${`${r.p99.toFixed(1)} ms`.padStart(10)}${String(r.errors).padStart(8)}` +
        `${ratio.toFixed(3).padStart(8)}${(goal === null ? '' : `≥ ${goal}`).padStart(9)}`,
    );
  }
  lines.push(pass ? 'PASS' : 'BELOW TARGET');
  return { text: lines.join('\n'), verdict: pass ? 'PASS' : 'BELOW TARGET' };
}

/** The storm's table and verdict. */
export function report(result, rss) {
  const lines = [];
  const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : '—');
  lines.push(
    `sessions completed ${result.completed}/${result.count} in ${(result.elapsedMs / 1000).toFixed(1)} s (target ≤ ${TARGET_STORM_MS / 1000} s), ` +
      `${result.clients} concurrent clients, errors ${result.errors.length}`,
  );
  lines.push(`${'call'.padEnd(15)}${'n'.padStart(7)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}`);
  for (const c of result.perCall)
    lines.push(
      `${c.call.padEnd(15)}${String(c.n).padStart(7)}${fmt(c.p50).padStart(10)}${fmt(c.p99).padStart(10)}${fmt(c.max).padStart(10)}`,
    );
  if (result.errors.length) {
    const kinds = new Map();
    for (const e of result.errors) {
      const k = `${e.call} ${e.status} ${e.message}`;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
    }
    for (const [k, n] of [...kinds].slice(0, 10)) lines.push(`  error ×${n}: ${k}`);
  }
  if (rss)
    lines.push(
      `API peak RSS: ${mb(rss.peakPerProcess)} MB per process (target < ${TARGET_RSS_MB} MB), ${mb(rss.peakTotal)} MB over its ${rss.processes} processes`,
    );
  const pass =
    result.errors.length === 0 &&
    result.completed === result.count &&
    result.elapsedMs <= TARGET_STORM_MS &&
    result.perCall.every((c) => c.p99 < TARGET_P99_MS) &&
    (!rss || rss.peakPerProcess < TARGET_RSS_MB * 1024 * 1024);
  lines.push(pass ? 'PASS' : 'BELOW TARGET');
  return { text: lines.join('\n'), verdict: pass ? 'PASS' : 'BELOW TARGET' };
}
