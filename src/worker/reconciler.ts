import { Queue } from 'bullmq';
import { Database } from '../platform/db/database';
import { databaseNow } from '../platform/db/clock';
import { DEFAULT_JOB_OPTIONS, jobIdFor, OutboxJob, QUEUE, QueueName } from '../platform/jobs/queues';
import { RELAY_CURSOR } from '../platform/outbox/relay';
import { OrderChecks, PAYMENT_SWEEP_EVERY_MS } from '../modules/payments';
import { HELP_TICK_MS } from '../modules/help';
import { CLOSURE_DEPTH } from '../modules/identity';

/** Facts one reconcile pass looks at per kind at the most; the next pass takes the rest. */
export const RECONCILE_BATCH = 500;
/** How often each worker adds the periodic jobs that are due by the database's clock. */
export const PERIODIC_TICK_MS = 1000;

/** A periodic job: one job per slot of `everyMs` of the database's clock, job id `every-<slot>`. */
export interface Periodic {
  queue: QueueName;
  name: string;
  everyMs: number;
}

/** The periodic jobs of the system (the schedulers of earlier versions: LEGACY_SCHEDULERS). */
export const periodicJobs = (checkpointEveryMs: number): Periodic[] => [
  { queue: QUEUE.ledgerCheckpoint, name: 'checkpoint', everyMs: checkpointEveryMs },
  { queue: QUEUE.paymentSweep, name: 'sweep', everyMs: PAYMENT_SWEEP_EVERY_MS },
  { queue: QUEUE.helpMatching, name: 'tick', everyMs: HELP_TICK_MS },
  { queue: QUEUE.helpSweep, name: 'sweep', everyMs: HELP_TICK_MS },
];

/**
 * BullMQ job schedulers of earlier versions: their next run was computed from the clock of whichever
 * worker last upserted them (a fast clock pushed them ahead for every worker). Removed at start.
 */
export const LEGACY_SCHEDULERS: ReadonlyArray<[QueueName, string]> = [
  [QUEUE.ledgerCheckpoint, 'ledger-checkpoint-every'],
  [QUEUE.paymentSweep, 'payment-sweep-every'],
  [QUEUE.helpMatching, 'help-matching-every'],
  [QUEUE.helpSweep, 'help-sweep-every'],
];

/** Periodic jobs' completed entries are kept this long: long enough for every worker's tick of the same slot to find it. */
const PERIODIC_KEEP_SECONDS = 24 * 3600;

/** The database's clock, in ms since the epoch: the one clock every worker shares. */
export async function databaseNowMs(db: Database): Promise<number> {
  return (await databaseNow(db)).getTime();
}

/** How many jobs one pass re-enqueued, by kind (counts, not money). */
export interface ReconcileResult {
  incomes: number;
  mails: number;
  paymentPolls: number;
  teamTotals: number;
}

/**
 * Redis is never the source of truth (docs/operations.md): whatever it lost — a FLUSHALL, a failover
 * to a replica that had not caught up, an evicted key — is found again here from the ledger and the
 * tables it derives, and re-enqueued under the job id the relay gives it, so a job still in Redis is
 * not doubled and the processors' own idempotency (one `level-income-<position>` stream per top-up,
 * a mail row's `sent_at`, the conditional settle of an order) holds as a second line:
 * - a top-up the relay passed whose level income was never paid → its `level-income` job;
 * - a mail the relay passed that was never sent → its `mail` job;
 * - a registration or first top-up the relay passed whose member has a 15th upline and is not
 *   counted in the far uplines' whole-team totals (decision 0052; after the bounded closure's
 *   upgrade, every such member of the ledger before it) → its `team-totals` job;
 * - a watched payment order (open, or in its late-payment watch) without a job of its poll chain in
 *   Redis → a new chain;
 * - the periodic jobs (checkpoints, payment sweep, matching tick, help sweep: overdue links, disputes,
 *   held cancels, PH→GH credits) → `tickPeriodic`, by the database's clock.
 * Only events behind the relay's cursor are looked at: newer ones are the relay's to deliver.
 */
export class Reconciler {
  /** Where the next pass looks for unpaid incomes from, in the ledger's (transaction id, position) order. */
  private incomesFrom = { txId: '0', position: '0' };
  /** Where the next pass looks for uncounted team totals from, in the same order. */
  private teamTotalsFrom = { txId: '0', position: '0' };

  constructor(
    private readonly db: Database,
    private readonly queue: (name: QueueName) => Queue,
    private readonly orders: OrderChecks,
    private readonly periodic: Periodic[],
  ) {}

  /** Adds each periodic job whose slot has begun by the database's clock (once per slot, whichever worker comes first). */
  async tickPeriodic(): Promise<void> {
    const now = await databaseNowMs(this.db);
    for (const p of this.periodic) {
      const slot = Math.floor(now / p.everyMs);
      await this.queue(p.queue).add(
        p.name,
        { at: slot * p.everyMs },
        {
          ...DEFAULT_JOB_OPTIONS,
          jobId: `every-${p.everyMs}-${slot}`,
          removeOnComplete: { age: PERIODIC_KEEP_SECONDS },
        },
      );
    }
  }

  async reconcile(): Promise<ReconcileResult> {
    return {
      incomes: await this.unpaidIncomes(),
      mails: await this.unsentMails(),
      paymentPolls: await this.unpolledOrders(),
      teamTotals: await this.uncountedTeamTotals(),
    };
  }

  private async requeue(queue: QueueName, rows: OutboxJob[]): Promise<number> {
    if (!rows.length) return 0;
    await this.queue(queue).addBulk(
      rows.map((row) => ({
        name: row.type,
        data: row,
        opts: { ...DEFAULT_JOB_OPTIONS, jobId: jobIdFor(queue, row.position) },
      })),
    );
    return rows.length;
  }

  /**
   * Top-ups behind the relay's cursor whose `level-income-<position>` stream does not exist. Each pass
   * starts at the first top-up the pass before found unpaid (everything before it was paid, and a
   * paid income stays paid), so a pass reads the recent tail, not every top-up ever made.
   */
  private async unpaidIncomes(): Promise<number> {
    const [cursor] = await this.db.query<{ tx_id: string; position: string }>(
      'select tx_id::text as tx_id, position::text as position from subscription_cursors where name = $1',
      [RELAY_CURSOR],
    );
    if (!cursor) return 0;
    const rows = await this.db.query<OutboxJob & { tx_id: string }>(
      `select e.position::text as position, e.type, e.stream_id as "streamId", e.tx_id::text as tx_id
         from events e
        where e.type = 'MemberToppedUp'
          and (e.tx_id, e.position) <= ($2::xid8, $3::bigint)
          and (e.tx_id, e.position) >= ($4::xid8, $5::bigint)
          and not exists (select 1 from events i where i.stream_id = 'level-income-' || e.position::text)
        order by e.tx_id, e.position limit $1`,
      [RECONCILE_BATCH, cursor.tx_id, cursor.position, this.incomesFrom.txId, this.incomesFrom.position],
    );
    // Everything before the first unpaid top-up (or up to the cursor read above, when none) is paid.
    const [first] = rows;
    this.incomesFrom = first
      ? { txId: first.tx_id, position: first.position }
      : { txId: cursor.tx_id, position: cursor.position };
    return this.requeue(
      QUEUE.levelIncome,
      rows.map(({ position, type, streamId }) => ({ position, type, streamId })),
    );
  }

  /**
   * Registrations and first top-ups behind the relay's cursor of members with a 15th upline (a
   * closure row at depth 15) not counted in `team_totals_counted` for that kind. Each pass starts
   * at the first one the pass before found uncounted, as for incomes: a counted member stays counted.
   */
  private async uncountedTeamTotals(): Promise<number> {
    const [cursor] = await this.db.query<{ tx_id: string; position: string }>(
      'select tx_id::text as tx_id, position::text as position from subscription_cursors where name = $1',
      [RELAY_CURSOR],
    );
    if (!cursor) return 0;
    const rows = await this.db.query<OutboxJob & { tx_id: string }>(
      `select e.position::text as position, e.type, e.stream_id as "streamId", e.tx_id::text as tx_id
         from events e
        where (e.type = 'MemberRegistered' or (e.type = 'MemberToppedUp' and e.payload->>'kind' = 'activation'))
          and (e.tx_id, e.position) <= ($2::xid8, $3::bigint)
          and (e.tx_id, e.position) >= ($4::xid8, $5::bigint)
          and exists (select 1 from member_tree t
                       where t.descendant_uid = substr(e.stream_id, length('member-') + 1)::char(6) and t.depth = $6::integer)
          and not exists (select 1 from team_totals_counted c
                           where c.uid = substr(e.stream_id, length('member-') + 1)::char(6)
                             and c.kind = case when e.type = 'MemberRegistered' then 'registered' else 'activated' end)
        order by e.tx_id, e.position limit $1`,
      [
        RECONCILE_BATCH,
        cursor.tx_id,
        cursor.position,
        this.teamTotalsFrom.txId,
        this.teamTotalsFrom.position,
        CLOSURE_DEPTH,
      ],
    );
    const [first] = rows;
    this.teamTotalsFrom = first
      ? { txId: first.tx_id, position: first.position }
      : { txId: cursor.tx_id, position: cursor.position };
    return this.requeue(
      QUEUE.teamTotals,
      rows.map(({ position, type, streamId }) => ({ position, type, streamId })),
    );
  }

  /** Mails behind the relay's cursor not sent yet. */
  private async unsentMails(): Promise<number> {
    const rows = await this.db.query<OutboxJob>(
      `select e.position::text as position, e.type, e.stream_id as "streamId"
         from mail_outbox m join events e on e.position = m.event_position
         join subscription_cursors c on c.name = $1
        where m.sent_at is null and (e.tx_id, e.position) <= (c.tx_id, c.position)
        order by m.event_position limit $2`,
      [RELAY_CURSOR, RECONCILE_BATCH],
    );
    return this.requeue(QUEUE.mail, rows);
  }

  /** Watched orders none of whose poll jobs is waiting, delayed or running: a new chain for each. */
  private async unpolledOrders(): Promise<number> {
    const watched = await this.orders.watched(RECONCILE_BATCH);
    if (!watched.length) return 0;
    const live = await this.queue(QUEUE.paymentStatus).getJobs(['waiting', 'delayed', 'active', 'prioritized']);
    const polled = new Set(live.map((job) => (job?.data as OutboxJob | undefined)?.streamId));
    const streams = watched.map((o) => `payment-order-${o.clientid}`).filter((s) => !polled.has(s));
    if (!streams.length) return 0;
    const opened = await this.db.query<OutboxJob>(
      `select e.position::text as position, e.type, e.stream_id as "streamId"
         from events e join subscription_cursors c on c.name = $1
        where e.stream_id = any($2) and e.type = 'OrderOpened' and (e.tx_id, e.position) <= (c.tx_id, c.position)`,
      [RELAY_CURSOR, streams],
    );
    const now = await databaseNowMs(this.db);
    // A new chain's first job id names the pass, so it is not mistaken for the relay's (long completed) one.
    await this.queue(QUEUE.paymentStatus).addBulk(
      opened.map((row) => ({
        name: 'poll',
        data: row,
        opts: { ...DEFAULT_JOB_OPTIONS, jobId: `payment-status-${row.position}-r${now}` },
      })),
    );
    return opened.length;
  }
}
