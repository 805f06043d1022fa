import { ListShape, Page, PageRequest, readPage, containing, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { EVENT_COLUMNS, EventRow, StoredEvent, toStoredEvent } from '../../../../platform/event-store/event.types';

/** The admin's member list and member page, read from the `members` projection. */
export const MEMBERS_LIST: ListShape = {
  sortable: ['uid', 'name', 'registered_at', 'status', 'sponsor_uid', 'blocked'],
  key: 'uid',
  defaultSort: ['registered_at', 'DESC'],
  filters: { q: 100, status: 100, blocked: 100, sponsor: 100 },
};

const MEMBER_COLUMNS = `m.uid as id, m.uid, m.name, m.email, m.mobile, m.sponsor_uid, m.status, m.blocked, m.isagree,
  m.registered_at, m.activated_at, m.last_login_at, m.city, m.state, m.country_id, m.upi_number, m.wallet_address`;
/** Member stream events shown on a member's page at the most. */
export const MEMBER_EVENTS_SHOWN = 200;

export function listMembers(sql: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const { q, status, blocked, sponsor } = page.filter;
  const where = new Where();
  if (q) where.add('(m.uid like $? or m.name ilike $? or m.email ilike $? or m.mobile like $?)', containing(q));
  if (status) where.add('m.status = $?', status);
  if (blocked !== undefined) where.add('m.blocked = $?', blocked === 'true');
  if (sponsor) where.add('m.sponsor_uid = $?', sponsor);
  return readPage(sql, 'members m', MEMBER_COLUMNS, where, `m.${page.sortField} ${direction(page)}, m.uid`, page);
}

/** A member as the admin's member page shows it, with sponsor, country, team sizes and latest events; null when unknown. */
export async function showMember(
  sql: Sql,
  uid: string,
): Promise<(Record<string, unknown> & { events: StoredEvent[] }) | null> {
  const [member] = await sql.query<Record<string, unknown>>(
    `select ${MEMBER_COLUMNS}, s.name as sponsor_name, c.name as country_name,
            (select count(*) from members d where d.sponsor_uid = m.uid)::int as directs,
            (select coalesce(sum(c.members), 0) from team_counts c where c.uid = m.uid and c.depth = 0)::int as team
       from members m left join members s on s.uid = m.sponsor_uid left join countries c on c.id = m.country_id
      where m.uid = $1`,
    [uid],
  );
  if (!member) return null;
  const events = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from events where stream_id = $1 order by stream_version desc limit ${MEMBER_EVENTS_SHOWN}`,
    [`member-${uid}`],
  );
  return { ...member, events: events.map(toStoredEvent) };
}
