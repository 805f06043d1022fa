import { ProjectedEvent, Projection, Statement, exactlyOneRow } from '../../../platform/projections/projection';
import { TicketClosed, TicketRaised, TicketReplied } from '../domain/ticket.events';

/** One row per ticket: open → replied (the latest reply shown, every one counted) → closed. */
export const ticketsProjection: Projection = {
  name: 'tickets',
  tables: ['tickets'],
  handles: ['TicketRaised', 'TicketReplied', 'TicketClosed'],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    const at = event.recordedAt;
    switch (event.type) {
      case 'TicketRaised': {
        const p = event.payload as TicketRaised;
        return [
          {
            text: "insert into tickets (id, uid, query, status, raised_at, version) values ($1, $2, $3, 'open', $4, $5)",
            params: [p.id, p.uid, p.query, at, v],
          },
        ];
      }
      case 'TicketReplied': {
        const p = event.payload as TicketReplied;
        return [
          exactlyOneRow(
            "update tickets set status = 'replied', reply = $2, replies = replies + 1, replied_at = $3, replied_by = $4, version = $5 where id = $1 and status <> 'closed'",
            [p.id, p.reply, at, p.by, v],
            `ticket ${p.id} replied while not closed`,
          ),
        ];
      }
      case 'TicketClosed': {
        const p = event.payload as TicketClosed;
        return [
          exactlyOneRow(
            "update tickets set status = 'closed', closed_at = $2, closed_by = $3, version = $4 where id = $1 and status <> 'closed'",
            [p.id, at, p.by, v],
            `ticket ${p.id} closed once`,
          ),
        ];
      }
      default:
        return [];
    }
  },
};
