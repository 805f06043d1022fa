import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';

/** Members' help requests, as the admin's list shows them, from the `help_requests` projection. */
export const HELP_REQUESTS_LIST: ListShape = {
  sortable: ['requested_at', 'uid', 'status'],
  key: 'id',
  defaultSort: ['requested_at', 'DESC'],
  filters: { uid: 100, status: 100, epin_type: 100 },
};

const COLUMNS =
  'id, uid, epin_type, tier_paise::text as tier_paise, kind, status, topup_position::text as topup_position, requested_at';

export function listHelpRequests(sql: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const where = new Where().equal(page.filter, { uid: 'uid', status: 'status', epin_type: 'epin_type' });
  return readPage(sql, 'help_requests', COLUMNS, where, `${page.sortField} ${direction(page)}, id`, page);
}
