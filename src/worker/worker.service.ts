import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { createRedisConnection, redisConfigured } from '../platform/redis/redis-connection';
import { APP_CONFIG, AppConfig } from '../config/config';
import { Database } from '../platform/db/database';
import { uncoveredEvents } from '../platform/event-store/checkpoint';
import { RefusedToSign, signCheckpoints } from '../modules/ledger-audit';
import { LedgerKeys } from '../platform/event-store/signing';
import { DEFAULT_JOB_OPTIONS, OUTBOX_ROUTES, OutboxJob, QUEUE, QueueName } from '../platform/jobs/queues';
import { CatcherTransport, MailTransport, SmtpTransport } from '../platform/mail/mail';
import { OutboxRelay, RelayStallWatch } from '../platform/outbox/relay';
import { processMailJob } from './mail.processor';
import { mailLinkKey } from '../platform/mail/link-secrets';
import { LEGACY_SCHEDULERS, PERIODIC_TICK_MS, periodicJobs, Reconciler } from './reconciler';
import { LEVEL_INCOME_BATCH, LevelIncomeBatcher } from '../modules/income';
import { TEAM_TOTALS_BATCH, TeamTotalsBatcher } from '../modules/network';
import { Ledger } from '../platform/ledger';
import {
  createPaymentOrders,
  loadPaymentsConfig,
  OrderChecks,
  pollPaymentStatus,
  PaymentStatusJob,
  PollTiming,
  pollTimingOf,
  sweepPaymentOrders,
} from '../modules/payments';
import { assertTransactionIdsAhead } from '../platform/event-store/ledger-order';
import { expireLinkJob, expiryDelaysOf, matchingTick, sweepJob } from '../modules/help';

/** How often the relay looks for new events when the last pass found none. */
const RELAY_IDLE_MS = 200;
/** How often the worker counts the events no checkpoint covers yet (a checkpoint is due at LEDGER_CHECKPOINT_EVERY_EVENTS). */
const CHECKPOINT_COUNT_EVERY_MS = 1000;

/**
 * The worker process: the outbox relay (ledger → BullMQ) and the queue processors. It holds no
 * state of its own; after a crash it resumes from the relay cursor in PostgreSQL.
 */
@Injectable()
export class WorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('worker');
  private readonly connection: IORedis;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly relay: OutboxRelay;
  /** Names, in the log, the ledger writers that have held the relay back for 10 s. */
  private readonly relayStall: RelayStallWatch;
  private readonly transport: MailTransport;
  private readonly paymentOrders: OrderChecks;
  private readonly pollTiming: PollTiming;
  private stopping = false;
  private relayLoop: Promise<void> | undefined;
  private checkpointLoop: Promise<void> | undefined;
  private periodicLoop: Promise<void> | undefined;
  private reconcileLoop: Promise<void> | undefined;
  private readonly wakers = new Set<() => void>();
  private readonly reconciler: Reconciler;
  private readonly levelIncome: LevelIncomeBatcher;
  private readonly teamTotals: TeamTotalsBatcher;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly keys: LedgerKeys,
  ) {
    if (!keys.canSign)
      throw new Error(
        'the worker signs ledger checkpoints: LEDGER_SIGNING_KEY (or LEDGER_SIGNING_KEY_FILE) is required, not only the public key',
      );
    if (!redisConfigured(config.redis))
      throw new Error('REDIS_URL (or REDIS_SENTINELS) is required for the worker (npm run up sets it for you)');
    this.connection = createRedisConnection(config.redis, { maxRetriesPerRequest: null });
    for (const name of Object.values(QUEUE)) {
      this.queues.set(
        name,
        new Queue(name, {
          connection: this.connection,
          prefix: config.queuePrefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        }),
      );
    }
    this.relay = new OutboxRelay(db, OUTBOX_ROUTES, {
      add: async (queue, name, data, jobId) => {
        await this.queue(queue as QueueName).add(name, data, { jobId });
      },
    });
    this.levelIncome = new LevelIncomeBatcher(ledger);
    this.teamTotals = new TeamTotalsBatcher(ledger);
    this.relayStall = new RelayStallWatch(db, (message) => this.logger.warn(message));
    const payments = loadPaymentsConfig();
    this.paymentOrders = createPaymentOrders(db, ledger, payments);
    this.pollTiming = pollTimingOf(payments);
    this.reconciler = new Reconciler(
      db,
      (name) => this.queue(name),
      this.paymentOrders,
      periodicJobs(config.checkpointEveryMs),
    );
    this.transport = config.mailUrl
      ? new SmtpTransport(config.mailUrl, config.mailFrom)
      : new CatcherTransport((line) => this.logger.log(line));
  }

  private queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`unknown queue ${name}`);
    return queue;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Before anything is delivered or decided in (transaction id, position) order.
    await assertTransactionIdsAhead((text) => this.db.query(text));
    const options = { connection: this.connection, prefix: this.config.queuePrefix, concurrency: 4 };
    this.workers.push(
      new Worker<OutboxJob>(
        QUEUE.mail,
        (job: Job<OutboxJob>) => processMailJob(this.db, this.transport, job.data, mailLinkKey(this.config.jwtSecret)),
        options,
      ),
      // Jobs that arrive while a payment transaction is in flight are paid together in the next one
      // (decision 0048): as many in flight as one batch holds.
      new Worker<OutboxJob>(QUEUE.levelIncome, (job: Job<OutboxJob>) => this.levelIncome.pay(job.data.position), {
        ...options,
        concurrency: LEVEL_INCOME_BATCH,
      }),
      // Far uplines' whole-team totals (decision 0052), counted in batches as income is paid.
      new Worker<OutboxJob>(QUEUE.teamTotals, (job: Job<OutboxJob>) => this.teamTotals.count(job.data.position), {
        ...options,
        concurrency: TEAM_TOTALS_BATCH,
      }),
      new Worker<PaymentStatusJob>(
        QUEUE.paymentStatus,
        (job: Job<PaymentStatusJob>) =>
          pollPaymentStatus(
            this.paymentOrders,
            job.data,
            async (data, delay, jobId) =>
              void (await this.queue(QUEUE.paymentStatus).add('poll', data, { jobId, delay })),
            this.pollTiming,
          ),
        options,
      ),
      new Worker(
        QUEUE.ledgerCheckpoint,
        async () => {
          try {
            const { written, last } = await signCheckpoints(this.db, this.keys, this.config.ledger.lastDigestFile);
            return last ? `${written} signed, up to position ${last.toPosition}` : 'nothing new';
          } catch (error) {
            // Loud: the ledger no longer extends what this signer signed. The job fails (admin's failed jobs) and nothing is signed.
            if (error instanceof RefusedToSign) this.logger.error(`!!! ${error.message}`);
            throw error;
          }
        },
        { ...options, concurrency: 1 },
      ),
      new Worker(QUEUE.paymentSweep, () => sweepPaymentOrders(this.paymentOrders), { ...options, concurrency: 1 }),
      // Help: each batch of new links schedules one expiry job per link (jobId = link id) due at its deadline.
      new Worker<OutboxJob>(
        QUEUE.helpLinkCreated,
        async (job: Job<OutboxJob>) => {
          const due = await expiryDelaysOf(this.db, job.data);
          await this.queue(QUEUE.helpLinkExpiry).addBulk(
            due.map((d) => ({
              name: 'expire',
              data: { linkId: d.linkId },
              opts: { ...DEFAULT_JOB_OPTIONS, jobId: d.linkId, delay: d.delayMs },
            })),
          );
          return `expiry of ${due.length} links scheduled`;
        },
        options,
      ),
      new Worker<{ linkId: string }>(
        QUEUE.helpLinkExpiry,
        (job) => expireLinkJob(this.ledger, job.data.linkId),
        options,
      ),
      // `at`: the start of the tick's slot by the database's clock (Reconciler.tickPeriodic).
      new Worker<{ at?: number }>(
        QUEUE.helpMatching,
        (job) => matchingTick(this.ledger, new Date(job.data.at ?? job.timestamp)),
        { ...options, concurrency: 1 },
      ),
      new Worker(QUEUE.helpSweep, () => sweepJob(this.ledger), { ...options, concurrency: 1 }),
    );
    for (const worker of this.workers)
      worker.on('failed', (job, error) => this.logger.error(`${worker.name} job ${job?.id} failed: ${error.message}`));
    // Periodic jobs follow the database's clock (issue 19 §1): schedulers of earlier versions, whose
    // next run a worker's own clock set, are removed; every worker then adds each job as its slot begins.
    for (const [queue, id] of LEGACY_SCHEDULERS) await this.queue(queue).removeJobScheduler(id);
    // And one sweep now: whatever came due while no worker ran (or in the jobs a killed worker held,
    // which BullMQ hands on only once their locks expire) is done at start, not a minute later.
    await this.queue(QUEUE.helpSweep).add('sweep-at-start', {});
    this.relayLoop = this.runRelay();
    this.checkpointLoop = this.runCheckpointCount();
    this.periodicLoop = this.every(PERIODIC_TICK_MS, 'periodic jobs', () => this.reconciler.tickPeriodic());
    this.reconcileLoop = this.every(this.config.reconcileEveryMs, 'reconcile', async () => {
      const found = await this.reconciler.reconcile();
      if (found.incomes + found.mails + found.paymentPolls + found.teamTotals > 0)
        this.logger.warn(
          `reconciler re-enqueued what Redis had lost: ${found.incomes} level income(s), ${found.mails} mail(s), ${found.paymentPolls} payment poll chain(s), ${found.teamTotals} team-totals count(s)`,
        );
    });
    this.logger.log(`worker running: relay every ${RELAY_IDLE_MS} ms when idle, mail via ${this.transport.name}`);
  }

  /** Runs `work` now and then every `ms` until shutdown; a failed pass is logged and the next one tries again. */
  private async every(ms: number, what: string, work: () => Promise<unknown>): Promise<void> {
    while (!this.stopping) {
      try {
        await work();
      } catch (error) {
        this.logger.error(`${what} failed: ${(error as Error).message}`);
      }
      await this.sleep(ms);
    }
  }

  /** A pause that shutdown cuts short. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakers.add(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async runRelay(): Promise<void> {
    while (!this.stopping) {
      try {
        const moved = await this.relay.pumpOnce();
        await this.relayStall.afterPass(moved);
        if (moved === 0) await new Promise((resolve) => setTimeout(resolve, RELAY_IDLE_MS));
      } catch (error) {
        this.logger.error(`relay pass failed: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RELAY_IDLE_MS * 5));
      }
    }
  }

  /**
   * Checkpoints are due every LEDGER_CHECKPOINT_EVERY_MS (the scheduler above) or as soon as
   * LEDGER_CHECKPOINT_EVERY_EVENTS events are uncovered, whichever comes first: the unsigned tail
   * of the ledger stays bounded in time and in size. The job id names the last covered position,
   * so several workers counting the same tail add one job.
   */
  private async runCheckpointCount(): Promise<void> {
    const every = this.config.ledger.checkpointEveryEvents;
    while (!this.stopping) {
      try {
        if ((await uncoveredEvents(this.db, every)) >= every) {
          const [last] = await this.db.query<{ v: number | null }>(
            "select max(stream_version) as v from events where stream_id = 'ledger-checkpoints'",
          );
          await this.queue(QUEUE.ledgerCheckpoint).add('checkpoint', {}, { jobId: `checkpoint-after-${last?.v ?? 0}` });
        }
      } catch (error) {
        this.logger.error(`checkpoint count failed: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_COUNT_EVERY_MS));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const wake of this.wakers) wake();
    await this.relayLoop;
    await this.checkpointLoop;
    await this.periodicLoop;
    await this.reconcileLoop;
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await this.connection.quit();
  }
}
