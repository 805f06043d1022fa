import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { rootLogger } from './logger';
import { Probes } from './probes';

/** The Prometheus text format's content type. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
/** The route label of a request no route answered (the raw URL is never a label: unbounded, and may carry data). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * One process's metrics (a registry of its own, so the API and the worker in one test process do not
 * collide): prom-client's default process metrics, the HTTP request histogram (API), and the ledger's
 * gauges, read from PostgreSQL and Redis at scrape time through the bounded probes. A scrape answers
 * even when the database hangs: a gauge whose source did not answer within its timeout reads NaN
 * (labelled gauges: no sample) in that scrape, and `sahyog_scrape_source_up{source}` says which source failed.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(
    private readonly probes: Probes,
    role: string,
  ) {
    this.registry.setDefaultLabels({ role });
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code, and how long they took',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const gauge = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
      new Gauge<L>({ name, help, labelNames, registers: [this.registry] });
    const relayLag = gauge(
      'sahyog_relay_lag_events',
      'Events committed to the ledger that the outbox relay has not moved past (counted up to 100000)',
    );
    const checkpointAge = gauge(
      'sahyog_checkpoint_age_seconds',
      'Seconds since the oldest event not yet covered by a signed checkpoint was recorded (0: every event is covered)',
    );
    const queueJobs = gauge('sahyog_queue_jobs', 'BullMQ jobs by queue and state', ['queue', 'state']);
    const position = gauge('sahyog_ledger_position', 'The highest event position in the ledger');
    const incomePending = gauge(
      'sahyog_income_pending',
      'Top-ups (of the newest 10000) whose level income has not been paid yet',
    );
    const helpLinks = gauge('sahyog_help_links', 'Open (unsettled) help links by state', ['state']);
    const credentialAlerts = gauge(
      'sahyog_credential_tamper_alerts',
      'Credential rows or admin roles found not matching their ledger commitment (CredentialTamperDetected events, a count; alert on any increase)',
    );
    const sourceUp = gauge(
      'sahyog_scrape_source_up',
      'Whether a source of the gauges answered this scrape (1) or not (0)',
      ['source'],
    );

    // Every database gauge in one statement; the queues in one round of Redis calls; both at once.
    const database = async () => {
      helpLinks.reset();
      try {
        const now = await this.probes.ledgerGauges();
        relayLag.set(now.relayLag);
        checkpointAge.set(now.checkpointAge);
        position.set(now.ledgerPosition);
        incomePending.set(now.incomePending);
        credentialAlerts.set(now.credentialTamperAlerts);
        for (const [state, n] of Object.entries(now.helpLinks)) helpLinks.set({ state }, n);
        sourceUp.set({ source: 'database' }, 1);
      } catch (error) {
        // Unknown, not zero: a hung database must not look like an empty backlog.
        for (const g of [relayLag, checkpointAge, position, incomePending, credentialAlerts]) g.set(NaN);
        sourceUp.set({ source: 'database' }, 0);
        rootLogger().warn({ err: error }, 'metrics: the database gauges did not answer');
      }
    };
    const redis = async () => {
      queueJobs.reset();
      try {
        const queues = await this.probes.queueJobs();
        if (!queues) return;
        for (const { queue, counts } of queues)
          for (const [state, n] of Object.entries(counts)) queueJobs.set({ queue, state }, n);
        sourceUp.set({ source: 'redis' }, 1);
      } catch (error) {
        sourceUp.set({ source: 'redis' }, 0);
        rootLogger().warn({ err: error }, 'metrics: the queue counts did not answer');
      }
    };
    this.refresh = async () => {
      await Promise.all([database(), redis()]);
    };
  }

  private readonly refresh: () => Promise<void>;

  /** The scrape's text, after the gauges are read (each source within its timeout). */
  async render(): Promise<string> {
    await this.refresh();
    return this.registry.metrics();
  }
}

/**
 * Whether a scrape may read the metrics: always when METRICS_TOKEN is unset, else only with
 * `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
 */
export function scrapeAllowed(token: string | null, authorization: string | string[] | undefined): boolean {
  if (token === null) return true;
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
