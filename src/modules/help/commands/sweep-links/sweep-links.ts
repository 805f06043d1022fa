import { EventMetadata } from '../../../../platform/event-store/event.types';
import { Ledger } from '../../../../platform/ledger';
import { Sql } from '../../../../platform/db/sql';
import { databaseNow } from '../../../../platform/db/clock';
import { loadSettings } from '../../../settings';
import { decideTimeouts } from '../../domain/help-link.decide';
import { entitlementEvent } from '../../domain/help-request.decide';
import { lockHelpRequest } from '../../rows';
import { appendLinkEvents, lockLinkContext } from '../../steps/settle-link';

/** Links and entitlements handled per sweep (the next sweep takes the rest). */
export const SWEEP_LIMIT = 1000;

const systemMeta = (what: string, id: string): EventMetadata => ({
  actor: { kind: 'system', id: 'help-sweeper' },
  correlationId: `${what}-${id}`,
});

/**
 * What time does to one link, at `now` (the per-link expiry job, the sweeper): expired, disputed,
 * or a held cancel returned — or nothing. Idempotent: a settled or changed link is left alone.
 * `now` is the database's clock, read once the link is locked, unless a caller (a test standing
 * for time having passed) names another: never the worker's own clock (decision 0039).
 */
export async function settleTimeouts(ledger: Ledger, linkId: string, now?: Date): Promise<string> {
  return ledger.run(systemMeta('timeouts', linkId), async (tx) => {
    const ctx = await lockLinkContext(tx, linkId);
    if (!ctx) return 'no such link';
    const settings = await loadSettings(tx);
    const events = decideTimeouts(ctx.link.state, ctx.sides.request, settings, now ?? (await databaseNow(tx)));
    if (!events.length) return `nothing due (${ctx.link.state.state})`;
    await appendLinkEvents(tx, ctx, events, settings);
    return events.map((e) => e.type).join(', ');
  });
}

/** Credits a closed request's GH entitlement once it is due (at `now`, by default the database's clock). */
export async function creditEntitlement(ledger: Ledger, requestId: string, now?: Date): Promise<boolean> {
  return ledger.run(systemMeta('entitlement', requestId), async (tx) => {
    const request = await lockHelpRequest(tx, requestId);
    if (!request) return false;
    const [row] = await tx.query<{ due: boolean; paise: string }>(
      `select entitlement_due_at <= $2 as due, entitlement_paise::text as paise from help_requests
        where id = $1 and status = 'closed' and entitlement_at is null and entitlement_paise > 0`,
      [requestId, now ?? (await databaseNow(tx))],
    );
    if (!row?.due) return false;
    await tx.append(request, [entitlementEvent(request.state, BigInt(row.paise))], { last: true });
    return true;
  });
}

/** Links whose time is up at `now`, oldest deadline first. */
async function dueLinks(sql: Sql, now: Date, limit: number): Promise<string[]> {
  const settings = await loadSettings(sql);
  const rows = await sql.query<{ id: string }>(
    `select id from help_links
      where not settled and ((state = 'Pending' and deadline <= $1)
         or (state = 'Paid' and paid_at <= $1 - make_interval(hours => $2))
         or (state = 'Cancel' and cancelled_at <= $1 - make_interval(hours => $2)))
      order by deadline limit $3`,
    [now, settings.disputeAfterHours, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * The sweeper: every link whose time is up and every entitlement now due, each in its own
 * transaction. It catches whatever a lost per-link job missed (a worker killed mid-expiry, Redis
 * emptied): the ledger, not the queue, says what is due — and the database's clock says when
 * (read once, at the start of the sweep), unless a caller names another `now` (decision 0039).
 */
export async function sweepHelp(
  ledger: Ledger,
  at?: Date,
  limit = SWEEP_LIMIT,
): Promise<{ links: number; entitlements: number }> {
  const now = at ?? (await databaseNow(ledger.db));
  let links = 0;
  for (const id of await dueLinks(ledger.db, now, limit))
    if (!(await settleTimeouts(ledger, id, now)).startsWith('nothing')) links++;
  const due = await ledger.db.query<{ id: string }>(
    `select id from help_requests where status = 'closed' and entitlement_at is null and entitlement_paise > 0 and entitlement_due_at <= $1
      order by entitlement_due_at limit $2`,
    [now, limit],
  );
  let entitlements = 0;
  for (const { id } of due) if (await creditEntitlement(ledger, id, now)) entitlements++;
  return { links, entitlements };
}
