import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { EpinRequestRow, REQUEST_COLUMNS } from '../../rows';

/** Members' bank/QR e-pin requests, waiting or decided (the approver's list). */
export const EPIN_REQUESTS_LIST: ListShape = {
  sortable: ['requested_at', 'uid', 'status', 'decided_at', 'qty'],
  key: 'id',
  defaultSort: ['requested_at', 'DESC'],
  filters: { status: 100, uid: 100, utrno: 100, epin_type: 100 },
};

export function listEpinRequests(sql: Sql, page: PageRequest): Promise<Page<EpinRequestRow>> {
  const where = new Where().equal(page.filter, {
    status: 'status',
    uid: 'uid',
    utrno: 'utrno',
    epin_type: 'epin_type',
  });
  return readPage(sql, 'epin_requests', REQUEST_COLUMNS, where, `${page.sortField} ${direction(page)}, id`, page);
}

export async function showEpinRequest(sql: Sql, id: string): Promise<EpinRequestRow | null> {
  const [row] = await sql.query<EpinRequestRow>(`select ${REQUEST_COLUMNS} from epin_requests where id = $1`, [id]);
  return row ?? null;
}
