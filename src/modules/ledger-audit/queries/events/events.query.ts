import { ListShape, Page, PageRequest, readPage, containing, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { EVENT_COLUMNS, EventRow } from '../../../../platform/event-store/event.types';

/**
 * Whether an earlier event of the row's stream has no nonce (an earlier release's): the auditor's
 * view then leaves out the row's hash, which chains over that event's guessable content (decision
 * 0015). Cautious — the export knows which of those were redacted, one row does not.
 */
const OLDER_UNSALTED = `exists (select 1 from events older where older.stream_id = events.stream_id and older.stream_version < events.stream_version and not (older.metadata ? 'nonce')) as older_unsalted`;

/** An event row with whether its stream has an older event without a nonce. */
export type EventListRow = EventRow & { older_unsalted: boolean };

/** The admin's view of the ledger's events, in ledger order by default. */
export const EVENTS_LIST: ListShape = {
  sortable: ['position', 'stream_id', 'type', 'recorded_at'],
  key: 'position',
  defaultSort: ['position', 'DESC'],
  filters: { stream_id: 200, type: 200, q: 200 },
};

export function listEvents(sql: Sql, page: PageRequest): Promise<Page<EventListRow>> {
  const where = new Where().equal(page.filter, { stream_id: 'stream_id', type: 'type' });
  if (page.filter.q) where.add('stream_id like $?', containing(page.filter.q));
  return readPage<EventListRow>(
    sql,
    'events',
    `${EVENT_COLUMNS}, ${OLDER_UNSALTED}`,
    where,
    `events.${page.sortField} ${direction(page)}, events.position`,
    page,
  );
}

/** The event at `position` (decimal text), or null. */
export async function showEvent(sql: Sql, position: string): Promise<EventListRow | null> {
  const [row] = await sql.query<EventListRow>(
    `select ${EVENT_COLUMNS}, ${OLDER_UNSALTED} from events where position = $1`,
    [position],
  );
  return row ?? null;
}
