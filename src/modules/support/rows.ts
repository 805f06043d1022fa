import { prepared, Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { MemberDesk, TicketState } from './domain/ticket.decide';
import { TICKET_ID, TICKET_LIMITS, ticketStream } from './domain/ticket.events';

const DESK_SQL = prepared(
  `select count(*) filter (where status = 'open')::int as waiting,
          count(*) filter (where raised_at > $2)::int as raised_last_day
     from tickets where uid = $1`,
);

/**
 * The member's desk, locked (a transaction-scoped lock per member: their queries take turns, so
 * two at once cannot both slip under a limit), and what the limits count, read after the lock.
 */
export async function lockMemberDesk(tx: Sql, uid: string, now: Date): Promise<MemberDesk> {
  await tx.execute('select pg_advisory_xact_lock(hashtext($1))', [`support:${uid}`]);
  const [row] = await tx.query<{ waiting: number; raised_last_day: number }>(DESK_SQL, [
    uid,
    new Date(now.getTime() - TICKET_LIMITS.DAY_MS),
  ]);
  return { waiting: row.waiting, raisedLastDay: row.raised_last_day };
}

const LOCK_TICKET_SQL = prepared(
  `select id, uid, status, version,
          (select hash from events where stream_id = 'ticket-' || tickets.id and stream_version = tickets.version) as head_hash
     from tickets where id = $1 for update`,
);

/** One ticket, locked, with its stream's head; null for an id that is not a ticket. */
export async function lockTicket(tx: Sql, id: string): Promise<Locked<TicketState> | null> {
  if (!TICKET_ID.test(id)) return null;
  const [row] = await tx.query<{
    id: string;
    uid: string;
    status: TicketState['status'];
    version: number;
    head_hash: string | null;
  }>(LOCK_TICKET_SQL, [id]);
  if (!row) return null;
  return {
    streamId: ticketStream(row.id),
    state: { id: row.id, uid: row.uid, status: row.status },
    version: row.version,
    headHash: row.head_hash,
  };
}
