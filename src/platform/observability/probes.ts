import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { Pool, PoolClient } from 'pg';
import { poolTarget } from '../db/multi-host';
import { QUEUE } from '../jobs/queues';
import { createRedisConnection, redisConfigured, RedisSettings } from '../redis/redis-connection';
import { RELAY_CURSOR } from '../outbox/relay';

/** How long a health check waits for the database or Redis before it calls it down. */
export const PROBE_TIMEOUT_MS = 1000;
/** The most events the relay-lag count looks at: beyond it the lag is reported as this (an index range scan, bounded). */
export const RELAY_LAG_CAP = 100_000;
/** Top-ups looked at by `sahyog_income_pending`: the newest ones (older unpaid ones are the reconciler's, and alerted on long before). */
export const INCOME_WINDOW = 10_000;

export class ProbeTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: no answer within ${ms} ms`);
  }
}

/** `work`, or a ProbeTimeout after `ms`: a probe answers in bounded time whatever the dependency does. */
export async function within<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined); // settled later (or never): nobody waits for it any more
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProbeTimeout(what, ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const RELAY_LAG_SQL = `select count(*)::int as lag from (
  select 1 from events e
   where (e.tx_id, e.position) > (coalesce((select c.tx_id from subscription_cursors c where c.name = $1), '0'::xid8),
                                  coalesce((select c.position from subscription_cursors c where c.name = $1), 0))
   limit $2) t`;

/** The gauges read from the database at a scrape: each statement an index lookup or a bounded index range. */
const LEDGER_GAUGES_SQL = `select
  (${RELAY_LAG_SQL.replace('$2', '$3')}) as relay_lag,
  (select max(position)::text from events) as ledger_position,
  (select extract(epoch from now() - e.recorded_at)::float8 from events e
    where e.stream_id <> $2
      and (e.tx_id, e.position) > (coalesce((select (c.payload->>'toTxId')::xid8 from events c where c.stream_id = $2 order by c.stream_version desc limit 1), '0'::xid8),
                                   coalesce((select (c.payload->>'toPosition')::bigint from events c where c.stream_id = $2 order by c.stream_version desc limit 1), 0))
    order by e.tx_id, e.position limit 1) as checkpoint_age,
  (select count(*)::int from (select t.position from topups t order by t.position desc limit $4) recent
    where not exists (select 1 from events i where i.stream_id = 'level-income-' || recent.position and i.stream_version = 1)) as income_pending,
  (select coalesce(json_object_agg(state, n), '{}') from (select state, count(*)::int as n from help_links where not settled group by state) s) as help_links,
  (select count(*)::int from events where type = 'CredentialTamperDetected') as credential_tamper_alerts`;

export interface LedgerGauges {
  relayLag: number;
  ledgerPosition: number;
  /** Seconds since the oldest event no checkpoint covers yet was recorded; 0 when every event is covered. */
  checkpointAge: number;
  /** How many top-ups have no income paid yet (a count of events, not money). */
  incomePending: number;
  /** Open (unsettled) help links by state. */
  helpLinks: Record<string, number>;
  /** `CredentialTamperDetected` events in the ledger (decision 0044): a count of alerts, never reset by a restart. */
  credentialTamperAlerts: number;
}

/**
 * The health checks' and metrics' own way to PostgreSQL and Redis, apart from the request pool:
 * two connections at most, a 1 s connect timeout and statement timeout, so a hung or stopped
 * database makes a probe fail fast instead of queueing behind (or starving) the product's work.
 */
export class Probes {
  private readonly pool: Pool;
  private readonly redis: IORedis | null;
  private readonly queues: Queue[];

  constructor(databaseUrl: string, redis: RedisSettings, queuePrefix: string) {
    // a libpq multi-host URL: the probes ask the writable node, as the app's own pool does (multi-host.ts)
    const target = poolTarget(databaseUrl, PROBE_TIMEOUT_MS);
    this.pool = new Pool({
      connectionString: target.url,
      ...target.extra,
      max: 2,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      statement_timeout: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS + 500,
      application_name: 'sahyog-probes',
      allowExitOnIdle: true,
    });
    this.pool.on('error', () => undefined); // an idle probe connection lost: the next probe reconnects
    this.redis = redisConfigured(redis)
      ? createRedisConnection(redis, {
          connectTimeout: PROBE_TIMEOUT_MS,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          lazyConnect: false,
          retryStrategy: (times) => Math.min(times * 200, 2000),
        })
      : null;
    this.redis?.on('error', () => undefined); // reported by the probes, not as an unhandled event
    this.queues = this.redis
      ? Object.values(QUEUE).map((name) => new Queue(name, { connection: this.redis!, prefix: queuePrefix }))
      : [];
    // A queue re-emits its connection's errors as its own 'error' event: unheard, that event would
    // end the process while Redis is away (the probes report Redis down instead).
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  /** One statement on a probe connection; a connection whose statement failed or timed out is dropped, not reused. */
  private async query<T>(text: string, params: unknown[], ms: number, what: string): Promise<T[]> {
    return within(
      what,
      ms,
      (async () => {
        const client: PoolClient = await this.pool.connect();
        // A checked-out client has no listener of the pool's: a connection dropped mid-statement (HAProxy
        // in a failover) raises an 'error' event that, unheard, would end the process.
        let broken: Error | undefined;
        const onError = (error: Error) => {
          broken ??= error;
        };
        client.on('error', onError);
        try {
          const result = await client.query(text, params);
          return result.rows as T[];
        } catch (error) {
          broken ??= error as Error;
          throw error;
        } finally {
          client.removeListener('error', onError);
          client.release(broken);
        }
      })(),
    );
  }

  async database(): Promise<void> {
    await this.query('select 1', [], PROBE_TIMEOUT_MS, 'database');
  }

  /** Null when this process has no Redis configured. */
  async redisPing(): Promise<string | null> {
    if (!this.redis) return null;
    return within('redis', PROBE_TIMEOUT_MS, this.redis.ping());
  }

  /** Events the outbox relay has not moved past yet, counted up to `cap`. */
  async relayLag(cap: number): Promise<number> {
    const [row] = await this.query<{ lag: number }>(RELAY_LAG_SQL, [RELAY_CURSOR, cap], PROBE_TIMEOUT_MS, 'relay');
    return row.lag;
  }

  async ledgerGauges(): Promise<LedgerGauges> {
    const [row] = await this.query<{
      relay_lag: number;
      ledger_position: string | null;
      checkpoint_age: number | null;
      income_pending: number;
      help_links: Record<string, number>;
      credential_tamper_alerts: number;
    }>(LEDGER_GAUGES_SQL, [RELAY_CURSOR, 'ledger-checkpoints', RELAY_LAG_CAP, INCOME_WINDOW], 2000, 'ledger gauges');
    return {
      relayLag: row.relay_lag,
      ledgerPosition: Number(row.ledger_position ?? 0),
      checkpointAge: Math.max(0, row.checkpoint_age ?? 0),
      incomePending: row.income_pending,
      helpLinks: row.help_links,
      credentialTamperAlerts: row.credential_tamper_alerts,
    };
  }

  /** Jobs per queue and state (BullMQ's counts), or null without Redis. */
  async queueJobs(): Promise<Array<{ queue: string; counts: Record<string, number> }> | null> {
    if (this.queues.length === 0) return null;
    return within(
      'queues',
      PROBE_TIMEOUT_MS,
      Promise.all(
        this.queues.map(async (queue) => ({
          queue: queue.name,
          counts: await queue.getJobCounts(
            'waiting',
            'active',
            'delayed',
            'failed',
            'completed',
            'paused',
            'prioritized',
          ),
        })),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.queues.map((q) => q.close()));
    this.redis?.disconnect();
    await this.pool.end().catch(() => undefined);
  }
}
