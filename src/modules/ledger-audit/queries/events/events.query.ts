import { ListShape, Page, PageRequest, readPage, containing, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { EVENT_COLUMNS, EventRow } from '../../../../platform/event-store/event.types';

/** The admin's view of the ledger's events, in ledger order by default. */
export const EVENTS_LIST: ListShape = {
  sortable: ['position', 'stream_id', 'type', 'recorded_at'],
  key: 'position',
  defaultSort: ['position', 'DESC'],
  filters: { stream_id: 200, type: 200, q: 200 },
};

export function listEvents(sql: Sql, page: PageRequest): Promise<Page<EventRow>> {
  const where = new Where().equal(page.filter, { stream_id: 'stream_id', type: 'type' });
  if (page.filter.q) where.add('stream_id like $?', containing(page.filter.q));
  return readPage(sql, 'events', EVENT_COLUMNS, where, `events.${page.sortField} ${direction(page)}, events.position`, page);
}

/** The event at `position` (decimal text), or null. */
export async function showEvent(sql: Sql, position: string): Promise<EventRow | null> {
  const [row] = await sql.query<EventRow>(`select ${EVENT_COLUMNS} from events where position = $1`, [position]);
  return row ?? null;
}
