import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';

/** Members' help requests, as the admin's list shows them, from the `help_requests` projection. */
export const HELP_REQUESTS_LIST: ListShape = {
  sortable: ['requested_at', 'uid', 'status'],
  key: 'id',
  defaultSort: ['requested_at', 'DESC'],
  filters: { uid: 100, member: 6, status: 100, epin_type: 100 },
};

const COLUMNS = `id, uid, epin_type, tier_paise::text as tier_paise, kind, status, topup_position::text as topup_position, requested_at,
  outcome, remark, decided_at, decided_by, given_paise::text as given_paise, failures, closed_at, entitlement_paise::text as entitlement_paise,
  entitlement_due_at, entitlement_at`;

export function listHelpRequests(sql: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const where = new Where().equal(page.filter, { uid: 'uid', member: 'uid', status: 'status', epin_type: 'epin_type' });
  return readPage(sql, 'help_requests', COLUMNS, where, `${page.sortField} ${direction(page)}, id`, page);
}

export async function showHelpRequest(sql: Sql, id: string): Promise<Record<string, unknown> | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await sql.query(`select ${COLUMNS} from help_requests where id = $1`, [id]);
  return row ?? null;
}
