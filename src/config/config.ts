import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateKeyPairSync, hkdfSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { LedgerKeyConfig, parsePublicKeys, parseSigningKey } from '../platform/event-store/signing';
import { parseSentinels, RedisSettings } from '../platform/redis/redis-connection';

/**
 * Configuration: the environment is parsed and validated once, at start-up. Anything missing or
 * malformed stops the process with a message naming the variable, never later with a 500.
 */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  /** Owner connection: runs migrations, creates the application role. */
  databaseUrl: string;
  /** Application connection: SELECT/INSERT on the event table, nothing more. */
  appDatabaseUrl: string;
  redisUrl: string;
  /** REDIS_URL, or REDIS_SENTINELS + REDIS_SENTINEL_NAME: connections come from createRedisConnection. */
  redis: RedisSettings;
  /** Prefix for every BullMQ key, so tests and environments never share queues. */
  queuePrefix: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  publicUrl: string;
  /** Browser origins allowed to call the API cross-origin: PUBLIC_URL's, and CORS_ORIGINS. */
  corsOrigins: string[];
  /** SMTP; null keeps mail in the local catcher (production only with MAIL_USE_CATCHER=true). */
  mailUrl: string | null;
  mailFrom: string;
  /** Proxies whose X-Forwarded-For is trusted for the client IP (fastify trustProxy). */
  trustProxy: string | boolean;
  rateLimit: { loginPerMinute: number; forgotPerMinute: number; lookupsPerMinute: number; registerPerMinute: number };
  /** Failed logins per (account, client address): docs/decisions/0013-lockout-per-account-and-address.md. */
  lockout: { maxFailures: number; minutes: number; slowdownMs: number };
  checkpointEveryMs: number;
  /** Connection limits and timeouts of the application pool (issue 19 §2; decision 0037). */
  db: DbLimits;
  /** How often the worker's reconciler re-derives missing effects from the ledger and re-creates the periodic jobs. */
  reconcileEveryMs: number;
  /** API processes `node dist/main.js` forks (node:cluster); 1 serves in the process itself. */
  apiProcesses: number;
  /** argon2 computations one process runs at once (PASSWORD_HASHES_IN_FLIGHT; decision 0055). */
  passwordHashesInFlight: number;
  /** userDashboard answers one API process keeps while the database is unchanged (DASHBOARD_CACHE_ENTRIES; 0: none; decision 0058). */
  dashboardCacheEntries: number;
  // --- Ledger signing and auditor privacy (issue 8, points 9 and 10) ---
  /** Checkpoint signing (Ed25519, outside PostgreSQL) and when checkpoints are due. */
  /**
   * `lastDigestFile`: where the signer keeps the last digest it signed (decision 0015), beside the
   * key; null when the key comes as text and no LEDGER_LAST_DIGEST_FILE is set.
   */
  ledger: LedgerKeyConfig & { checkpointEveryEvents: number; lastDigestFile: string | null };
  /** Secret salt of the auditor's redaction hashes (outside PostgreSQL, like the signing key). */
  auditorRedactionSalt: string;
  /**
   * Admins' second factor (docs/decisions/0033-admin-totp.md): `required` — every admin must enrol
   * before any other call (ADMIN_TOTP_REQUIRED, default on in production); `secretKey` — the
   * AES-256 key that encrypts the factors' secrets at rest (TOTP_SECRET_KEY, else derived from JWT_SECRET).
   */
  adminTotp: { required: boolean; secretKey: Buffer };
  /**
   * The HMAC-SHA-256 key of the credential commitments (docs/decisions/0044-credential-commitments.md):
   * CREDENTIAL_COMMITMENT_KEY (64 hex digits) or CREDENTIAL_COMMITMENT_KEY_FILE, kept outside PostgreSQL
   * beside the ledger signing key; unset, derived from JWT_SECRET.
   */
  credentialCommitmentKey: Buffer;
}

export interface DbLimits {
  /** Connections per process (DB_POOL_SIZE). */
  poolSize: number;
  /** Waiting for a connection (a new one, or a free one of a busy pool) at the most: then a 503. */
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout; the client gives up on a silent server a little after it. */
  statementTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open without a statement ends. */
  idleInTransactionTimeoutMs: number;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFrom(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

/**
 * API_PROCESSES: a whole number; unset, one per core when Redis is configured (REDIS_URL or
 * REDIS_SENTINELS: the rate limits are shared there), else 1. More than one without Redis would
 * multiply the limits: refused.
 */
export function apiProcessesFrom(env: NodeJS.ProcessEnv): number {
  const redis = Boolean(env.REDIS_URL || env.REDIS_SENTINELS);
  const processes = positive(env, 'API_PROCESSES', redis ? Math.max(1, availableParallelism()) : 1);
  if (processes > 1 && !redis)
    throw new Error(
      `API_PROCESSES=${processes} needs REDIS_URL: the processes share their rate limits and login turns there (decision 0037)`,
    );
  return processes;
}

/**
 * PASSWORD_HASHES_IN_FLIGHT: argon2 computations one process runs at once (decision 0055); unset, 4,
 * libuv's pool: as many as ran before. Lower, signed-in calls stay quicker during a login burst and
 * the logins wait longer (bench/README.md, "storm").
 */
export function passwordHashesInFlightFrom(env: NodeJS.ProcessEnv): number {
  return positive(env, 'PASSWORD_HASHES_IN_FLIGHT', 4);
}

// --- Ledger signing and auditor privacy (issue 8, points 9 and 10) ---

/** A throwaway key for a test process that was given none (NODE_ENV=test only): never a real ledger's key. */
let throwawayTestKey: string | undefined;

/** A value from NAME (PEM text; "\n" escapes allowed, for one-line secrets) or from the file NAME_FILE. */
function secretText(env: NodeJS.ProcessEnv, name: string): { text: string; source: string } | null {
  if (env[name]) return { text: env[name]!.replace(/\\n/g, '\n'), source: name };
  const file = env[`${name}_FILE`];
  if (!file) return null;
  try {
    return { text: readFileSync(file, 'utf8'), source: `${name}_FILE (${file})` };
  } catch (error) {
    throw new Error(`${name}_FILE: cannot read ${file}: ${(error as Error).message}`);
  }
}

function ledgerConfig(env: NodeJS.ProcessEnv, nodeEnv: string): AppConfig['ledger'] {
  let key = secretText(env, 'LEDGER_SIGNING_KEY');
  const publicKey = secretText(env, 'LEDGER_PUBLIC_KEY');
  if (!key && !publicKey && nodeEnv === 'test') {
    throwawayTestKey ??= generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    key = { text: throwawayTestKey, source: 'a throwaway test key' };
  }
  if (!key && !publicKey)
    throw new Error(
      'LEDGER_SIGNING_KEY (or LEDGER_SIGNING_KEY_FILE) must hold the Ed25519 key that signs ledger checkpoints (`npm run up` creates .data/ledger-signing-key.pem; docs/operations.md); a process that only verifies (the API) may have LEDGER_PUBLIC_KEY (or LEDGER_PUBLIC_KEY_FILE) instead',
    );
  if (key) parseSigningKey(key.text, key.source.startsWith('LEDGER') ? key.source : 'LEDGER_SIGNING_KEY');
  let publicKeyPem: string | null = null;
  if (publicKey) {
    const pems = parsePublicKeys(publicKey.text, publicKey.source);
    if (pems.length !== 1) throw new Error(`${publicKey.source} must hold exactly one PEM public key`);
    publicKeyPem = pems[0];
  }
  const retired = secretText(env, 'LEDGER_RETIRED_PUBLIC_KEYS');
  const keyFile = env.LEDGER_SIGNING_KEY_FILE || env.LEDGER_PUBLIC_KEY_FILE;
  return {
    signingKeyPem: key ? key.text : null,
    publicKeyPem,
    retiredPublicKeyPems: retired ? parsePublicKeys(retired.text, retired.source) : [],
    checkpointEveryEvents: intFrom(env, 'LEDGER_CHECKPOINT_EVERY_EVENTS', 1000),
    lastDigestFile: env.LEDGER_LAST_DIGEST_FILE || (keyFile ? join(dirname(keyFile), 'ledger-last-digest.json') : null),
  };
}

/** The ledger keys alone, for a tool (the ledger CLI) that needs no other configuration. */
export function ledgerKeyConfigFrom(env: NodeJS.ProcessEnv = process.env): AppConfig['ledger'] {
  return ledgerConfig(env, env.NODE_ENV || 'development');
}

function redactionSalt(env: NodeJS.ProcessEnv, nodeEnv: string): string {
  const salt = env.AUDITOR_REDACTION_SALT || (nodeEnv === 'production' ? '' : 'sahyog-development-redaction-salt');
  if (salt.length < 16)
    throw new Error(
      'AUDITOR_REDACTION_SALT must be set to at least 16 characters (it salts the hashes that replace personal data for the auditor)',
    );
  return salt;
}

/** The origin (scheme://host[:port]) of an http(s) address; anything else stops the start. */
function originOf(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must hold http(s) addresses, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must hold http(s) addresses, got "${raw}"`);
  return url.origin;
}

/** APP_DATABASE_URL, or DATABASE_URL with the application role's credentials in it. */
export function appUrlFrom(databaseUrl: string, env: NodeJS.ProcessEnv): string {
  if (env.APP_DATABASE_URL) return env.APP_DATABASE_URL;
  const credentials = `${encodeURIComponent('sahyog_app')}:${encodeURIComponent(env.APP_DB_PASSWORD || 'sahyog_app')}@`;
  // libpq's multi-host form (postgres://u:p@h1:5432,h2:5432/db) is not a WHATWG URL: swap the
  // credentials by hand so such a URL never stops the start with "Invalid URL".
  const match = /^(postgres(?:ql)?:\/\/)(?:[^@/?#]*@)?(.*)$/i.exec(databaseUrl);
  if (!match) throw new Error('DATABASE_URL must be a postgres:// URL');
  return `${match[1]}${credentials}${match[2]}`;
}

/** ADMIN_TOTP_REQUIRED (true/false; unset: on in production) and the key of the factors' secrets. */
function adminTotpConfig(env: NodeJS.ProcessEnv, nodeEnv: string, jwtSecret: string): AppConfig['adminTotp'] {
  const raw = env.ADMIN_TOTP_REQUIRED || '';
  if (!['', 'true', 'false'].includes(raw))
    throw new Error(`ADMIN_TOTP_REQUIRED must be true, false or unset, got "${raw}"`);
  const hex = env.TOTP_SECRET_KEY || '';
  if (hex && !/^[0-9a-fA-F]{64}$/.test(hex))
    throw new Error('TOTP_SECRET_KEY must be 64 hex digits (32 bytes; `openssl rand -hex 32`)');
  const secretKey = hex
    ? Buffer.from(hex, 'hex')
    : Buffer.from(hkdfSync('sha256', jwtSecret, 'sahyog', 'admin-totp-secret-key', 32));
  return { required: raw === '' ? nodeEnv === 'production' : raw === 'true', secretKey };
}

/** The development and test JWT_SECRET (never accepted in production). */
const DEVELOPMENT_JWT_SECRET = 'sahyog-development-secret-change-me';

/** The key of the credential commitments outside production when CREDENTIAL_COMMITMENT_KEY is unset. */
const DEVELOPMENT_CREDENTIAL_COMMITMENT_KEY = 'sahyog-development-credential-commitment-key';

/**
 * CREDENTIAL_COMMITMENT_KEY (64 hex digits, `openssl rand -hex 32`) or the file CREDENTIAL_COMMITMENT_KEY_FILE
 * holding them: the HMAC key of the credential commitments (decision 0044), kept outside PostgreSQL
 * beside the ledger signing key. Unset: in production derived from JWT_SECRET with HKDF-SHA-256 (as
 * TOTP_SECRET_KEY is; operations says to set it, so JWT_SECRET can be rotated), elsewhere a fixed
 * development key. The commitment migration (1763800019600) spells the same rule out, as migrations
 * cannot import src/.
 */
export function credentialCommitmentKeyFrom(env: NodeJS.ProcessEnv = process.env): Buffer {
  const given = secretText(env, 'CREDENTIAL_COMMITMENT_KEY');
  if (given) {
    const hex = given.text.trim();
    if (!/^[0-9a-fA-F]{64}$/.test(hex))
      throw new Error(`${given.source} must hold 64 hex digits (32 bytes; \`openssl rand -hex 32\`)`);
    return Buffer.from(hex, 'hex');
  }
  if ((env.NODE_ENV || 'development') !== 'production') return Buffer.from(DEVELOPMENT_CREDENTIAL_COMMITMENT_KEY);
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 16)
    throw new Error('CREDENTIAL_COMMITMENT_KEY (or JWT_SECRET, to derive it from) must be set in production');
  return Buffer.from(hkdfSync('sha256', env.JWT_SECRET, 'sahyog', 'credential-commitment-key', 32));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required (npm run up sets it for you)');
  // The worker refuses to start without Redis (REDIS_URL or REDIS_SENTINELS).
  const redisUrl = env.REDIS_URL || '';
  const redis: RedisSettings = {
    url: redisUrl,
    sentinels: parseSentinels(env.REDIS_SENTINELS),
    sentinelName: env.REDIS_SENTINEL_NAME || 'sahyog',
  };
  const jwtSecret = env.JWT_SECRET || (nodeEnv === 'production' ? '' : DEVELOPMENT_JWT_SECRET);
  if (!jwtSecret || jwtSecret.length < 16) throw new Error('JWT_SECRET must be set to at least 16 characters');
  const port = intFrom(env, 'PORT', 3000);
  const trust = env.TRUST_PROXY;
  // `false` means the same as unset: only an explicit `true` keeps production mail in the catcher.
  const useCatcher = env.MAIL_USE_CATCHER || '';
  if (!['', 'true', 'false'].includes(useCatcher))
    throw new Error(`MAIL_USE_CATCHER must be true, false or unset, got "${useCatcher}"`);
  // Reset links travel by mail: production must not keep them in the catcher by accident.
  if (nodeEnv === 'production' && !env.MAIL_URL && useCatcher !== 'true') {
    throw new Error('NODE_ENV=production needs MAIL_URL, or MAIL_USE_CATCHER=true to keep mail in the local catcher');
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const extraOrigins = (env.CORS_ORIGINS || '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  return {
    nodeEnv,
    port,
    databaseUrl,
    appDatabaseUrl: appUrlFrom(databaseUrl, env),
    redisUrl,
    redis,
    queuePrefix: env.QUEUE_PREFIX || 'sahyog',
    jwtSecret,
    jwtExpiresIn: env.JWT_EXPIRES_IN || '8h',
    publicUrl,
    corsOrigins: [
      ...new Set([originOf('PUBLIC_URL', publicUrl), ...extraOrigins.map((o) => originOf('CORS_ORIGINS', o))]),
    ],
    mailUrl: env.MAIL_URL || null,
    mailFrom: env.MAIL_FROM || 'Sahyog <no-reply@sahyog.local>',
    trustProxy: trust === undefined || trust === '' ? 'loopback' : trust === 'true' ? true : trust,
    rateLimit: {
      loginPerMinute: intFrom(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 10),
      forgotPerMinute: intFrom(env, 'RATE_LIMIT_FORGOT_PER_MINUTE', 5),
      lookupsPerMinute: intFrom(env, 'RATE_LIMIT_LOOKUPS_PER_MINUTE', 60),
      registerPerMinute: intFrom(env, 'RATE_LIMIT_REGISTER_PER_MINUTE', 5),
    },
    lockout: {
      maxFailures: intFrom(env, 'LOGIN_MAX_FAILURES', 5),
      minutes: intFrom(env, 'LOGIN_LOCKOUT_MINUTES', 15),
      slowdownMs: intFrom(env, 'LOGIN_SLOWDOWN_MS', 2000),
    },
    checkpointEveryMs: intFrom(env, 'LEDGER_CHECKPOINT_EVERY_MS', 60 * 1000),
    db: {
      poolSize: positive(env, 'DB_POOL_SIZE', 20),
      connectTimeoutMs: positive(env, 'DB_CONNECT_TIMEOUT_MS', 10_000),
      statementTimeoutMs: positive(env, 'DB_STATEMENT_TIMEOUT_MS', 15_000),
      idleInTransactionTimeoutMs: positive(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000),
    },
    reconcileEveryMs: positive(env, 'RECONCILE_EVERY_MS', 2 * 60 * 1000),
    apiProcesses: apiProcessesFrom(env),
    passwordHashesInFlight: passwordHashesInFlightFrom(env),
    dashboardCacheEntries: intFrom(env, 'DASHBOARD_CACHE_ENTRIES', 5000),
    // --- Ledger signing and auditor privacy (issue 8, points 9 and 10) ---
    ledger: ledgerConfig(env, nodeEnv),
    auditorRedactionSalt: redactionSalt(env, nodeEnv),
    adminTotp: adminTotpConfig(env, nodeEnv, jwtSecret),
    credentialCommitmentKey: credentialCommitmentKeyFrom(env),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
