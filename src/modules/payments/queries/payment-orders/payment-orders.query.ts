import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { ORDER_COLUMNS, OrderRow } from '../../rows';

/** Gateway orders, open, paid, expired or paid late (the admin's list). */
export const PAYMENT_ORDERS_LIST: ListShape = {
  sortable: ['created_at', 'uid', 'status', 'kind', 'paid_at'],
  key: 'clientid',
  defaultSort: ['created_at', 'DESC'],
  filters: { status: 100, kind: 100, uid: 100 },
};

export function listPaymentOrders(sql: Sql, page: PageRequest): Promise<Page<OrderRow>> {
  const where = new Where().equal(page.filter, { status: 'status', kind: 'kind', uid: 'uid' });
  return readPage(sql, 'payment_orders', ORDER_COLUMNS, where, `${page.sortField} ${direction(page)}, clientid`, page);
}
