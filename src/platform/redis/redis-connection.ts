import IORedis, { RedisOptions } from 'ioredis';

/** Where Redis is: one address (REDIS_URL), or a master found through Sentinels (REDIS_SENTINELS). */
export interface RedisSettings {
  /** redis://[user:password@]host:port/db; with Sentinels only its credentials and db number are used. */
  url: string;
  /** REDIS_SENTINELS=host:port,…: ask these Sentinels for the master named `sentinelName`. */
  sentinels: Array<{ host: string; port: number }>;
  /** REDIS_SENTINEL_NAME: the master's name in the Sentinels' `sentinel monitor` line. */
  sentinelName: string;
}

/** Is any Redis configured (the worker needs one; the API's job screens answer 503 without)? */
export function redisConfigured(settings: RedisSettings): boolean {
  return settings.url !== '' || settings.sentinels.length > 0;
}

/** REDIS_SENTINELS parsed: `host:port` pairs separated by commas; anything else stops the start. */
export function parseSentinels(raw: string | undefined): RedisSettings['sentinels'] {
  if (!raw || raw.trim() === '') return [];
  return raw.split(',').map((item) => {
    const match = /^\s*(\[[0-9a-fA-F:]+\]|[^\s:,[\]]+):(\d{1,5})\s*$/.exec(item);
    const port = match ? Number(match[2]) : 0;
    if (!match || port < 1 || port > 65535)
      throw new Error(`REDIS_SENTINELS must be host:port pairs separated by commas, got "${raw}"`);
    return { host: match[1].replace(/^\[|\]$/g, ''), port };
  });
}

/** Credentials and db number of REDIS_URL, for a connection made through Sentinels. */
function credentialsOf(url: string): Pick<RedisOptions, 'username' | 'password' | 'db'> {
  if (!url) return {};
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace(/^\//, '') || 0);
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(Number.isInteger(db) && db > 0 ? { db } : {}),
  };
}

/**
 * The one place a Redis connection is made (BullMQ queues and workers, the API's job screens, and
 * whatever else needs Redis): through the Sentinels when REDIS_SENTINELS is set — ioredis asks
 * them for the master and follows a failover, reconnecting to the promoted replica — else to
 * REDIS_URL. `options` are ioredis's (e.g. BullMQ workers need `maxRetriesPerRequest: null`).
 */
export function createRedisConnection(settings: RedisSettings, options: RedisOptions = {}): IORedis {
  if (settings.sentinels.length > 0) {
    return new IORedis({
      ...credentialsOf(settings.url),
      sentinels: settings.sentinels,
      name: settings.sentinelName,
      // after a failover the old master may answer as a read-only replica for a moment: reconnect
      reconnectOnError: (error) => error.message.startsWith('READONLY'),
      ...options,
    });
  }
  if (!settings.url)
    throw new Error('Redis is not configured: set REDIS_URL, or REDIS_SENTINELS and REDIS_SENTINEL_NAME');
  return new IORedis(settings.url, options);
}
