import { Logger } from '@nestjs/common';
import { Ledger } from '../../../platform/ledger';
import {
  describeHorizonHolders,
  HORIZON_WAIT_LOG_MS,
  ledgerHorizonHolders,
} from '../../../platform/event-store/ledger-order';
import { decideLevelIncome } from '../domain/level-income.decide';
import { levelIncomeStream, MAX_INCOME_LEVELS } from '../domain/level-income.events';
import { loadIncomeInputs } from '../rows';

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

async function payIfSettled(
  ledger: Ledger,
  topupPosition: string,
): Promise<'paid' | 'already-paid' | 'not-a-top-up' | 'not-settled'> {
  return ledger.run(
    {
      actor: { kind: 'system', id: 'level-income' },
      correlationId: `topup-${topupPosition}`,
      causationId: topupPosition,
    },
    async (tx) => {
      const inputs = await loadIncomeInputs(tx, topupPosition);
      if (!inputs) return 'not-a-top-up';
      if (inputs.alreadyPaid) return 'already-paid';
      if (!inputs.settled) return 'not-settled';
      const events = decideLevelIncome(
        { topupPosition, fromUid: inputs.fromUid, packagePaise: BigInt(inputs.topup.valuePaise) },
        { ratesBp: inputs.settings.levelIncomeRatesBp.slice(0, MAX_INCOME_LEVELS), uplines: inputs.uplines },
      );
      // A new stream (version 0); nothing follows the append, so COMMIT rides with it.
      await tx.append(levelIncomeStream(topupPosition), 0, events, { last: true });
      return 'paid';
    },
  );
}

/** What holds the top-up's horizon back: the transactions at or below its own transaction id. */
async function horizonHoldersOf(ledger: Ledger, topupPosition: string): Promise<string> {
  const [topup] = await ledger.db.query<{ tx_id: string }>(
    'select tx_id::text as tx_id from events where position = $1',
    [topupPosition],
  );
  return topup ? describeHorizonHolders(await ledgerHorizonHolders(ledger.db, topup.tx_id)) : 'the top-up is gone';
}
