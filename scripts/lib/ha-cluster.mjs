// The high-availability stack of `npm run ha` on one machine, from Debian's packages: etcd, two
// PostgreSQL 15 nodes under Patroni (synchronous_mode), HAProxy, a Redis primary + replica with
// three Sentinels, and pgBackRest's repository. Every process is a child of the launcher (no
// systemd), bound to 127.0.0.1 on free ports, with its data under one temp dir. The configuration
// files are deploy/'s templates with their {{…}} fields filled (decision 0038).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { ROOT, freePort, sleep, log, httpGet, waitForTcp, isPidAlive, waitPidGone, run } from './util.mjs';
import { ensureAptPackage } from './apt.mjs';
import { runAsIds } from './postgres.mjs';
import { startService } from './supervise.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
export const PG_BIN = '/usr/lib/postgresql/15/bin';
const HOST = '127.0.0.1';
export const SCOPE = 'sahyog';
export const STANZA = 'sahyog';
export const SENTINEL_MASTER = 'sahyog';

/** Debian's packages the stack runs on, installed with apt-get (as root) when missing. */
export async function ensureHaPackages() {
  await ensureAptPackage('postgresql-15', path.join(PG_BIN, 'postgres'), { file: true });
  await ensureAptPackage('etcd-server', 'etcd');
  await ensureAptPackage('patroni', 'patroni');
  await ensureAptPackage('haproxy', 'haproxy');
  await ensureAptPackage('redis-server', 'redis-server');
  await ensureAptPackage('redis-sentinel', 'redis-sentinel');
  await ensureAptPackage('pgbackrest', 'pgbackrest');
}

/** deploy/<name> with every {{FIELD}} replaced; a field left without a value is an error. */
export function renderTemplate(name, values) {
  const text = fs.readFileSync(path.join(ROOT, 'deploy', name), 'utf8');
  return text.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, key) => {
    if (!(key in values)) throw new Error(`deploy/${name}: no value for {{${key}}}`);
    return String(values[key]);
  });
}

function writeOwned(file, text, ids, mode = 0o600) {
  fs.writeFileSync(file, text, { mode });
  if (ids.uid !== undefined) fs.chownSync(file, ids.uid, ids.gid);
}

function mkdirOwned(dir, ids, mode = 0o700) {
  fs.mkdirSync(dir, { recursive: true, mode });
  if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid);
}

/** Lets the postgres user reach `dir` (search permission on its parents). */
function openParents(dir) {
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    try {
      const st = fs.statSync(d);
      if ((st.mode & 0o001) === 0) fs.chmodSync(d, st.mode | 0o011);
    } catch { break; }
  }
}

/**
 * Starts the whole stack under `base`. Returns the running cluster: ports, URLs, the processes,
 * and helpers to find the current primaries, kill and restart nodes, and stop everything.
 */
export async function startHaStack({ base, logDir, quiet = true }, stack = {}) {
  await ensureHaPackages();
  const ids = runAsIds();
  fs.mkdirSync(base, { recursive: true });
  fs.chmodSync(base, 0o711);
  openParents(base);
  fs.mkdirSync(logDir, { recursive: true });
  const logStream = (name) => (quiet ? fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' }) : undefined);
  const secrets = {
    superuser: crypto.randomBytes(16).toString('hex'),
    replication: crypto.randomBytes(16).toString('hex'),
  };
  // filled in as things start, so that the caller's stopHaStack(stack) stops them even when a later step fails
  Object.assign(stack, { base, logDir, ids, secrets, procs: {}, nodes: [], redis: [], sentinels: [], stopped: false });

  // ---- etcd
  const etcdClient = await freePort();
  const etcdPeer = await freePort();
  const etcdDir = path.join(base, 'etcd');
  fs.mkdirSync(etcdDir, { recursive: true, mode: 0o700 });
  const etcdConf = path.join(base, 'etcd.conf.yml');
  fs.writeFileSync(etcdConf, renderTemplate('etcd/etcd.conf.yml', {
    NAME: 'etcd1', DATA_DIR: path.join(etcdDir, 'data'), HOST, CLIENT_PORT: etcdClient, PEER_PORT: etcdPeer,
    TOKEN: `sahyog-${crypto.randomBytes(4).toString('hex')}`,
  }));
  stack.procs.etcd = startService('etcd', 'etcd', ['--config-file', etcdConf], { logStream: logStream('etcd') });
  await waitForHttpOk(`http://${HOST}:${etcdClient}/health`, 30000, 'etcd');
  stack.etcd = { clientPort: etcdClient };
  log('ha', `etcd ready on ${HOST}:${etcdClient}`);

  // ---- pgBackRest repository (shared by both nodes' archive_command)
  const pgbr = path.join(base, 'pgbackrest');
  for (const d of ['repo', 'log', 'lock', 'spool']) mkdirOwned(path.join(pgbr, d), ids, 0o750);
  mkdirOwned(pgbr, ids, 0o750);
  const pgbrConf = path.join(pgbr, 'pgbackrest.conf');
  stack.pgbackrest = { conf: pgbrConf, repo: path.join(pgbr, 'repo') };

  // ---- two Patroni nodes
  for (const name of ['pg1', 'pg2']) {
    const dir = path.join(base, name);
    mkdirOwned(dir, ids);
    const node = {
      name, dir,
      dataDir: path.join(dir, 'data'),
      socketDir: path.join(dir, 'socket'),
      pgPort: await freePort(),
      restPort: await freePort(),
      config: path.join(dir, 'patroni.yml'),
    };
    mkdirOwned(node.socketDir, ids, 0o750);
    mkdirOwned(path.join(dir, 'log'), ids);
    stack.nodes.push(node);
  }
  writeOwned(pgbrConf, renderTemplate('pgbackrest/pgbackrest.conf', {
    REPO_PATH: stack.pgbackrest.repo,
    LOG_PATH: path.join(pgbr, 'log'),
    LOCK_PATH: path.join(pgbr, 'lock'),
    SPOOL_PATH: path.join(pgbr, 'spool'),
    STANZA,
    PG_HOSTS: stack.nodes
      .map((n, i) => [`pg${i + 1}-path=${n.dataDir}`, `pg${i + 1}-port=${n.pgPort}`, `pg${i + 1}-socket-path=${n.socketDir}`].join('\n'))
      .join('\n'),
  }), ids, 0o640);
  for (const node of stack.nodes) {
    writeOwned(node.config, renderTemplate('patroni/patroni.yml', {
      SCOPE, NAME: node.name, LOG_DIR: path.join(node.dir, 'log'),
      LISTEN_HOST: HOST, CONNECT_HOST: HOST, REST_PORT: node.restPort,
      ETCD_HOSTS: `${HOST}:${etcdClient}`, CLIENT_NET: `${HOST}/32`,
      PG_PORT: node.pgPort, DATA_DIR: node.dataDir, BIN_DIR: PG_BIN,
      PGPASS_FILE: path.join(node.dir, 'pgpass'), SOCKET_DIR: node.socketDir,
      PGBACKREST_CONF: pgbrConf, STANZA,
    }), ids);
  }
  stack.startNode = (node) => {
    const env = {
      PATH: process.env.PATH, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: node.dir,
      PATRONI_SUPERUSER_PASSWORD: secrets.superuser,
      PATRONI_REPLICATION_PASSWORD: secrets.replication,
    };
    node.proc = startService(`patroni ${node.name}`, 'patroni', [node.config], { env, cwd: node.dir, uid: ids.uid, gid: ids.gid, logStream: logStream(`patroni-${node.name}`) });
    return node.proc;
  };
  // the first node bootstraps; the second clones it once there is a leader
  stack.startNode(stack.nodes[0]);
  await waitFor(async () => (await restRole(stack.nodes[0])) === 'primary', 90000, 'the first Patroni node to become the primary');
  stack.startNode(stack.nodes[1]);
  await waitFor(async () => (await syncStandby(stack)) !== null, 120000, 'the second Patroni node to become the synchronous standby');
  log('ha', `Patroni: ${stack.nodes[0].name} primary (127.0.0.1:${stack.nodes[0].pgPort}), ${stack.nodes[1].name} synchronous standby (127.0.0.1:${stack.nodes[1].pgPort})`);

  // ---- HAProxy (PostgreSQL write/read ports now; the API servers are filled in by writeHaproxy)
  stack.haproxy = { pgWritePort: await freePort(), pgReadPort: await freePort(), httpPort: await freePort(), config: path.join(base, 'haproxy.cfg') };
  const pgUrlOn = (port, database) => `postgres://postgres:${secrets.superuser}@${HOST}:${port}/${database}`;
  /** The superuser's URL through HAProxy's write port (the primary, whichever node it is). */
  stack.writeUrl = (database) => pgUrlOn(stack.haproxy.pgWritePort, database);
  /** The superuser's URL of one node, bypassing HAProxy. */
  stack.nodeUrl = (node, database) => pgUrlOn(node.pgPort, database);

  // ---- Redis primary + replica, three Sentinels
  for (const name of ['redis1', 'redis2']) {
    const dir = path.join(base, name);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    stack.redis.push({ name, dir, port: await freePort(), config: path.join(dir, 'redis.conf') });
  }
  const [r1] = stack.redis;
  // (re)start one Redis node from its config file; after a kill Sentinel makes it a replica of the new master
  stack.startRedisNode = (node) => {
    node.proc = startService(node.name, 'redis-server', [node.config], { logStream: logStream(node.name) });
    return node.proc;
  };
  for (const node of stack.redis) {
    fs.writeFileSync(node.config, renderTemplate('redis/redis.conf', {
      PORT: node.port, BIND_HOST: HOST, DIR: node.dir, LOG_FILE: path.join(node.dir, 'redis.log'),
      REPLICAOF: node === r1 ? '' : `replicaof ${HOST} ${r1.port}`,
    }));
    stack.startRedisNode(node);
  }
  for (let i = 1; i <= 3; i++) {
    const dir = path.join(base, `sentinel${i}`);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const node = { name: `sentinel${i}`, dir, port: await freePort(), config: path.join(dir, 'sentinel.conf') };
    fs.writeFileSync(node.config, renderTemplate('sentinel/sentinel.conf', {
      PORT: node.port, BIND_HOST: HOST, DIR: dir, LOG_FILE: path.join(dir, 'sentinel.log'),
      MASTER_NAME: SENTINEL_MASTER, MASTER_HOST: HOST, MASTER_PORT: r1.port,
    }));
    node.proc = startService(node.name, 'redis-sentinel', [node.config], { logStream: logStream(node.name) });
    stack.sentinels.push(node);
  }
  for (const s of stack.sentinels) await waitForTcp(s.port, HOST, 20000);
  await waitFor(async () => (await redisMaster(stack)) !== null, 30000, 'the Sentinels to agree on the Redis master');
  stack.sentinelList = stack.sentinels.map((s) => `${HOST}:${s.port}`).join(',');
  log('ha', `Redis: master 127.0.0.1:${r1.port}, replica 127.0.0.1:${stack.redis[1].port}, Sentinels ${stack.sentinelList}`);
  return stack;
}

/**
 * Writes haproxy.cfg for the current API ports and (re)starts HAProxy. At the first start its three
 * ports were only found free a while ago: an outgoing connection of the stack (etcd, Patroni, Redis)
 * may have taken one of them since as its ephemeral port, and HAProxy then exits at once. It is then
 * started again on newly found ports (nothing has used them yet), up to HAPROXY_START_ATTEMPTS times.
 */
export async function startHaproxy(stack, apiPorts) {
  const first = !stack.haproxy.proc;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startHaproxyOnce(stack, apiPorts);
    } catch (error) {
      if (!first || attempt >= HAPROXY_START_ATTEMPTS) throw error;
      log('ha', `HAProxy did not serve (${error.message}); again on other ports`);
      await stack.haproxy.proc?.stop(5000);
      stack.haproxy.proc = undefined;
      Object.assign(stack.haproxy, { pgWritePort: await freePort(), pgReadPort: await freePort(), httpPort: await freePort() });
    }
  }
}

const HAPROXY_START_ATTEMPTS = 3;

async function startHaproxyOnce(stack, apiPorts) {
  const h = stack.haproxy;
  const servers = () => stack.nodes.map((n) => `    server ${n.name} ${HOST}:${n.pgPort} check port ${n.restPort}`).join('\n');
  fs.writeFileSync(h.config, renderTemplate('haproxy/haproxy.cfg', {
    BIND_HOST: HOST, PG_WRITE_PORT: h.pgWritePort, PG_READ_PORT: h.pgReadPort, HTTP_PORT: h.httpPort,
    PG_WRITE_SERVERS: servers(), PG_READ_SERVERS: servers(),
    API_SERVERS: apiPorts.map((p, i) => `    server api${i + 1} ${HOST}:${p} check`).join('\n'),
  }));
  const check = await run('haproxy', ['-c', '-f', h.config], { quiet: true });
  if (check.code !== 0) throw new Error(`haproxy rejected ${h.config}:\n${check.output}`);
  if (h.proc) await h.proc.stop(5000);
  h.proc = startService('haproxy', 'haproxy', ['-db', '-f', h.config], { logStream: fs.createWriteStream(path.join(stack.logDir, 'haproxy.log'), { flags: 'a' }) });
  await waitForTcp(h.pgWritePort, HOST, 20000);
  // the write port serves once HAProxy's first checks found the primary
  await waitFor(async () => {
    try {
      await pgSelect(stack.writeUrl('postgres'), 'select 1');
      return true;
    } catch { return false; }
  }, 30000, 'HAProxy to route the write port to the primary');
}

/** The role Patroni's REST API reports for a node ('primary', 'replica', …) or null when it does not answer. */
export async function restRole(node) {
  try {
    const r = await httpGet(`http://${HOST}:${node.restPort}/patroni`, 2000);
    if (r.status !== 200 && r.status !== 503) return null;
    const j = JSON.parse(r.body);
    return j.role === 'master' ? 'primary' : j.role;
  } catch { return null; }
}

/** The cluster as Patroni sees it (GET /cluster on any node that answers). */
export async function clusterState(stack) {
  for (const node of stack.nodes) {
    try {
      const r = await httpGet(`http://${HOST}:${node.restPort}/cluster`, 2000);
      if (r.status === 200) return JSON.parse(r.body);
    } catch { /* next node */ }
  }
  return null;
}

/** The name of the synchronous standby that is streaming, or null. */
export async function syncStandby(stack) {
  const c = await clusterState(stack);
  const m = c?.members?.find((x) => x.role === 'sync_standby' && (x.state === 'streaming' || x.state === 'running'));
  return m ? m.name : null;
}

/** The node that is the primary now (Patroni's leader), or null. */
export async function primaryNode(stack) {
  const c = await clusterState(stack);
  const leader = c?.members?.find((x) => x.role === 'leader' || x.role === 'master');
  return leader ? stack.nodes.find((n) => n.name === leader.name) || null : null;
}

/** The postmaster's pid of a node (postmaster.pid), or null. */
export function postmasterPid(node) {
  try {
    const pid = Number(fs.readFileSync(path.join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid && isPidAlive(pid) ? pid : null;
  } catch { return null; }
}

/** SIGKILL a whole PostgreSQL node: its Patroni and its postmaster (the machine lost). */
export async function killPgNode(node) {
  const pm = postmasterPid(node);
  try { process.kill(node.proc.pid, 'SIGKILL'); } catch { /* gone */ }
  if (pm) try { process.kill(pm, 'SIGKILL'); } catch { /* gone */ }
  await node.proc.exited;
  if (pm) await waitPidGone(pm, 10000);
}

/** The Redis master Sentinel names now: { host, port } or null. */
export async function redisMaster(stack) {
  const { default: IORedis } = await import(require.resolve('ioredis'));
  for (const s of stack.sentinels) {
    const c = new IORedis({ host: HOST, port: s.port, lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await c.connect();
      const addr = await c.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_MASTER);
      if (Array.isArray(addr)) return { host: addr[0], port: Number(addr[1]) };
    } catch { /* next sentinel */ } finally {
      c.disconnect();
    }
  }
  return null;
}

/** One query on a fresh connection (the launcher's own checks). */
export async function pgSelect(url, text, values = []) {
  const { default: pg } = await import(require.resolve('pg'));
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(250);
  }
}

async function waitForHttpOk(url, timeoutMs, what) {
  await waitFor(async () => {
    try { return (await httpGet(url, 1000)).status === 200; } catch { return false; }
  }, timeoutMs, what);
}

/** Stops everything the stack started, in reverse order. */
export async function stopHaStack(stack) {
  if (!stack || stack.stopped || !stack.nodes) return;
  stack.stopped = true;
  const stops = [];
  if (stack.haproxy?.proc) stops.push(stack.haproxy.proc.stop(5000));
  for (const s of stack.sentinels) if (s.proc) stops.push(s.proc.stop(5000));
  for (const r of stack.redis) if (r.proc) stops.push(r.proc.stop(5000));
  await Promise.all(stops);
  // replicas first, then the primary, so the primary's shutdown does not wait for its standby
  const primary = await primaryNode(stack).catch(() => null);
  for (const node of [...stack.nodes].sort((a) => (a === primary ? 1 : -1))) {
    if (node.proc) await node.proc.stop(30000);
    const pm = postmasterPid(node);
    if (pm) {
      try { process.kill(pm, 'SIGINT'); } catch { /* gone */ }
      if (!(await waitPidGone(pm, 15000))) try { process.kill(pm, 'SIGKILL'); } catch { /* gone */ }
    }
  }
  if (stack.procs.etcd) await stack.procs.etcd.stop(5000);
}
