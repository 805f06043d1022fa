#!/usr/bin/env node
// `npm run ha`: the highly available stack on one machine, from Debian's packages (installed with
// apt-get when missing, as root): etcd, two PostgreSQL 15 nodes under Patroni (synchronous_mode),
// HAProxy (PostgreSQL write port → Patroni's primary; HTTP → the API processes), a Redis primary
// with one replica and three Sentinels, two API processes and two workers. Everything is a child
// of this script, on free ports on 127.0.0.1, with its data in a temp dir; Ctrl-C stops it all.
//
// `npm run ha -- drill`: the same, then a bounded mixed write load through HAProxy while the
// PostgreSQL primary, the Redis primary, one API and one worker are SIGKILLed in turn. One line per
// fault — `fault <name>: acknowledged <N>, lost <L>, 5xx <M>, writes resumed after <X> s` — then
// `ledger verify ok, replay 0 differences` (the ledger CLI against the final primary); then the
// pgBackRest restore drill (full backup, writes, a point in time, more writes, restore to that time,
// `ledger verify` on the restored server): `restore to <T>: <N> events (…), ledger verify ok`.
// Exits 0 only when nothing acknowledged was lost, verify and replay pass and the restore holds
// exactly the ledger of time T. `npm test`'s `ha` level runs it.
//
// Options (env): HA_KEEP=1 keeps the temp dir (configs, logs, data) after the run;
// HA_VERBOSE=1 prints every process's output instead of writing it to <temp dir>/logs;
// HA_DRILL_SECONDS (default 420, a safety bound) bounds the drill's load; HA_DRILL_PH_MEMBERS (default 8)
// PH members with a ₹10,000 help request feed its help links; HA_SKIP_BUILD=1 uses dist/ as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { ROOT, c, log, UserError, run, runOrThrow, freePort, waitForHttp, killCommands, rel } from './lib/util.mjs';
import { ensureNodeModules } from './lib/local.mjs';
import { startService } from './lib/supervise.mjs';
import { startHaStack, startHaproxy, stopHaStack, pgSelect, SENTINEL_MASTER } from './lib/ha-cluster.mjs';
import { runDrill, registrations } from './lib/ha-drill.mjs';
import { createStanza, restoreDrill } from './lib/ha-restore.mjs';

const mode = process.argv[2] || 'up';
if (!['up', 'drill'].includes(mode)) {
  console.error('usage: npm run ha [-- drill]');
  process.exit(2);
}
const KEEP = process.env.HA_KEEP === '1';
const VERBOSE = process.env.HA_VERBOSE === '1';
const stack = {};
const apps = []; // { name, role, port?, proc, start() }
let base;
let stopping = null;

async function stopAll() {
  stopping ??= (async () => {
    await Promise.all(apps.map((a) => a.proc?.stop(10000)));
    await stopHaStack(stack);
    if (base && !KEEP) fs.rmSync(base, { recursive: true, force: true });
    else if (base) log('ha', `kept ${base}`);
  })();
  return stopping;
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, async () => {
    console.log('');
    log('ha', `${sig}: stopping everything …`);
    killCommands('SIGTERM');
    await stopAll();
    process.exit(mode === 'drill' ? 130 : 0);
  });
}

/** dist/ is missing or older than src/ and migrations/: build the API. */
function distIsStale() {
  const main = path.join(ROOT, 'dist', 'main.js');
  if (!fs.existsSync(main)) return true;
  const built = fs.statSync(main).mtimeMs;
  const newest = (dir) => {
    let t = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }
    return t;
  };
  return Math.max(newest(path.join(ROOT, 'src')), newest(path.join(ROOT, 'migrations'))) > built;
}

async function main() {
  const t0 = Date.now();
  await ensureNodeModules();
  if (process.env.HA_SKIP_BUILD === '1' || !distIsStale()) log('build', 'dist/ is up to date');
  else await runOrThrow('npm', ['run', '--silent', 'build:api'], { prefix: 'build:api' });

  base = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-ha-'));
  const logDir = path.join(base, 'logs');
  log('ha', `data, configs and logs in ${base}`);
  await startHaStack({ base, logDir, quiet: !VERBOSE }, stack);
  await createStanza(stack);

  // ---- the application's database, through HAProxy's write port
  const apiPorts = [await freePort(), await freePort()];
  await startHaproxy(stack, apiPorts);
  await pgSelect(stack.writeUrl('postgres'), 'create database sahyog');
  // Only the workers hold the private signing key; the APIs verify and publish with the public key.
  const keyFile = path.join(base, 'ledger-signing-key.pem');
  const publicKeyFile = path.join(base, 'ledger-public-key.pem');
  const pair = crypto.generateKeyPairSync('ed25519');
  fs.writeFileSync(keyFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  fs.writeFileSync(publicKeyFile, pair.publicKey.export({ type: 'spki', format: 'pem' }), { mode: 0o644 });
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: stack.writeUrl('sahyog'),
    APP_DB_PASSWORD: crypto.randomBytes(12).toString('hex'),
    REDIS_SENTINELS: stack.sentinelList,
    REDIS_SENTINEL_NAME: SENTINEL_MASTER,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LEDGER_SIGNING_KEY_FILE: keyFile,
    AUDITOR_REDACTION_SALT: crypto.randomBytes(24).toString('hex'),
    API_PROCESSES: '1', // one process per API here: HAProxy spreads the load over the two
    // the drill's members all come from 127.0.0.1; the limits themselves are the e2e level's to prove
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
    PUBLIC_URL: `http://127.0.0.1:${stack.haproxy.httpPort}`,
  };
  for (const k of ['REDIS_URL', 'APP_DATABASE_URL', 'LEDGER_SIGNING_KEY', 'PORT']) delete env[k];
  stack.appEnv = env;
  for (const cli of ['migrate', 'seed']) {
    const r = await run(process.execPath, [`dist/cli/${cli}.js`], { env, prefix: cli, quiet: !VERBOSE, timeoutMs: 5 * 60_000 });
    if (r.code !== 0) throw new Error(`dist/cli/${cli}.js failed (exit ${r.code}):\n${r.output.slice(-3000)}`);
  }

  // ---- two API processes and two workers
  const appLog = (name) => (VERBOSE ? undefined : fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' }));
  const addApp = (name, role, extra) => {
    const app = { name, role, ...extra };
    app.start = () => {
      app.proc = startService(name, process.execPath, ['dist/main.js', `--role=${role}`], { env: { ...env, ...app.env }, logStream: appLog(name) });
      return app.proc;
    };
    app.start();
    apps.push(app);
    return app;
  };
  const apiEnv = { LEDGER_SIGNING_KEY_FILE: '', LEDGER_PUBLIC_KEY_FILE: publicKeyFile };
  for (const [i, port] of apiPorts.entries()) addApp(`api${i + 1}`, 'api', { port, env: { ...apiEnv, PORT: String(port) } });
  // The workers connect with libpq's multi-host URL (every Patroni node; each new connection goes to
  // the writable one), the APIs through HAProxy: the drill's PostgreSQL fault exercises both ways.
  const multiHost = stack.writeUrl('sahyog').replace(/@[^/]+\//, `@${stack.nodes.map((n) => `127.0.0.1:${n.pgPort}`).join(',')}/`);
  const workerEnv = { DATABASE_URL: `${multiHost}?target_session_attrs=read-write` };
  for (const i of [1, 2]) addApp(`worker${i}`, 'worker', { env: { ...workerEnv, WORKER_HEALTH_PORT: String(await freePort()) } });
  for (const a of apps.filter((x) => x.role === 'api')) {
    await waitForHttp(`http://127.0.0.1:${a.port}/api/health`, { timeoutMs: 120_000, isAlive: a.proc.alive });
  }
  const httpBase = `http://127.0.0.1:${stack.haproxy.httpPort}`;
  await waitForHttp(`${httpBase}/api/health`, { timeoutMs: 30_000 });
  stack.apps = apps;
  stack.logDir = VERBOSE ? null : logDir; // the drill names an app that exited by itself with its log's tail
  stack.httpBase = httpBase;
  const [pg1, pg2] = stack.nodes;
  console.log(`
${c.green(c.bold('Sahyog HA stack is up'))} ${c.dim(`(${Math.round((Date.now() - t0) / 1000)} s)`)}
  API (HAProxy)        ${c.bold(`${httpBase}/api`)}  → api1 :${apiPorts[0]}, api2 :${apiPorts[1]}
  PostgreSQL writes    127.0.0.1:${stack.haproxy.pgWritePort} (HAProxy → Patroni's primary), reads 127.0.0.1:${stack.haproxy.pgReadPort}
  Patroni nodes        ${pg1.name} pg :${pg1.pgPort} rest :${pg1.restPort}, ${pg2.name} pg :${pg2.pgPort} rest :${pg2.restPort} (synchronous_mode)
  etcd                 127.0.0.1:${stack.etcd.clientPort}
  Redis                ${stack.redis.map((r) => `${r.name} :${r.port}`).join(', ')}; Sentinels ${stack.sentinelList} (master name ${SENTINEL_MASTER})
  workers              worker1, worker2 (DATABASE_URL: every node, multi-host)
  patronictl           patronictl -c ${rel(pg1.config)} list
  logs                 ${logDir}`);

  if (mode === 'up') {
    console.log('\nPress Ctrl-C to stop everything.');
    for (const a of apps) {
      a.proc.exited.then((info) => {
        if (!stopping && !a.proc.stopping) log('ha', c.yellow(`${a.name} exited (${info.code ?? info.signal})`));
      });
    }
    await new Promise(() => {});
  }
  const ok = await runDrill(stack);
  const restored = await restoreDrill(stack, (n) => registrations(stack, n));
  return ok && restored ? 0 : 1;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (e) => {
    console.error(`\n${c.red('ha failed:')} ${e instanceof UserError ? e.message : e.stack || e.message}`);
    if (base) console.error(`logs: ${path.join(base, 'logs')} (HA_KEEP=1 keeps them)`);
    await stopAll();
    process.exit(1);
  });
