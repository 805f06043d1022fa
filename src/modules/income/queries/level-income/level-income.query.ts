import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';

/** Every level income line (paid or not, with its reason), from the `level_income` projection. */
export const LEVEL_INCOME_LIST: ListShape = {
  sortable: ['paid_at', 'topup_position', 'level', 'earner_uid', 'from_uid', 'amount_paise'],
  // A line's key is its top-up and level: `id` sorts by top-up, and every order ends with both.
  key: 'topup_position',
  defaultSort: ['paid_at', 'DESC'],
  filters: { earner: 100, from: 100, topup_position: 100, paid: 100, reason: 100 },
};

const COLUMNS = `topup_position::text || '-' || level as id, topup_position::text as topup_position, level, earner_uid, from_uid,
  on_amount_paise::text as on_amount_paise, rate_bp, amount_paise::text as amount_paise, paid, reason, paid_at`;

export function listLevelIncome(sql: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const where = new Where().equal(page.filter, {
    earner: 'earner_uid',
    from: 'from_uid',
    topup_position: 'topup_position::text',
    paid: 'paid::text',
    reason: 'reason',
  });
  return readPage(
    sql,
    'level_income',
    COLUMNS,
    where,
    `${page.sortField} ${direction(page)}, topup_position, level`,
    page,
  );
}
