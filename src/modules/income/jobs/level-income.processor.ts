import { Ledger } from '../../../platform/ledger';
import { decideLevelIncome } from '../domain/level-income.decide';
import { levelIncomeStream, MAX_INCOME_LEVELS } from '../domain/level-income.events';
import { loadIncomeInputs } from '../rows';

/** How long a payment waits, by default, for older transactions to end before it fails (and its job is retried). */
export const SETTLE_WAIT_MS = 10_000;
const SETTLE_POLL_MS = 20;

/**
 * Pays the level income of one top-up, in one transaction. Its stream `level-income-<position>`
 * can only ever have a version 1: a second run (a retried job, a replayed relay) finds it and
 * stops, and two racing runs collide on the version, so each (top-up, level) is paid once.
 * Rates are the settings in force before the top-up and "active" means activated before it, both in
 * the ledger's commit-safe order (`EARLIER_IN_LEDGER`); so it decides only once every older
 * transaction has ended — the relay delivers only such top-ups; a direct call (a retried job, a
 * test) waits up to `settleWaitMs`, then fails so that its job is retried.
 */
export async function payLevelIncome(
  ledger: Ledger,
  topupPosition: string,
  { settleWaitMs = SETTLE_WAIT_MS } = {},
): Promise<'paid' | 'already-paid' | 'not-a-top-up'> {
  for (const started = Date.now(); ;) {
    const outcome = await payIfSettled(ledger, topupPosition);
    if (outcome !== 'not-settled') return outcome;
    if (Date.now() - started >= settleWaitMs) {
      throw new Error(
        `level income of top-up ${topupPosition}: a transaction older than the top-up's is still open, so what comes before it is not final yet (the job will be retried)`,
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
