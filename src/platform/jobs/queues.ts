import { JobsOptions } from 'bullmq';

/** Every queue of the system, by name. Redis is never the source of truth: each job can be rebuilt from the ledger. */
export const QUEUE = {
  mail: 'mail',
  ledgerCheckpoint: 'ledger-checkpoint',
  levelIncome: 'level-income',
  paymentStatus: 'payment-status',
  paymentSweep: 'payment-sweep',
  /** A matching tick every minute; it runs matching when `matchingIntervalMinutes` says so. */
  helpMatching: 'help-matching',
  /** One delayed job per help link (jobId = the link's id), due at its deadline. */
  helpLinkExpiry: 'help-link-expiry',
  /** Relay jobs for new help links (a batch each): each schedules its links' delayed expiry jobs. */
  helpLinkCreated: 'help-link-created',
  /** The help sweeper: whatever time made due (expiry, disputes, held cancels, entitlements) that a job missed. */
  helpSweep: 'help-sweep',
  /** Registrations and activations counted in the whole-team totals of uplines more than 15 levels up (decision 0052). */
  teamTotals: 'team-totals',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

/** Attempts, backoff and removal are explicit on every queue. Completed jobs are kept a week so a replayed relay's jobIds still dedupe. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/**
 * Which events leave the ledger as jobs, on one queue or several. The relay enqueues one job per
 * matching event and queue with jobId `<queue>-<position>`, so a crash between commit and enqueue loses nothing and a replayed
 * relay duplicates nothing; the processors are idempotent as a second line.
 */
export const OUTBOX_ROUTES: Readonly<Record<string, QueueName | readonly QueueName[]>> = {
  PasswordResetRequested: QUEUE.mail,
  MemberRegistered: QUEUE.teamTotals,
  MemberToppedUp: [QUEUE.levelIncome, QUEUE.teamTotals],
  OrderOpened: QUEUE.paymentStatus,
  HelpLinksCreated: QUEUE.helpLinkCreated,
  HelpLinkCreated: QUEUE.helpLinkCreated,
};

export interface OutboxJob {
  position: string;
  type: string;
  streamId: string;
}

export const jobIdFor = (queue: string, position: string): string => `${queue}-${position}`;
