import { Logger } from '@nestjs/common';
import { PositionBatcher } from '../../../platform/jobs/batcher';
import { Ledger } from '../../../platform/ledger';
import {
  describeHorizonHolders,
  HORIZON_WAIT_LOG_MS,
  ledgerHorizonHolders,
} from '../../../platform/event-store/ledger-order';
import { decideLevelIncome } from '../domain/level-income.decide';
import { levelIncomeStream, MAX_INCOME_LEVELS } from '../domain/level-income.events';
import { IncomeInputs, loadIncomeInputs, loadIncomeInputsOf } from '../rows';

/** How long a payment waits, by default, for older transactions to end before it fails (and its job is retried). */
export const SETTLE_WAIT_MS = 10_000;
const SETTLE_POLL_MS = 20;
const logger = new Logger('level-income');

/**
 * Pays the level income of one top-up, in one transaction. Its stream `level-income-<position>`
 * can only ever have a version 1: a second run (a retried job, a replayed relay) finds it and
 * stops, and two racing runs collide on the version, so each (top-up, level) is paid once.
 * Rates are the settings in force before the top-up and "active" means activated before it, both in
 * the ledger's commit-safe order (`EARLIER_IN_LEDGER`); so it decides only once every older
 * transaction has ended — the relay delivers only such top-ups; a direct call (a retried job, a
 * test) waits up to `settleWaitMs`, then fails so that its job is retried. A wait past
 * `nameHoldersAfterMs` (10 s) logs the transactions that hold it — xid, pid, application_name,
 * query — and the error names them too, so a stuck writer is found, not guessed.
 */
export async function payLevelIncome(
  ledger: Ledger,
  topupPosition: string,
  {
    settleWaitMs = SETTLE_WAIT_MS,
    /** After this long the wait names its holders (xid, pid, application_name, query): logged, and in the error. */
    nameHoldersAfterMs = HORIZON_WAIT_LOG_MS,
  } = {},
): Promise<'paid' | 'already-paid' | 'not-a-top-up'> {
  let holders = '';
  for (const started = Date.now(); ;) {
    const outcome = await payIfSettled(ledger, topupPosition);
    if (outcome !== 'not-settled') return outcome;
    const waited = Date.now() - started;
    if (waited >= nameHoldersAfterMs && !holders) {
      holders = await horizonHoldersOf(ledger, topupPosition);
      logger.warn(
        `level income of top-up ${topupPosition} has waited ${Math.round(waited / 1000)} s for older ledger writers: ${holders}`,
      );
    }
    if (waited >= settleWaitMs) {
      throw new Error(
        `level income of top-up ${topupPosition}: a transaction older than the top-up's is still open, so what comes before it is not final yet (the job will be retried)` +
          (holders ? `; held by ${holders}` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

async function payIfSettled(ledger: Ledger, topupPosition: string): Promise<Outcome> {
  return ledger.run(
    {
      actor: { kind: 'system', id: 'level-income' },
      correlationId: `topup-${topupPosition}`,
      causationId: topupPosition,
    },
    async (tx) => {
      const inputs = await loadIncomeInputs(tx, topupPosition);
      const outcome = outcomeOf(inputs);
      if (outcome !== 'paid' || !inputs) return outcome;
      // A new stream (version 0); nothing follows the append, so COMMIT rides with it.
      await tx.append(levelIncomeStream(topupPosition), 0, incomeOf(topupPosition, inputs), { last: true });
      return 'paid';
    },
  );
}

type Outcome = 'paid' | 'already-paid' | 'not-a-top-up' | 'not-settled';

/** What a payment of these inputs does: 'paid' when it appends the income. */
function outcomeOf(inputs: IncomeInputs | null | undefined): Outcome {
  if (!inputs) return 'not-a-top-up';
  if (inputs.alreadyPaid) return 'already-paid';
  if (!inputs.settled) return 'not-settled';
  return 'paid';
}

function incomeOf(topupPosition: string, inputs: IncomeInputs) {
  return decideLevelIncome(
    { topupPosition, fromUid: inputs.fromUid, packagePaise: BigInt(inputs.topup.valuePaise) },
    { ratesBp: inputs.settings.levelIncomeRatesBp.slice(0, MAX_INCOME_LEVELS), uplines: inputs.uplines },
  );
}

/**
 * Pays the level income of several top-ups in one transaction (decision 0048): one read of all
 * their inputs, one INSERT of their `LevelIncomeDistributed` events (each on its own stream
 * `level-income-<position>`, version 0, so each (top-up, level) is still paid once: a top-up some
 * other run paid already is left alone, and a race on one stream re-runs the whole transaction,
 * which then finds it paid), their projections and COMMIT in the same write. A top-up whose older
 * writers have not all ended is not paid here ('not-settled'): the caller pays it alone, with
 * `payLevelIncome`'s wait.
 */
export async function payLevelIncomes(
  ledger: Ledger,
  topupPositions: readonly string[],
): Promise<Map<string, Outcome>> {
  const positions = [...new Set(topupPositions)];
  if (positions.length === 0) return new Map();
  return ledger.run(
    {
      actor: { kind: 'system', id: 'level-income' },
      correlationId:
        positions.length === 1 ? `topup-${positions[0]}` : `topups-${positions.length}-from-${positions[0]}`,
      ...(positions.length === 1 ? { causationId: positions[0] } : {}),
    },
    async (tx) => {
      const inputs = await loadIncomeInputsOf(tx, positions);
      const outcomes = new Map(positions.map((p) => [p, outcomeOf(inputs.get(p))]));
      const paying = positions.filter((p) => outcomes.get(p) === 'paid');
      if (paying.length > 0)
        await tx.appendAll(
          paying.map((p) => ({
            streamId: levelIncomeStream(p),
            expectedVersion: 0,
            events: incomeOf(p, inputs.get(p)!),
          })),
          { last: true },
        );
      return outcomes;
    },
  );
}

/**
 * Gathers the level income jobs that arrive while a payment transaction is in flight and pays them
 * together in the next one (at most `maxBatch` per transaction; one transaction at a time:
 * `PositionBatcher`): under
 * a burst of top-ups the income path commits once per batch instead of once per top-up, and at a
 * trickle each job is paid at once, alone. Each job's promise settles with its own top-up's
 * outcome. A top-up not yet settled, or a batch that fails, falls back to `payLevelIncome` per
 * top-up, so one bad top-up fails only its own job (which BullMQ retries).
 */
export class LevelIncomeBatcher {
  private readonly batcher: PositionBatcher<PayOutcome>;

  constructor(
    ledger: Ledger,
    readonly maxBatch = LEVEL_INCOME_BATCH,
  ) {
    this.batcher = new PositionBatcher<PayOutcome>(
      'level-income',
      async (positions) => {
        const outcomes = await payLevelIncomes(ledger, positions);
        return (position) => {
          const outcome = outcomes.get(position);
          return outcome === 'not-settled' ? undefined : outcome;
        };
      },
      (position) => payLevelIncome(ledger, position),
      maxBatch,
    );
  }

  pay(topupPosition: string): Promise<PayOutcome> {
    return this.batcher.add(topupPosition);
  }
}

type PayOutcome = Exclude<Outcome, 'not-settled'>;

/** Top-ups paid in one transaction at most (the worker's level income concurrency is this too). */
export const LEVEL_INCOME_BATCH = 64;

/** What holds the top-up's horizon back: the transactions at or below its own transaction id. */
async function horizonHoldersOf(ledger: Ledger, topupPosition: string): Promise<string> {
  const [topup] = await ledger.db.query<{ tx_id: string }>(
    'select tx_id::text as tx_id from events where position = $1',
    [topupPosition],
  );
  return topup ? describeHorizonHolders(await ledgerHorizonHolders(ledger.db, topup.tx_id)) : 'the top-up is gone';
}
