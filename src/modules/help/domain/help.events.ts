import type { ReceiverBank } from '../../profile';
import { Outcome } from '../../../platform/errors';
import { Posting } from '../../../platform/money';
import { EpinType } from '../../epins';

/** Help tiers by e-pin type (business rules: Help). */
export const HELP_TIER_PAISE: Record<EpinType, bigint> = { EpintypeB: 500_000n, EpintypeA: 1_000_000n };

export const helpRequestStream = (id: string): string => `help-request-${id}`;
export const helpLinkStream = (id: string): string => `help-link-${id}`;
export const utrFlagStream = (id: string): string => `utr-flag-${id}`;
/**
 * The matching stream: one `HelpLinksCreated` per transaction that makes links (a matching run's
 * batch, a match by hand), written under the matching lock. A link's own stream (`help-link-<id>`)
 * then starts with its first transition (Paid, Received, Cancel, Expired...).
 */
export const MATCHING_STREAM = 'help-matching';

/** The queue entry of a help request's PH commitment, and of a completed commitment's GH entitlement. */
export const phEntryId = (requestId: string): string => `ph-${requestId}`;
export const entitlementEntryId = (requestId: string): string => `gh-${requestId}`;

/**
 * Accounts of the help circle (docs/decisions/0018): a member's PH owed (the unmatched part of their
 * commitment — the PH queue), PH given, GH owed (unmatched entitlement — the GH queue), GH received;
 * each help link holds its amount on both sides while open; the platform accounts are the other side
 * of commitments opened and entitlements credited.
 */
export const HELP_ACCOUNT = {
  phOwed: (uid: string) => `member:${uid}:ph-owed`,
  phGiven: (uid: string) => `member:${uid}:ph-given`,
  ghOwed: (uid: string) => `member:${uid}:gh-owed`,
  ghReceived: (uid: string) => `member:${uid}:gh-received`,
  linkPh: (linkId: string) => `help-link:${linkId}:ph`,
  linkGh: (linkId: string) => `help-link:${linkId}:gh`,
  phCommitments: 'platform:ph-commitments',
  ghEntitlements: 'platform:gh-entitlements',
} as const;

export type QueueSide = 'PH' | 'GH';
export type QueueSource = 'help-request' | 'withdrawal' | 'ph-completed';

/** A queue entry opened by an event (help request approved, withdrawal approved, entitlement credited). */
export interface QueueEntryOpened {
  id: string;
  side: QueueSide;
  uid: string;
  amountPaise: string;
  source: QueueSource;
  sourceId: string;
}

export interface HelpRequested {
  id: string;
  uid: string;
  epinType: EpinType;
  tierPaise: string;
  kind: 'Upgrade' | 'Activate';
  /** The position of the top-up that came with the request. */
  topupPosition: string;
}

export interface HelpRequestApproved {
  id: string;
  uid: string;
  /** The admin's name, or 'auto' under `helpAutoApprove`. */
  by: string;
  entry: QueueEntryOpened;
  postings: Posting[];
}

export interface HelpRequestRejected {
  id: string;
  uid: string;
  by: string;
  remark: string;
}

/** No part of the commitment is waiting or in a link any more. */
export interface HelpRequestClosed {
  id: string;
  uid: string;
  outcome: 'completed' | 'failed';
  givenPaise: string;
  /** The GH entitlement the help given earns (phToGhPercent), credited at `entitlementDueAt`. */
  entitlementPaise: string;
  entitlementDueAt: string;
}

export interface GhEntitlementCredited {
  id: string;
  uid: string;
  entry: QueueEntryOpened;
  postings: Posting[];
}

/** The bank and UPI details of the receiver, copied when the link is made (as the profile context holds them). */
export type { ReceiverBank };

export interface LinkParty {
  uid: string;
  name: string;
  mobile: string;
}

export interface HelpLinkCreated {
  id: string;
  phEntryId: string;
  ghEntryId: string;
  /** The help request whose commitment the sender pays from. */
  requestId: string;
  ghSource: QueueSource;
  ghSourceId: string;
  sender: LinkParty;
  receiver: LinkParty;
  bank: ReceiverBank;
  amountPaise: string;
  deadline: string;
  /** Made by an admin's hand rather than by a matching run. */
  manual: boolean;
  postings: Posting[];
}

/** One link of a `HelpLinksCreated`: a `HelpLinkCreated` without its postings (the batch carries them). */
export type NewHelpLink = Omit<HelpLinkCreated, 'postings'>;

/**
 * The links one transaction made (decision 0018, amended by 0023): each link as `HelpLinkCreated`
 * describes it, and all their postings (four per link, in the links' order: ph-owed −a, link:ph +a,
 * gh-owed −a, link:gh +a). Since 0023 every new link is made this way; `HelpLinkCreated` events
 * (one link each, on the link's own stream) remain in older ledgers and replay as before.
 */
export interface HelpLinksCreated {
  links: NewHelpLink[];
  postings: Posting[];
}

export interface HelpLinkPaid {
  id: string;
  senderUid: string;
  utr: string;
}

export interface HelpLinkReceived {
  id: string;
  senderUid: string;
  receiverUid: string;
  amountPaise: string;
  requestId: string;
  ghEntryId: string;
  ghSource: QueueSource;
  ghSourceId: string;
  /** The GH entry has now received its whole amount (a withdrawal is then Paid). */
  ghEntryCompleted: boolean;
  postings: Posting[];
}

export interface HelpLinkCancelled {
  id: string;
  remark: string;
  /** A Paid link's amounts stay in the link while the sender may dispute the cancel. */
  held: boolean;
}

export interface HelpLinkExpired {
  id: string;
}

export interface HelpLinkDisputed {
  id: string;
  by: 'sender' | 'system';
  remark: string;
}

export interface HelpLinkResolved {
  id: string;
  outcome: 'received' | 'cancel';
  remark: string;
  by: string;
}

/** A failed link's amounts go back: the receiver's to the GH queue; the sender's reopened once, then written off. */
export interface HelpLinkReturned {
  id: string;
  senderUid: string;
  receiverUid: string;
  amountPaise: string;
  requestId: string;
  phEntryId: string;
  ghEntryId: string;
  reason: 'cancel' | 'expiry' | 'dispute';
  sender: 'reopened' | 'written-off';
  /** On a second failure, the part of the commitment still waiting in the PH queue is written off too. */
  writtenOffWaitingPaise: string;
  postings: Posting[];
}

export interface UtrReuseFlagged {
  id: string;
  utr: string;
  uid: string;
  helpLinkId: string | null;
  epinRequestId: string | null;
  claimedSource: 'help-link' | 'epin-request';
  claimedId: string;
}

export type HelpEvent =
  | { type: 'HelpRequested'; payload: HelpRequested }
  | { type: 'HelpRequestApproved'; payload: HelpRequestApproved }
  | { type: 'HelpRequestRejected'; payload: HelpRequestRejected }
  | { type: 'HelpRequestClosed'; payload: HelpRequestClosed }
  | { type: 'GhEntitlementCredited'; payload: GhEntitlementCredited };

export type HelpLinkEvent =
  | { type: 'HelpLinkCreated'; payload: HelpLinkCreated }
  | { type: 'HelpLinkPaid'; payload: HelpLinkPaid }
  | { type: 'HelpLinkReceived'; payload: HelpLinkReceived }
  | { type: 'HelpLinkCancelled'; payload: HelpLinkCancelled }
  | { type: 'HelpLinkExpired'; payload: HelpLinkExpired }
  | { type: 'HelpLinkDisputed'; payload: HelpLinkDisputed }
  | { type: 'HelpLinkResolved'; payload: HelpLinkResolved }
  | { type: 'HelpLinkReturned'; payload: HelpLinkReturned };

/** The member contract's outcomes of the help context (code + the spec's text, or ours where it is silent). */
export const HELP_OUTCOME = {
  alreadyOpen: { code: 'HELP.ALREADY_OPEN', text: 'You already have an open help request' },
  paid: { code: 'HELP.PAID', text: 'Payment Paid Successfully.' },
  received: { code: 'HELP.RECEIVED', text: 'Payment Received Successfully.' },
  cancelled: { code: 'HELP.CANCELLED', text: 'Payment Cancelled Successfully.' },
  disputed: { code: 'HELP.DISPUTED', text: 'Dispute Raised Successfully.' },
  remarkRequired: { code: 'HELP.REMARK_REQUIRED', text: 'Please Enter Remark !!' },
  utrRequired: { code: 'HELP.UTR_REQUIRED', text: 'UTR Number is required' },
  badUtr: { code: 'HELP.BAD_UTR', text: 'UTR Number must be 6 to 30 letters or digits' },
  utrUsed: { code: 'HELP.UTR_USED', text: 'This UTR Number has already been used' },
  noSuchLink: { code: 'HELP.NO_SUCH_LINK', text: 'No such help link' },
  expired: { code: 'HELP.EXPIRED', text: 'This help link has expired' },
  notPending: { code: 'HELP.NOT_PENDING', text: 'This help link is no longer pending' },
  notOpen: { code: 'HELP.NOT_OPEN', text: 'This help link is already closed' },
  badStatus: { code: 'HELP.BAD_STATUS', text: 'status must be 1 or 2' },
  notDisputable: {
    code: 'HELP.NOT_DISPUTABLE',
    text: 'Only a cancelled paid link can be disputed, within its dispute window',
  },
} as const satisfies Record<string, Outcome>;

export type HelpOutcome = (typeof HELP_OUTCOME)[keyof typeof HELP_OUTCOME];

/** A UTR as a member may type it: 6 to 30 letters or digits (the e-pin requests' rule). */
export const UTR_PATTERN = /^[A-Za-z0-9]{6,30}$/;
export const utrKey = (utr: string): string => utr.trim().toUpperCase();
