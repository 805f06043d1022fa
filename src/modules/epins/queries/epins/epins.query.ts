import { ListShape, Page, PageRequest, readPage, containing, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';

/** Every e-pin, as the admin's e-pin list shows it, from the `epins` projection. */
export const EPINS_LIST: ListShape = {
  sortable: ['number', 'owner_uid', 'type', 'status', 'issued_at', 'received_at', 'used_at'],
  key: 'number',
  defaultSort: ['issued_at', 'DESC'],
  filters: { owner: 100, type: 100, status: 100, source_kind: 100, q: 100 },
};

const COLUMNS =
  'number as id, number, type, value_paise::text as value_paise, owner_uid, status, issued_at, received_at, used_for, used_at, source_kind, source_ref';

export function listEpins(sql: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const where = new Where().equal(page.filter, {
    owner: 'owner_uid',
    type: 'type',
    status: 'status',
    source_kind: 'source_kind',
  });
  if (page.filter.q) where.add('number like $?', containing(page.filter.q.toUpperCase()));
  return readPage(sql, 'epins', COLUMNS, where, `${page.sortField} ${direction(page)}, number`, page);
}
