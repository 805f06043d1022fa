import { Posting } from '../../../platform/money';
import {
  HELP_ACCOUNT as A,
  HELP_OUTCOME,
  HelpLinkCreated,
  HelpLinkEvent,
  HelpLinksCreated,
  HelpOutcome,
  QueueSource,
} from './help.events';

export type LinkStateName = 'Pending' | 'Paid' | 'Received' | 'Cancel' | 'Expired' | 'Disputed';

/** A help link as its use cases decide on it (read under its row lock). */
export interface LinkState {
  id: string;
  state: LinkStateName;
  /** Its amounts have left the link (received, or returned to the queues). */
  settled: boolean;
  senderUid: string;
  receiverUid: string;
  amountPaise: bigint;
  requestId: string;
  phEntryId: string;
  ghEntryId: string;
  ghSource: QueueSource;
  ghSourceId: string;
  deadline: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
}

/** What a return decides on: the sender's help request (its failures so far, what still waits in the PH queue). */
export interface RequestSide {
  failures: number;
  phWaitingPaise: bigint;
}

/** What a receipt decides on: the receiver's GH entry. */
export interface GhEntrySide {
  amountPaise: bigint;
  receivedPaise: bigint;
}

/** The timing settings a link's life depends on. */
export interface LinkTiming {
  disputeAfterHours: number;
}

const HOUR_MS = 3_600_000;
const posting = (account: string, amount: bigint): Posting => ({ account, amountPaise: amount.toString() });

export type Decision =
  { ok: true; events: HelpLinkEvent[]; outcome: HelpOutcome } | { ok: false; outcome: HelpOutcome };
const refuse = (outcome: HelpOutcome): Decision => ({ ok: false, outcome });

/** Pending and past its deadline: expired, whatever the row still says (read paths show it so too). */
export const isOverdue = (link: Pick<LinkState, 'state' | 'deadline'>, now: Date): boolean =>
  link.state === 'Pending' && link.deadline.getTime() <= now.getTime();

/** The new link: its amount leaves both queues and is held by the link on each side. */
export function decideCreateLink(
  input: Omit<HelpLinkCreated, 'amountPaise' | 'deadline' | 'postings'> & {
    amountPaise: bigint;
    now: Date;
    linkDeadlineHours: number;
  },
): { type: 'HelpLinkCreated'; payload: HelpLinkCreated } {
  const a = input.amountPaise;
  if (input.sender.uid === input.receiver.uid) throw new Error('a member cannot be linked to themselves');
  if (a <= 0n) throw new Error('a help link moves a positive amount');
  return {
    type: 'HelpLinkCreated',
    payload: {
      id: input.id,
      phEntryId: input.phEntryId,
      ghEntryId: input.ghEntryId,
      requestId: input.requestId,
      ghSource: input.ghSource,
      ghSourceId: input.ghSourceId,
      sender: input.sender,
      receiver: input.receiver,
      bank: input.bank,
      amountPaise: a.toString(),
      deadline: new Date(input.now.getTime() + input.linkDeadlineHours * HOUR_MS).toISOString(),
      manual: input.manual,
      postings: [
        posting(A.phOwed(input.sender.uid), -a),
        posting(A.linkPh(input.id), a),
        posting(A.ghOwed(input.receiver.uid), -a),
        posting(A.linkGh(input.id), a),
      ],
    },
  };
}

/**
 * The links one transaction makes, as one event for the matching stream: each decided as
 * `decideCreateLink` decides one link, their postings gathered in the links' order.
 */
export function decideCreateLinks(inputs: ReadonlyArray<Parameters<typeof decideCreateLink>[0]>): {
  type: 'HelpLinksCreated';
  payload: HelpLinksCreated;
} {
  if (inputs.length === 0) throw new Error('no links to create');
  const links: HelpLinksCreated['links'] = [];
  const postings: Posting[] = [];
  for (const input of inputs) {
    const { postings: own, ...link } = decideCreateLink(input).payload;
    links.push(link);
    postings.push(...own);
  }
  return { type: 'HelpLinksCreated', payload: { links, postings } };
}

/** The fields a received or returned link's event starts with: which link, between whom, how much, for which request. */
const linkParties = (link: LinkState) => ({
  id: link.id,
  senderUid: link.senderUid,
  receiverUid: link.receiverUid,
  amountPaise: link.amountPaise.toString(),
  requestId: link.requestId,
});

/** The receiver has the money: the sender has given it, the receiver has received it. */
export function receivedEvent(link: LinkState, gh: GhEntrySide): HelpLinkEvent {
  const a = link.amountPaise;
  return {
    type: 'HelpLinkReceived',
    payload: {
      ...linkParties(link),
      ghEntryId: link.ghEntryId,
      ghSource: link.ghSource,
      ghSourceId: link.ghSourceId,
      ghEntryCompleted: gh.receivedPaise + a === gh.amountPaise,
      postings: [
        posting(A.linkPh(link.id), -a),
        posting(A.phGiven(link.senderUid), a),
        posting(A.linkGh(link.id), -a),
        posting(A.ghReceived(link.receiverUid), a),
      ],
    },
  };
}

/**
 * A failed link's amounts go back (business rules: cancel or expiry returns the amount to both
 * queues): the receiver's to their GH entry, to be matched again; the sender's commitment is
 * reopened on its first failure, and on a later one closed — this amount and whatever of the
 * commitment still waits are written off.
 */
export function returnedEvent(
  link: LinkState,
  request: RequestSide,
  reason: 'cancel' | 'expiry' | 'dispute',
): HelpLinkEvent {
  const a = link.amountPaise;
  const reopen = request.failures === 0;
  const waiting = reopen ? 0n : request.phWaitingPaise;
  return {
    type: 'HelpLinkReturned',
    payload: {
      ...linkParties(link),
      phEntryId: link.phEntryId,
      ghEntryId: link.ghEntryId,
      reason,
      sender: reopen ? 'reopened' : 'written-off',
      writtenOffWaitingPaise: waiting.toString(),
      postings: [
        posting(A.linkPh(link.id), -a),
        reopen ? posting(A.phOwed(link.senderUid), a) : posting(A.phCommitments, a),
        ...(waiting > 0n ? [posting(A.phOwed(link.senderUid), -waiting), posting(A.phCommitments, waiting)] : []),
        posting(A.linkGh(link.id), -a),
        posting(A.ghOwed(link.receiverUid), a),
      ],
    },
  };
}

/** Sender submits a UTR (`UpdatePhUser`): Pending → Paid. An overdue link is expired instead. */
export function decideSubmitUtr(
  link: LinkState | null,
  command: { uid: string; utr: string },
  request: RequestSide,
  now: Date,
): Decision {
  if (!link || link.senderUid !== command.uid) return refuse(HELP_OUTCOME.noSuchLink);
  if (isOverdue(link, now)) return expire(link, request, HELP_OUTCOME.expired);
  if (link.state !== 'Pending') return refuse(HELP_OUTCOME.notPending);
  return {
    ok: true,
    outcome: HELP_OUTCOME.paid,
    events: [{ type: 'HelpLinkPaid', payload: { id: link.id, senderUid: link.senderUid, utr: command.utr } }],
  };
}

function expire(link: LinkState, request: RequestSide, outcome: HelpOutcome): Decision {
  return {
    ok: true,
    outcome,
    events: [{ type: 'HelpLinkExpired', payload: { id: link.id } }, returnedEvent(link, request, 'expiry')],
  };
}

/**
 * Receiver confirms (`UpdateGhUser` status 1) a Pending or Paid link → Received; or cancels it
 * with a remark (status 2): a Pending link's amounts return at once, a Paid link's are held while
 * the sender may dispute the cancel.
 */
export function decideReceiverAction(
  link: LinkState | null,
  command: { uid: string; status: 1 | 2; remark: string },
  sides: { request: RequestSide; gh: GhEntrySide },
  now: Date,
): Decision {
  if (!link || link.receiverUid !== command.uid) return refuse(HELP_OUTCOME.noSuchLink);
  const remark = command.remark.trim();
  if (command.status === 2 && !remark) return refuse(HELP_OUTCOME.remarkRequired);
  if (isOverdue(link, now)) return expire(link, sides.request, HELP_OUTCOME.expired);
  if (link.state !== 'Pending' && link.state !== 'Paid') return refuse(HELP_OUTCOME.notOpen);
  if (command.status === 1)
    return { ok: true, outcome: HELP_OUTCOME.received, events: [receivedEvent(link, sides.gh)] };
  const held = link.state === 'Paid';
  const cancelled: HelpLinkEvent = { type: 'HelpLinkCancelled', payload: { id: link.id, remark, held } };
  return {
    ok: true,
    outcome: HELP_OUTCOME.cancelled,
    events: held ? [cancelled] : [cancelled, returnedEvent(link, sides.request, 'cancel')],
  };
}

/** A sender whose Paid link was cancelled disputes the cancel, with a remark, within `disputeAfterHours`. */
export function decideDispute(
  link: LinkState | null,
  command: { uid: string; remark: string },
  timing: LinkTiming,
  now: Date,
): Decision {
  if (!link || link.senderUid !== command.uid) return refuse(HELP_OUTCOME.noSuchLink);
  const remark = command.remark.trim();
  if (!remark) return refuse(HELP_OUTCOME.remarkRequired);
  const within =
    link.state === 'Cancel' &&
    !link.settled &&
    link.cancelledAt !== null &&
    now.getTime() < link.cancelledAt.getTime() + timing.disputeAfterHours * HOUR_MS;
  if (!within) return refuse(HELP_OUTCOME.notDisputable);
  return {
    ok: true,
    outcome: HELP_OUTCOME.disputed,
    events: [{ type: 'HelpLinkDisputed', payload: { id: link.id, by: 'sender', remark } }],
  };
}

/**
 * An admin resolves a link that has not settled — Disputed, Paid, a held cancel, or Pending (say,
 * of a blocked member): received, or cancelled with the amounts returned.
 */
export function decideResolve(
  link: LinkState | null,
  command: { outcome: 'received' | 'cancel'; remark: string; by: string },
  sides: { request: RequestSide; gh: GhEntrySide },
): Decision {
  if (!link) return refuse(HELP_OUTCOME.noSuchLink);
  const resolvable = !link.settled && link.state !== 'Received' && link.state !== 'Expired';
  if (!resolvable) return refuse(HELP_OUTCOME.notOpen);
  const resolved: HelpLinkEvent = {
    type: 'HelpLinkResolved',
    payload: { id: link.id, outcome: command.outcome, remark: command.remark.trim(), by: command.by },
  };
  return command.outcome === 'received'
    ? { ok: true, outcome: HELP_OUTCOME.received, events: [resolved, receivedEvent(link, sides.gh)] }
    : { ok: true, outcome: HELP_OUTCOME.cancelled, events: [resolved, returnedEvent(link, sides.request, 'dispute')] };
}

/**
 * What time alone does to a link (the sweeper and the per-link expiry job): Pending past its
 * deadline → Expired (amounts returned); Paid unconfirmed for `disputeAfterHours` → Disputed;
 * a held cancel undisputed for `disputeAfterHours` → its amounts returned. Nothing otherwise.
 */
export function decideTimeouts(link: LinkState, request: RequestSide, timing: LinkTiming, now: Date): HelpLinkEvent[] {
  const window = timing.disputeAfterHours * HOUR_MS;
  if (link.settled) return [];
  if (isOverdue(link, now)) {
    const decision = expire(link, request, HELP_OUTCOME.expired);
    return decision.ok ? decision.events : [];
  }
  if (link.state === 'Paid' && link.paidAt && now.getTime() >= link.paidAt.getTime() + window)
    return [
      {
        type: 'HelpLinkDisputed',
        payload: { id: link.id, by: 'system', remark: `not confirmed within ${timing.disputeAfterHours} hours` },
      },
    ];
  if (link.state === 'Cancel' && link.cancelledAt && now.getTime() >= link.cancelledAt.getTime() + window)
    return [returnedEvent(link, request, 'cancel')];
  return [];
}
