import { direction, ListShape, Page, PageRequest, readPage, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { TICKET_ID, ticketStream } from '../../domain/ticket.events';

/** Tickets as admin-web lists them (`tickets`): the waiting ones first by default, oldest first among them. */
export const TICKETS_LIST: ListShape = {
  sortable: ['raisedAt', 'status', 'repliedAt'],
  key: 'id',
  defaultSort: ['raisedAt', 'DESC'],
  filters: { member: 6, status: 10, q: 100 },
};

const SORT: Record<string, string> = { raisedAt: 'raised_at', status: 'status', repliedAt: 'replied_at', id: 'id' };

interface Row {
  id: string;
  uid: string;
  query: string;
  status: string;
  reply: string;
  replies: number;
  raised_at: Date;
  replied_at: Date | null;
  replied_by: string | null;
  closed_at: Date | null;
  closed_by: string | null;
}

const COLUMNS = 'id, uid, query, status, reply, replies, raised_at, replied_at, replied_by, closed_at, closed_by';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const record = (r: Row) => ({
  id: r.id,
  member: r.uid,
  query: r.query,
  status: r.status,
  reply: r.reply,
  replies: r.replies,
  raisedAt: r.raised_at.toISOString(),
  repliedAt: iso(r.replied_at),
  repliedBy: r.replied_by,
  closedAt: iso(r.closed_at),
  closedBy: r.closed_by,
});

export type TicketRecord = ReturnType<typeof record>;

export async function listTickets(db: Sql, page: PageRequest): Promise<Page<TicketRecord>> {
  const where = new Where().equal(page.filter, { member: 'uid', status: 'status' });
  if (page.filter.q) where.add(`strpos(lower(query), lower($?)) > 0`, page.filter.q);
  const result = await readPage<Row>(
    db,
    'tickets',
    COLUMNS,
    where,
    `${SORT[page.sortField] ?? 'raised_at'} ${direction(page)} nulls last, id`,
    page,
  );
  return { total: result.total, rows: result.rows.map(record) };
}

/** One ticket with its whole history: every event of its stream (the query, each reply, the close), oldest first. */
export async function showTicket(
  db: Sql,
  id: string,
): Promise<(TicketRecord & { history: Array<{ type: string; at: string; actor: string; text?: string }> }) | null> {
  if (!TICKET_ID.test(id)) return null;
  const [row] = await db.query<Row>(`select ${COLUMNS} from tickets where id = $1`, [id]);
  if (!row) return null;
  const events = await db.query<{
    type: string;
    recorded_at: Date;
    actor: { kind: string; id: string };
    payload: { query?: string; reply?: string };
  }>(
    `select type, recorded_at, metadata->'actor' as actor, payload from events where stream_id = $1 order by stream_version`,
    [ticketStream(id)],
  );
  return {
    ...record(row),
    history: events.map((e) => {
      const text = e.payload.reply ?? e.payload.query;
      return {
        type: e.type,
        at: e.recorded_at.toISOString(),
        actor: `${e.actor.kind}:${e.actor.id}`,
        ...(text ? { text } : {}),
      };
    }),
  };
}
