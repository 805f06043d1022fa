#!/usr/bin/env node
// `npm run up`: install what is missing, start PostgreSQL and Redis (or use DATABASE_URL /
// REDIS_URL), migrate, seed the demo network once, build, serve api + worker + both web apps,
// print the URLs and demo logins. Ctrl-C stops everything this script started, in order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, c, log, UserError, runOrThrow, waitForHttp, killCommands, portIsFree, preferredPort } from './lib/util.mjs';
import { ensureNodeModules, localDatabase, localLedgerEnv, localRedis, localSecrets } from './lib/local.mjs';
import { startService } from './lib/supervise.mjs';
import { BUILDS, inputHash, upToDate, writeStamp } from './lib/build-stamp.mjs';
import { pgQuery } from './lib/postgres.mjs';
import { HEAP_FLAGS } from './lib/heap-flags.mjs';

const PORT = Number(process.env.PORT || 3000);
const started = []; // { name, stop() } in start order; stopped in reverse
let shuttingDown = false;

async function shutdown(code, reason) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (reason) log('up', reason);
  for (const s of [...started].reverse()) {
    try { await s.stop(); } catch (e) { log('up', `stopping ${s.name}: ${e.message}`); }
  }
  log('up', code === 0 ? 'everything stopped. Bye.' : 'stopped.');
  process.exit(code);
}

let interrupts = 0;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    interrupts += 1;
    if (interrupts > 1) { log('up', 'second interrupt: killing now'); process.exit(130); } // exit hook kills children
    console.log('');
    killCommands('SIGTERM'); // an install, build, migration or seed still running
    shutdown(0, `${sig}: stopping api, worker, redis, postgres …`);
  });
}

const startedAt = Date.now();
function step(title) {
  console.log(`\n${c.bold(c.cyan('==>'))} ${c.bold(title)} ${c.dim(`(${((Date.now() - startedAt) / 1000).toFixed(1)} s)`)}`);
}

async function main() {
  const t0 = Date.now();
  if (!(await portIsFree(PORT, null))) {
    throw new UserError(`port ${PORT} is already in use (another Sahyog?). Stop it, or choose another port: PORT=3001 npm run up`);
  }
  step('Dependencies');
  await ensureNodeModules();
  const secrets = localSecrets();

  step('Build (api, member-web, admin-web)');
  if (process.env.SKIP_BUILD === '1' && fs.existsSync(path.join(ROOT, 'dist', 'main.js'))) {
    log('build', 'SKIP_BUILD=1: using the existing dist/ and web builds');
  } else {
    // Only what changed since its last build (a content hash of its inputs, scripts/lib/build-stamp.mjs).
    for (const build of BUILDS) {
      const hash = inputHash(build);
      if (process.env.FORCE_BUILD !== '1' && upToDate(build, hash)) {
        log(`build:${build.name}`, 'unchanged since its last build: skipped');
        continue;
      }
      const [cmd, args] = build.command;
      await runOrThrow(cmd, args, { prefix: `build:${build.name}` });
      writeStamp(build, hash);
    }
  }
  for (const f of ['dist/main.js', 'dist/cli/migrate.js', 'dist/cli/seed.js']) {
    if (!fs.existsSync(path.join(ROOT, f))) throw new UserError(`the build did not produce ${f}`);
  }

  step('PostgreSQL and Redis');
  const db = await localDatabase();
  if (db.server) started.push({ name: 'postgres', stop: () => db.server.stop() });
  else log('postgres', 'using DATABASE_URL');
  const redis = await localRedis();
  if (redis.server) started.push({ name: 'redis', stop: () => redis.server.stop() });
  else log('redis', 'using REDIS_URL');

  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    PORT: String(PORT),
    JWT_SECRET: process.env.JWT_SECRET || secrets.jwtSecret,
    // The worker's health and metrics: 9465 unless it is taken (then any free port).
    WORKER_HEALTH_PORT: process.env.WORKER_HEALTH_PORT || String(await preferredPort(9465)),
    ...localLedgerEnv(secrets),
  };

  step('Migrations');
  await runOrThrow(process.execPath, ['dist/cli/migrate.js'], { env, prefix: 'migrate' });

  // The seed runs while the API and worker start (neither needs its rows to start; the worker pays
  // the demo network's level income once it is there): on a second run it only finds the network
  // present, and that check no longer comes before the start (decision 0048).
  let seeding = Promise.resolve();
  if (process.env.SEED === '0' || process.env.SEED === 'false') {
    log('seed', 'SEED=0: not seeding');
  } else if (await demoNetworkPresent(db.url)) {
    log('seed', 'demo network already present: not seeding (the demo logins are below)');
  } else {
    step('Demo network (seeded once; later runs keep the data), while the API and worker start');
    seeding = runOrThrow(process.execPath, ['dist/cli/seed.js'], { env, prefix: 'seed' });
  }

  step('API and worker');
  // The API runs API_PROCESSES processes (default: one per core; they share their rate limits in Redis, decision 0037).
  log('api', `API_PROCESSES=${process.env.API_PROCESSES || `${os.availableParallelism()} (one per core)`}`);
  const api = startService('api', process.execPath, ['dist/main.js', '--role=api'], { env });
  started.push(api);
  const worker = startService('worker', process.execPath, [...HEAP_FLAGS, 'dist/main.js', '--role=worker'], { env });
  started.push(worker);
  for (const svc of [api, worker]) {
    svc.exited.then((info) => {
      if (!shuttingDown && !svc.stopping) shutdown(1, `${svc.name} exited unexpectedly (${info.code ?? info.signal}); stopping the rest`);
    });
  }
  await Promise.all([seeding, waitForHttp(`http://127.0.0.1:${PORT}/api/health`, { timeoutMs: 120000, isAlive: api.alive })]);

  const base = process.env.PUBLIC_URL || `http://localhost:${PORT}`;
  console.log(`
${c.green(c.bold('Sahyog is up'))} ${c.dim(`(${Math.round((Date.now() - t0) / 1000)} s)`)}

  member web   ${c.bold(`${base}/`)}
  admin web    ${c.bold(`${base}/admin/`)}
  API          ${base}/api   (OpenAPI: ${base}/api/docs, health: ${base}/api/health)
  metrics      ${base}/metrics   (worker: http://127.0.0.1:${env.WORKER_HEALTH_PORT}/health/ready, /metrics)
  PostgreSQL   ${redact(db.url)}
  Redis        ${redis.url}

  Demo logins
    members    user id 100000 (root), 100001 … 100030, password ${c.bold('Member@123')}
    admins     superadmin | superadmin2 (second approver, four eyes) | approver | support | auditor, password ${c.bold('Admin@123')}

Press Ctrl-C to stop everything.`);
}

/**
 * Whether the demo seed would write nothing: it writes only when the root (100000) or the first demo
 * member (100001) is missing (src/cli/seed.ts, ensureRoot and seedDemo). Then its process — a Nest
 * context, over a second of CPU beside the API's and worker's start — is not run (decision 0051).
 */
async function demoNetworkPresent(url) {
  try {
    const [result] = await pgQuery(url, "select count(*)::int as n from members where uid in ('100000', '100001')");
    return result.rows[0].n === 2;
  } catch {
    return false; // the seed itself will say what is wrong
  }
}

function redact(url) {
  try { const u = new URL(url); if (u.password) u.password = '***'; return u.toString(); } catch { return url; }
}

main().catch((e) => {
  console.error(`\n${c.red('up failed:')} ${e instanceof UserError ? e.message : e.stack || e.message}`);
  shutdown(1);
});

