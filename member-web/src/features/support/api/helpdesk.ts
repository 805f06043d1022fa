import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** Spec §7/§8: the query was sent. */
export const QUERY_SENT = 'Successfully send query';

/** Spec §5 gives no limit; the server's (docs/decisions/0027). */
export const QUERY_MAX_LENGTH = 1000;

/** POST /api/Helpdesk_By_User `{uid, query}`: 'Successfully send query' or the reason as text. */
export async function sendQuery(query: string): Promise<string> {
  const response = await apiClient.post<unknown>('/Helpdesk_By_User', { uid: getSession().userId, query });
  return resultText(response.data);
}

/** A help-desk ticket (spec §3): user_id, ticket_id, query, status (open or other), reply_message, ee (date). */
export interface TicketRow {
  userId: string;
  ticketId: string;
  query: string;
  status: string;
  reply: string;
  date: string;
}

/** POST /api/UserHelpDeskHistory `{uid}`: the caller's tickets, newest first (`data[0]`). */
export async function fetchTickets(): Promise<TicketRow[]> {
  const response = await apiClient.post<unknown>('/UserHelpDeskHistory', { uid: getSession().userId });
  return rowsOf(response.data).map((r) => ({
    userId: text(r, 'user_id'),
    ticketId: text(r, 'ticket_id'),
    query: text(r, 'query'),
    status: text(r, 'status'),
    reply: text(r, 'reply_message'),
    date: text(r, 'ee'),
  }));
}
