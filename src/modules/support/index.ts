/** The support context's public surface: help-desk tickets and the CONTACT ADMIN link. */
export { SupportModule, SupportQueries } from './support.module';
export { RaiseTicketCommand } from './commands/raise-ticket/raise-ticket.command';
export { AnswerTicketCommand } from './commands/answer-ticket/answer-ticket.command';
export { SUPPORT_OUTCOME, TICKET_ID, TICKET_LIMITS } from './domain/ticket.events';
export type { SupportOutcome } from './domain/ticket.events';
export { ticketsProjection } from './projections/tickets.projection';
export { listTickets, showTicket, TICKETS_LIST } from './queries/tickets/tickets.query';
export type { TicketRecord } from './queries/tickets/tickets.query';
