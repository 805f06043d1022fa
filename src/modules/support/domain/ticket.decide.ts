import { TICKET_LIMITS, SUPPORT_OUTCOME, SupportOutcome, TicketEvent, TicketStatus } from './ticket.events';

/** What the desk knows of a member when they raise a query (read under their lock). */
export interface MemberDesk {
  /** Tickets of theirs still waiting for a reply (status open). */
  waiting: number;
  /** Tickets they raised in the last 24 hours. */
  raisedLastDay: number;
}

/**
 * A member raises a query (business rules: support): not empty once trimmed (the spec's 'Please
 * enter your query'), at most MAX_WAITING waiting for a reply, at most MAX_PER_DAY a day. The
 * query is stored trimmed; its length is checked at the edge (400).
 */
export function decideRaise(
  command: { id: string; uid: string; query: string },
  desk: MemberDesk,
): { ok: true; events: TicketEvent[] } | { ok: false; outcome: SupportOutcome } {
  const query = command.query.trim();
  if (!query) return { ok: false, outcome: SUPPORT_OUTCOME.enterQuery };
  if (desk.waiting >= TICKET_LIMITS.MAX_WAITING) return { ok: false, outcome: SUPPORT_OUTCOME.tooManyWaiting };
  if (desk.raisedLastDay >= TICKET_LIMITS.MAX_PER_DAY) return { ok: false, outcome: SUPPORT_OUTCOME.dailyLimit };
  return { ok: true, events: [{ type: 'TicketRaised', payload: { id: command.id, uid: command.uid, query } }] };
}

export interface TicketState {
  id: string;
  uid: string;
  status: TicketStatus;
}

/**
 * The desk (support, approver) answers a ticket that is not closed — a second answer replaces the
 * one the member sees, every answer stays in the ledger — or closes it. A closed ticket takes
 * neither.
 */
export function decideAnswer(
  ticket: TicketState,
  command: { action: 'reply'; by: string; reply: string } | { action: 'close'; by: string },
): { ok: true; events: TicketEvent[] } | { ok: false; code: string; text: string } {
  if (ticket.status === 'closed') return { ok: false, code: 'SUPPORT.CLOSED', text: `Ticket ${ticket.id} is closed` };
  if (command.action === 'close')
    return {
      ok: true,
      events: [{ type: 'TicketClosed', payload: { id: ticket.id, uid: ticket.uid, by: command.by } }],
    };
  const reply = command.reply.trim();
  if (!reply) return { ok: false, code: 'SUPPORT.EMPTY_REPLY', text: 'Please enter a reply' };
  return {
    ok: true,
    events: [{ type: 'TicketReplied', payload: { id: ticket.id, uid: ticket.uid, by: command.by, reply } }],
  };
}
