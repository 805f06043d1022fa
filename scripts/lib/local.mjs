// The developer's persistent local services under ./.data (used by `npm run up` and
// `npm run ledger`). Tests never use these: they start throwaway servers in a temp dir.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ROOT, c, readJson, preferredPort, run, runOrThrow, log } from './util.mjs';
import { startPostgres, runningServer, ensureDatabase } from './postgres.mjs';
import { startRedis } from './redis.mjs';

export const DATA_DIR = path.join(ROOT, '.data');
export const PG_DIR = path.join(DATA_DIR, 'pg');
export const REDIS_DIR = path.join(DATA_DIR, 'redis');
export const SECRETS_FILE = path.join(DATA_DIR, 'secrets.json');
export const LOCAL_DB = 'sahyog';
/** The local ledger signing key (Ed25519, PKCS#8 PEM, mode 600): outside PostgreSQL, so a database superuser cannot re-sign. */
export const SIGNING_KEY_FILE = path.join(DATA_DIR, 'ledger-signing-key.pem');

/**
 * The ledger's local secrets as environment: the signing key file (created once) and the auditor's
 * redaction salt (in secrets.json), unless the environment already names them. `create: false`
 * (the ledger CLI) never makes a new key: a verifier must use the ledger's own.
 */
export function localLedgerEnv(secrets, { create = true } = {}) {
  const env = {};
  if (!process.env.LEDGER_SIGNING_KEY && !process.env.LEDGER_SIGNING_KEY_FILE) {
    if (!fs.existsSync(SIGNING_KEY_FILE)) {
      if (!create) return env;
      const pem = crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
      fs.writeFileSync(SIGNING_KEY_FILE, pem, { mode: 0o600, flag: 'wx' });
      log('ledger', `created the checkpoint signing key ${path.relative(ROOT, SIGNING_KEY_FILE)} (back it up: docs/operations.md)`);
    }
    env.LEDGER_SIGNING_KEY_FILE = SIGNING_KEY_FILE;
  }
  if (!process.env.AUDITOR_REDACTION_SALT) env.AUDITOR_REDACTION_SALT = secrets.redactionSalt;
  return env;
}

/** Secrets generated once and kept in ./.data/secrets.json (mode 600). */
export function localSecrets() {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const s = readJson(SECRETS_FILE, {});
  let changed = false;
  if (!s.jwtSecret) { s.jwtSecret = crypto.randomBytes(48).toString('base64url'); changed = true; }
  if (!s.redactionSalt) { s.redactionSalt = crypto.randomBytes(24).toString('base64url'); changed = true; }
  if (!s.pgPassword) {
    if (fs.existsSync(path.join(PG_DIR, 'PG_VERSION'))) {
      throw new Error(`${SECRETS_FILE} has no pgPassword but ${PG_DIR} already holds a cluster; ` +
        'restore secrets.json or remove ./.data/pg to start over');
    }
    s.pgPassword = crypto.randomBytes(18).toString('base64url');
    changed = true;
  }
  if (changed) fs.writeFileSync(SECRETS_FILE, JSON.stringify(s, null, 2) + '\n', { mode: 0o600 });
  return s;
}

/**
 * DATABASE_URL when set; otherwise the local server under ./.data/pg (started when not
 * already running; database `sahyog` created when missing).
 * Returns { url, server|null } — server.stop() stops it only if we started it.
 */
export async function localDatabase({ start = true } = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, server: null };
  const secrets = localSecrets();
  const running = runningServer(PG_DIR);
  if (!running && !start) return null;
  const port = running ? running.port : await preferredPort(Number(process.env.LOCAL_PG_PORT || 5433));
  const server = await startPostgres({ dataDir: PG_DIR, port, password: secrets.pgPassword, tag: 'postgres' });
  await ensureDatabase(server.url('postgres'), LOCAL_DB);
  return { url: server.url(LOCAL_DB), server };
}

/** REDIS_URL when set; otherwise the local redis-server under ./.data/redis. */
export async function localRedis() {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, server: null };
  const port = await preferredPort(Number(process.env.LOCAL_REDIS_PORT || 6380));
  const server = await startRedis({ dataDir: REDIS_DIR, port, tag: 'redis' });
  return { url: server.url(0), server };
}

/** `npm ci` when node_modules is absent. */
export async function ensureNodeModules() {
  if (fs.existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) return;
  log('npm', 'node_modules is missing: running npm ci …');
  const ci = await run('npm', ['ci', '--no-audit', '--no-fund'], { prefix: 'npm' });
  if (ci.code === 0) return;
  // `npm ci` refuses a lock file it considers out of sync. That also happens when a registry
  // mirror lacks some platform-specific optional packages (e.g. @msgpackr-extract/*-darwin-*),
  // which npm then cannot record in the lock. `npm install` installs the same locked versions
  // and skips what it cannot fetch; we say so loudly, and report any change to the lock file.
  if (!/can only install packages when your package\.json and package-lock\.json/.test(ci.output)) {
    throw new Error(`npm ci failed (exit ${ci.code})`);
  }
  log('npm', c.yellow('npm ci: package-lock.json is not in sync with package.json (see above); falling back to npm install'));
  const lock = path.join(ROOT, 'package-lock.json');
  const before = fs.existsSync(lock) ? fs.readFileSync(lock, 'utf8') : '';
  await runOrThrow('npm', ['install', '--no-audit', '--no-fund'], { prefix: 'npm' });
  if (fs.existsSync(lock) && fs.readFileSync(lock, 'utf8') !== before) {
    log('npm', c.yellow('npm install changed package-lock.json: review and commit it so that npm ci works again'));
  }
}
