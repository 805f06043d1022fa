import { Posting } from '../../../platform/money';
import { entitlementEntryId, HELP_ACCOUNT as A, HelpEvent, phEntryId } from './help.events';

const HOUR_MS = 3_600_000;
const posting = (account: string, amount: bigint): Posting => ({ account, amountPaise: amount.toString() });

/** A help request as its use cases see it (read under its row lock). */
export interface HelpRequestState {
  id: string;
  uid: string;
  status: 'awaiting-approval' | 'in-queue' | 'closed';
  tierPaise: bigint;
  givenPaise: bigint;
  failures: number;
}

export type ApprovalDecision =
  { ok: true; events: HelpEvent[] } | { ok: false; code: 'HELP.NOT_AWAITING'; text: string };

/** An admin (or `helpAutoApprove`) approves a request awaiting approval: its commitment joins the PH queue. */
export function decideApproval(
  request: HelpRequestState,
  command: { decision: 'approve' | 'reject'; by: string; remark: string },
): ApprovalDecision {
  if (request.status !== 'awaiting-approval')
    return { ok: false, code: 'HELP.NOT_AWAITING', text: `Help request ${request.id} is not awaiting approval` };
  if (command.decision === 'reject')
    return {
      ok: true,
      events: [
        {
          type: 'HelpRequestRejected',
          payload: { id: request.id, uid: request.uid, by: command.by, remark: command.remark },
        },
      ],
    };
  const t = request.tierPaise;
  return {
    ok: true,
    events: [
      {
        type: 'HelpRequestApproved',
        payload: {
          id: request.id,
          uid: request.uid,
          by: command.by,
          entry: {
            id: phEntryId(request.id),
            side: 'PH',
            uid: request.uid,
            amountPaise: t.toString(),
            source: 'help-request',
            sourceId: request.id,
          },
          postings: [posting(A.phCommitments, -t), posting(A.phOwed(request.uid), t)],
        },
      },
    ],
  };
}

/** The GH entitlement of a closed request: the help given × phToGhPercent, opened as a GH entry. */
export function entitlementEvent(request: Pick<HelpRequestState, 'id' | 'uid'>, entitlementPaise: bigint): HelpEvent {
  return {
    type: 'GhEntitlementCredited',
    payload: {
      id: request.id,
      uid: request.uid,
      entry: {
        id: entitlementEntryId(request.id),
        side: 'GH',
        uid: request.uid,
        amountPaise: entitlementPaise.toString(),
        source: 'ph-completed',
        sourceId: request.id,
      },
      postings: [posting(A.ghEntitlements, -entitlementPaise), posting(A.ghOwed(request.uid), entitlementPaise)],
    },
  };
}

/**
 * After a link of the request settles: once nothing of its commitment waits in the PH queue and no
 * link of it is open, the request closes — completed when the whole tier was given, failed otherwise
 * — and the help given earns its GH entitlement (credited now when `phToGhDelayHours` is 0, else by
 * the sweeper when due). A closed request frees the member to make the next one.
 */
export function decideClose(
  request: HelpRequestState,
  after: { givenPaise: bigint; phWaitingPaise: bigint; openLinks: number },
  settings: { phToGhPercent: number; phToGhDelayHours: number },
  now: Date,
): HelpEvent[] {
  if (request.status !== 'in-queue' || after.phWaitingPaise > 0n || after.openLinks > 0) return [];
  const entitlement = (after.givenPaise * BigInt(settings.phToGhPercent)) / 100n;
  const due = new Date(now.getTime() + settings.phToGhDelayHours * HOUR_MS);
  const closed: HelpEvent = {
    type: 'HelpRequestClosed',
    payload: {
      id: request.id,
      uid: request.uid,
      outcome: after.givenPaise === request.tierPaise ? 'completed' : 'failed',
      givenPaise: after.givenPaise.toString(),
      entitlementPaise: entitlement.toString(),
      entitlementDueAt: due.toISOString(),
    },
  };
  return entitlement > 0n && settings.phToGhDelayHours === 0
    ? [closed, entitlementEvent(request, entitlement)]
    : [closed];
}
