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
  /** Prefix for every BullMQ key, so tests and environments never share queues. */
  queuePrefix: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  publicUrl: string;
  /** Browser origins allowed to call the API cross-origin: PUBLIC_URL's, and CORS_ORIGINS. */
  corsOrigins: string[];
  mailUrl: string | null;
  mailFrom: string;
  /** Proxies whose X-Forwarded-For is trusted for the client IP (fastify trustProxy). */
  trustProxy: string | boolean;
  rateLimit: { loginPerMinute: number; forgotPerMinute: number; lookupsPerMinute: number };
  lockout: { maxFailures: number; minutes: number };
  checkpointEveryMs: number;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

/** The origin (scheme://host[:port]) of an http(s) address; anything else stops the start. */
function originOf(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must hold http(s) addresses, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must hold http(s) addresses, got "${raw}"`);
  return url.origin;
}

/** APP_DATABASE_URL, or DATABASE_URL with the application role's credentials in it. */
export function appUrlFrom(databaseUrl: string, env: NodeJS.ProcessEnv): string {
  if (env.APP_DATABASE_URL) return env.APP_DATABASE_URL;
  const url = new URL(databaseUrl);
  url.username = 'sahyog_app';
  url.password = env.APP_DB_PASSWORD || 'sahyog_app';
  return url.toString();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required (npm run up sets it for you)');
  // Only the worker talks to Redis; it refuses to start without REDIS_URL.
  const redisUrl = env.REDIS_URL || '';
  const jwtSecret = env.JWT_SECRET || (nodeEnv === 'production' ? '' : 'sahyog-development-secret-change-me');
  if (!jwtSecret || jwtSecret.length < 16) throw new Error('JWT_SECRET must be set to at least 16 characters');
  const port = intFrom(env, 'PORT', 3000);
  const trust = env.TRUST_PROXY;
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const extraOrigins = (env.CORS_ORIGINS || '').split(',').map((o) => o.trim()).filter((o) => o !== '');
  return {
    nodeEnv,
    port,
    databaseUrl,
    appDatabaseUrl: appUrlFrom(databaseUrl, env),
    redisUrl,
    queuePrefix: env.QUEUE_PREFIX || 'sahyog',
    jwtSecret,
    jwtExpiresIn: env.JWT_EXPIRES_IN || '8h',
    publicUrl,
    corsOrigins: [...new Set([originOf('PUBLIC_URL', publicUrl), ...extraOrigins.map((o) => originOf('CORS_ORIGINS', o))])],
    mailUrl: env.MAIL_URL || null,
    mailFrom: env.MAIL_FROM || 'Sahyog <no-reply@sahyog.local>',
    trustProxy: trust === undefined || trust === '' ? 'loopback' : trust === 'true' ? true : trust,
    rateLimit: {
      loginPerMinute: intFrom(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 10),
      forgotPerMinute: intFrom(env, 'RATE_LIMIT_FORGOT_PER_MINUTE', 5),
      lookupsPerMinute: intFrom(env, 'RATE_LIMIT_LOOKUPS_PER_MINUTE', 60),
    },
    lockout: { maxFailures: intFrom(env, 'LOGIN_MAX_FAILURES', 5), minutes: intFrom(env, 'LOGIN_LOCKOUT_MINUTES', 15) },
    checkpointEveryMs: intFrom(env, 'LEDGER_CHECKPOINT_EVERY_MS', 5 * 60 * 1000),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
