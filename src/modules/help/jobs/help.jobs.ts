import { Database } from '../../../platform/db/database';
import { Ledger } from '../../../platform/ledger';
import { loadSettings } from '../../settings';
import { runMatching } from '../commands/run-matching/run-matching';
import { settleTimeouts, sweepHelp } from '../commands/sweep-links/sweep-links';

/** How often the matching tick and the sweeper run. */
export const HELP_TICK_MS = 60_000;

/**
 * The matching tick (every minute): runs matching when the minute since the epoch is a multiple of
 * `matchingIntervalMinutes`, so a changed setting applies from the next tick without a restart.
 */
export async function matchingTick(ledger: Ledger, at: Date = new Date()): Promise<string> {
  const every = (await loadSettings(ledger.db)).matchingIntervalMinutes;
  if (Math.floor(at.getTime() / 60_000) % every !== 0) return `not due (every ${every} minutes)`;
  const result = await runMatching(ledger, {
    actor: { kind: 'system', id: 'matching' },
    correlationId: `matching-${at.toISOString()}`,
  });
  return result.busy ? 'another run holds the lock' : `${result.links} links, ${result.amountPaise} paise`;
}

/** The delay of a link's expiry job: until its deadline (never negative). */
export async function expiryDelayOf(
  db: Database,
  streamId: string,
  now: number = Date.now(),
): Promise<{ linkId: string; delayMs: number } | null> {
  const linkId = streamId.startsWith('help-link-') ? streamId.slice('help-link-'.length) : '';
  const [row] = await db.query<{ deadline: Date }>('select deadline from help_links where id = $1', [linkId]);
  if (!row) return null;
  return { linkId, delayMs: Math.max(0, row.deadline.getTime() - now) };
}

/** The per-link expiry job: whatever the link's time says now (usually: expired, unless it was paid meanwhile). */
export function expireLinkJob(ledger: Ledger, linkId: string): Promise<string> {
  return settleTimeouts(ledger, linkId);
}

export function sweepJob(ledger: Ledger): Promise<{ links: number; entitlements: number }> {
  return sweepHelp(ledger);
}
