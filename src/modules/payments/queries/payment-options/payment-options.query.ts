import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { OPTION_COLUMNS, OptionRow } from '../../payment-options.service';

/** The bank and QR accounts members pay into, disabled ones included (the admin's list). */
export const PAYMENT_OPTIONS_LIST: ListShape = {
  sortable: ['id', 'type', 'bank_name', 'created_at', 'disabled'],
  key: 'id',
  defaultSort: ['created_at', 'ASC'],
  filters: { type: 100, disabled: 100 },
};

export function listPaymentOptions(sql: Sql, page: PageRequest): Promise<Page<OptionRow>> {
  const where = new Where().equal(page.filter, { type: 'type', disabled: 'disabled::text' });
  return readPage(sql, 'payment_options', OPTION_COLUMNS, where, `${page.sortField} ${direction(page)}, id`, page);
}
