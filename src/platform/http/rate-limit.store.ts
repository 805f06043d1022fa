import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { createRedisConnection, redisConfigured } from '../redis/redis-connection';
import { ServiceUnavailable } from './unavailable';

/** Keys tracked in process memory at most (no REDIS_URL); the oldest window is dropped first. */
const MAX_KEYS = 100_000;
/** How long a request waits for Redis (to connect, or to answer) before the limited call answers 503. */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 2000;

/** INCR, and a TTL on the first hit of a window (or on a key that lost its TTL): a fixed window counted by Redis alone, no process's clock. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * The next turn on a key spaced `ARGV[1]` ms apart, by Redis's clock: the wait in ms, or -1 when it is
 * more than `ARGV[2]` turns away (nothing taken then).
 */
const TURN_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local spacing = tonumber(ARGV[1])
local turn = math.max(now + spacing, tonumber(redis.call('GET', KEYS[1]) or '0'))
if turn - now > tonumber(ARGV[2]) * spacing then return -1 end
redis.call('SET', KEYS[1], turn + spacing, 'PX', turn + spacing - now + 1000)
return turn - now`;

type HitClient = IORedis & {
  rateHit(key: string, windowMs: number): Promise<number>;
  rateTurn(key: string, spacingMs: number, slots: number): Promise<number>;
};

/**
 * The counters of the rate limits (decision 0037, superseding 0005's in-process counting): in Redis
 * when REDIS_URL is set, so every API process and replica counts against one limit; an attacker
 * gets no more attempts from N replicas than from one. When Redis cannot be reached the limited
 * call answers 503 SERVICE.UNAVAILABLE — never unlimited guessing, never a 500. Without REDIS_URL
 * (one process only: API_PROCESSES > 1 refuses to start without it) the counters are in memory.
 */
@Injectable()
export class RateLimitStore implements OnApplicationShutdown {
  private readonly logger = new Logger('rate-limit');
  private redis: HitClient | undefined;
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Counts one hit on `key`; the count in the current window, this hit included. */
  async hit(key: string, windowMs: number): Promise<number> {
    if (!this.shared) return this.hitInMemory(key, windowMs);
    const redis = await this.connected();
    try {
      return await redis.rateHit(`${this.config.queuePrefix}:rate:${key}`, windowMs);
    } catch (error) {
      throw new ServiceUnavailable(`rate limit counter: ${(error as Error).message}`);
    }
  }

  /** Whether the counters are shared (Redis) rather than this process's own. */
  get shared(): boolean {
    return redisConfigured(this.config.redis);
  }

  /**
   * The wait for the next of turns spaced `spacingMs` apart on `key`, shared by every process, or null
   * when it is more than `slots` turns away. Only with Redis (`shared`).
   */
  async turn(key: string, spacingMs: number, slots: number): Promise<number | null> {
    const redis = await this.connected();
    try {
      const wait = await redis.rateTurn(`${this.config.queuePrefix}:turn:${key}`, spacingMs, slots);
      return wait < 0 ? null : wait;
    } catch (error) {
      throw new ServiceUnavailable(`login turns: ${(error as Error).message}`);
    }
  }

  private async connected(): Promise<HitClient> {
    if (!this.redis) {
      const redis = createRedisConnection(this.config.redis, {
        // A request never waits in a queue for a Redis that is away: it answers 503 at once.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
        commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
      });
      redis.defineCommand('rateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
      redis.defineCommand('rateTurn', { numberOfKeys: 1, lua: TURN_SCRIPT });
      redis.on('error', (error) => this.logger.warn(`Redis: ${error.message}`));
      this.redis = redis as HitClient;
    }
    const redis = this.redis;
    if (redis.status === 'ready') return redis;
    // Starting, or reconnecting after an outage: wait a moment for it, then give up with a 503.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        redis.off('ready', onReady);
        reject(new ServiceUnavailable(`rate limit counter: Redis is ${redis.status}`));
      }, RATE_LIMIT_REDIS_TIMEOUT_MS);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      redis.once('ready', onReady);
    });
    return redis;
  }

  private hitInMemory(key: string, windowMs: number): number {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      this.windows.delete(key);
      this.windows.set(key, { start: now, count: 1 });
      return 1;
    }
    window.count += 1;
    return window.count;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
