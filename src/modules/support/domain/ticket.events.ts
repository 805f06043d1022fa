import { Outcome } from '../../../platform/errors';

export const ticketStream = (id: string): string => `ticket-${id}`;

/** Ticket ids: `TK` and 12 hexadecimal digits. */
export const TICKET_ID = /^TK[0-9A-F]{12}$/;

/** A ticket's states: open (waiting for the desk) → replied (the member sees the answer) → closed. */
export type TicketStatus = 'open' | 'replied' | 'closed';

/**
 * The help desk's limits (docs/decisions/0027): a query is at most QUERY_MAX_LENGTH characters;
 * a member has at most MAX_WAITING tickets waiting for a reply at once, and raises at most
 * MAX_PER_DAY in any 24 hours. Counted from the ledger's own tables under the member's lock, so
 * they hold across API replicas.
 */
export const TICKET_LIMITS = {
  QUERY_MAX_LENGTH: 1000,
  REPLY_MAX_LENGTH: 2000,
  MAX_WAITING: 3,
  MAX_PER_DAY: 10,
  DAY_MS: 24 * 3_600_000,
} as const;

export interface TicketRaised {
  id: string;
  uid: string;
  query: string;
}

export interface TicketReplied {
  id: string;
  uid: string;
  by: string;
  reply: string;
}

export interface TicketClosed {
  id: string;
  uid: string;
  by: string;
}

export type TicketEvent =
  | { type: 'TicketRaised'; payload: TicketRaised }
  | { type: 'TicketReplied'; payload: TicketReplied }
  | { type: 'TicketClosed'; payload: TicketClosed };

/** The member contract's outcomes of `Helpdesk_By_User` (the spec's texts where it has them). */
export const SUPPORT_OUTCOME = {
  sent: { code: 'SUPPORT.SENT', text: 'Successfully send query' },
  enterQuery: { code: 'SUPPORT.ENTER_QUERY', text: 'Please enter your query' },
  tooManyWaiting: {
    code: 'SUPPORT.TOO_MANY_WAITING',
    text: `You already have ${TICKET_LIMITS.MAX_WAITING} queries waiting for a reply. Please wait for an answer.`,
  },
  dailyLimit: {
    code: 'SUPPORT.DAILY_LIMIT',
    text: `You can send at most ${TICKET_LIMITS.MAX_PER_DAY} queries in 24 hours. Please try again later.`,
  },
} as const satisfies Record<string, Outcome>;

export type SupportOutcome = Outcome;
