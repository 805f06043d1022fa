import {
  Inject,
  Injectable,
  NotFoundException,
  OnApplicationShutdown,
  ServiceUnavailableException,
  ConflictException,
} from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import IORedis from 'ioredis';
import { createRedisConnection, redisConfigured } from '../redis/redis-connection';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { errorBody } from '../http/error-body';
import { QUEUE, QueueName } from './queues';

/** Failed jobs read per queue for the admin list at the most (BullMQ keeps failed jobs 30 days). */
export const FAILED_JOBS_READ_PER_QUEUE = 500;

export interface QueueCounts {
  id: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

export interface FailedJobRow {
  /** `<queue>:<job id>`: BullMQ refuses ':' in job ids, so the first ':' splits it. */
  id: string;
  queue: QueueName;
  job_id: string;
  name: string;
  failed_reason: string;
  attempts_made: number;
  failed_at: string | null;
  data: unknown;
}

const QUEUE_NAMES = Object.values(QUEUE) as QueueName[];

const isQueueName = (name: string): name is QueueName => (QUEUE_NAMES as string[]).includes(name);

/**
 * The admin's view of the worker's queues (architecture §4: failures visible in admin): counts per
 * queue, the failed jobs with their reason, and a retry. The API holds its own Redis connection for
 * this only; it never processes a job.
 */
@Injectable()
export class JobMonitor implements OnApplicationShutdown {
  private connection: IORedis | undefined;
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private queue(name: QueueName): Queue {
    if (!redisConfigured(this.config.redis))
      throw new ServiceUnavailableException(errorBody(503, 'Job queues are not configured (REDIS_URL is not set)'));
    this.connection ??= createRedisConnection(this.config.redis, {
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
      // A request never waits on Redis longer than this: past it, a 503 (issue 19 §2).
      commandTimeout: 5000,
      lazyConnect: true,
    });
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.config.queuePrefix });
      // Its connection's errors come back as the queue's 'error' event: unheard, it would end the
      // process while Redis is away (the calls themselves answer 503).
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Redis being down is a 503 with a plain message, not a 500. */
  private async reach<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (
        error instanceof ServiceUnavailableException ||
        error instanceof NotFoundException ||
        error instanceof ConflictException
      )
        throw error;
      throw new ServiceUnavailableException(
        errorBody(503, `The job queues cannot be reached: ${(error as Error).message}`),
      );
    }
  }

  async counts(): Promise<QueueCounts[]> {
    return this.reach(() =>
      Promise.all(
        QUEUE_NAMES.map(async (name) => {
          const c = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
          return {
            id: name,
            waiting: c.waiting ?? 0,
            active: c.active ?? 0,
            delayed: c.delayed ?? 0,
            completed: c.completed ?? 0,
            failed: c.failed ?? 0,
          };
        }),
      ),
    );
  }

  /** Failed jobs of one queue or all, newest failure first. */
  async failed(queue?: string): Promise<FailedJobRow[]> {
    if (queue !== undefined && !isQueueName(queue)) return [];
    const names = queue ? [queue] : QUEUE_NAMES;
    return this.reach(async () => {
      const perQueue = await Promise.all(
        names.map(async (name) =>
          (await this.queue(name).getFailed(0, FAILED_JOBS_READ_PER_QUEUE - 1)).map((job) => failedRow(name, job)),
        ),
      );
      return perQueue.flat().sort((a, b) => (b.failed_at ?? '').localeCompare(a.failed_at ?? ''));
    });
  }

  /** Puts one failed job back to run; anything but a failed job is a 409. */
  async retry(id: string): Promise<FailedJobRow> {
    const at = id.indexOf(':');
    const [name, jobId] = at > 0 ? [id.slice(0, at), id.slice(at + 1)] : ['', ''];
    if (!isQueueName(name) || !jobId) throw new NotFoundException(errorBody(404, `Job ${id} does not exist`));
    return this.reach(async () => {
      const job = await this.queue(name).getJob(jobId);
      if (!job) throw new NotFoundException(errorBody(404, `Job ${id} does not exist`));
      const state = await job.getState();
      if (state !== 'failed') throw new ConflictException(errorBody(409, `Job ${id} is ${state}, not failed`));
      const row = failedRow(name, job);
      await job.retry('failed');
      return row;
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    if (this.connection) await this.connection.quit().catch(() => undefined);
  }
}

function failedRow(queue: QueueName, job: Job): FailedJobRow {
  return {
    id: `${queue}:${job.id}`,
    queue,
    job_id: String(job.id),
    name: job.name,
    failed_reason: job.failedReason ?? '',
    attempts_made: job.attemptsMade,
    failed_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    data: job.data,
  };
}
