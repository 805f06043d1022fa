import { Database } from '../../../platform/db/database';
import { databaseNow } from '../../../platform/db/clock';
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

/**
 * The delays of the expiry jobs of the links an outbox event made (a batch's `HelpLinksCreated`, or
 * an older ledger's `HelpLinkCreated`): until each deadline by the database's clock (unless `at`
 * is named), never negative. A job that runs early anyway (a worker's clock ahead of Redis's
 * scheduling) finds nothing due; the sweeper expires the link on time by the database's clock.
 */
export async function expiryDelaysOf(
  db: Database,
  event: { position: string; streamId: string },
  at?: number,
): Promise<Array<{ linkId: string; delayMs: number }>> {
  const now = at ?? (await databaseNow(db)).getTime();
  const rows = await db.query<{ id: string; deadline: Date }>(
    `select l.id, l.deadline
       from events e cross join lateral jsonb_array_elements(e.payload->'links') as x(link)
       join help_links l on l.id = x.link->>'id'
      where e.position = $1::bigint and e.type = 'HelpLinksCreated'
     union all
     select id, deadline from help_links where $2 like 'help-link-%' and id = substr($2, 11)`,
    [event.position, event.streamId],
  );
  return rows.map((r) => ({ linkId: r.id, delayMs: Math.max(0, r.deadline.getTime() - now) }));
}

/** The per-link expiry job: whatever the link's time says now (usually: expired, unless it was paid meanwhile). */
export function expireLinkJob(ledger: Ledger, linkId: string): Promise<string> {
  return settleTimeouts(ledger, linkId);
}

/**
 * The sweeper (every minute): expires what is due, then folds the queue totals' deltas into one row
 * per side (decision 0054), so the dashboard's read of them stays a few rows.
 */
export async function sweepJob(ledger: Ledger): Promise<{ links: number; entitlements: number }> {
  const swept = await sweepHelp(ledger);
  await compactQueueWaitingTotals(ledger.db);
  return swept;
}

/** Folds `queue_waiting_totals` into one row per side and hour (none for an hour where nothing waits): the same sums, fewer rows (safe beside writers and another fold). */
export async function compactQueueWaitingTotals(db: Database): Promise<void> {
  await db.execute('select compact_queue_waiting_totals()');
}
