import { Logger } from '@nestjs/common';

/**
 * Gathers the jobs (event positions) that arrive while a batch is in flight and runs them together
 * in the next one — at most `maxBatch` per run, one run at a time (decisions 0048, 0052): under a
 * burst the processor commits once per batch instead of once per job, and at a trickle each job runs
 * at once, alone. `runBatch` answers each job's outcome, or undefined for a job the batch could not
 * settle; such a job, and every job of a batch that fails, runs alone through `runOne`, so one bad
 * job fails only itself (and BullMQ retries it).
 */
export class PositionBatcher<R> {
  private readonly logger: Logger;
  private waiting: Array<{ position: string; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly what: string,
    private readonly runBatch: (positions: string[]) => Promise<(position: string) => R | undefined>,
    private readonly runOne: (position: string) => Promise<R>,
    readonly maxBatch: number,
  ) {
    this.logger = new Logger(what);
  }

  /** Runs the job of this position in the next batch; settles with its own outcome. */
  add(position: string): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ position, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        let outcomeOf: ((position: string) => R | undefined) | undefined;
        try {
          outcomeOf = await this.runBatch(batch.map((b) => b.position));
        } catch (error) {
          this.logger.warn(`a batch of ${batch.length} ${this.what} jobs failed, running each alone: ${String(error)}`);
        }
        for (const job of batch) {
          const outcome = outcomeOf?.(job.position);
          if (outcome !== undefined) job.resolve(outcome);
          else this.runOne(job.position).then(job.resolve, job.reject);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
