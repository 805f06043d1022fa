import { appendTo, Locked } from '../../../platform/event-store/locked';
import { LedgerTx } from '../../../platform/ledger';
import { Settings } from '../../settings';
import { decideClose, HelpRequestState } from '../domain/help-request.decide';
import { GhEntrySide, LinkState, RequestSide } from '../domain/help-link.decide';
import { HelpLinkEvent, HelpLinkReturned } from '../domain/help.events';
import { lockEntry, lockHelpRequest, lockLink, openLinksOf } from '../rows';

/** A link with everything its settlement decides on, locked in the one order every use case takes: link, request, PH entry, GH entry. */
export interface LinkContext {
  link: Locked<LinkState>;
  request: Locked<HelpRequestState>;
  sides: { request: RequestSide; gh: GhEntrySide };
}

export async function lockLinkContext(tx: LedgerTx, linkId: string): Promise<LinkContext | null> {
  const link = await lockLink(tx, linkId);
  if (!link) return null;
  const request = await lockHelpRequest(tx, link.state.requestId);
  const ph = await lockEntry(tx, link.state.phEntryId);
  const gh = await lockEntry(tx, link.state.ghEntryId);
  if (!request || !ph || !gh) throw new Error(`help link ${linkId} without its request or queue entries`);
  return {
    link,
    request,
    sides: {
      request: { failures: request.state.failures, phWaitingPaise: ph.remainingPaise },
      gh: { amountPaise: gh.amountPaise, receivedPaise: gh.receivedPaise },
    },
  };
}

/**
 * Appends a link's events and, when they settle it and nothing of its request remains waiting or
 * open, the request's closing (and, without a delay, its GH entitlement) in the same INSERT.
 */
export async function appendLinkEvents(
  tx: LedgerTx,
  ctx: LinkContext,
  events: readonly HelpLinkEvent[],
  settings: Settings,
): Promise<void> {
  const amount = ctx.link.state.amountPaise;
  let given = ctx.request.state.givenPaise;
  let waiting = ctx.sides.request.phWaitingPaise;
  let settles = false;
  for (const event of events) {
    if (event.type === 'HelpLinkReceived') {
      given += amount;
      settles = true;
    }
    if (event.type === 'HelpLinkReturned') {
      const p: HelpLinkReturned = event.payload;
      waiting = p.sender === 'reopened' ? waiting + amount : 0n;
      settles = true;
    }
  }
  const closing = settles
    ? decideClose(
        ctx.request.state,
        {
          givenPaise: given,
          phWaitingPaise: waiting,
          openLinks: await openLinksOf(tx, ctx.link.state.phEntryId, ctx.link.state.id),
        },
        settings,
        tx.now,
      )
    : [];
  await tx.appendAll([appendTo(ctx.link, events), ...(closing.length ? [appendTo(ctx.request, closing)] : [])]);
}
