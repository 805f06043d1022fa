import { Sql } from '../../../../platform/db/database';
import { equalityFilters } from '../../../../platform/http/list-filters';
import { ListQuery } from '../../../../platform/http/list-query';

/** What the admin list may sort level income by. */
export const LEVEL_INCOME_SORTABLE = ['paid_at', 'topup_position', 'level', 'earner_uid', 'from_uid', 'amount_paise'] as const;

/** The admin's `level-income` list: one page of (top-up, level) rows, and the total the filters match. */
export async function listLevelIncome(db: Sql, q: ListQuery): Promise<{ rows: Array<Record<string, unknown>>; total: number }> {
  const params: unknown[] = [];
  const where = equalityFilters(q.filter, { earner: 'earner_uid', from: 'from_uid', topup_position: 'topup_position::text', paid: 'paid::text', reason: 'reason' }, params);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [{ total }] = await db.query<{ total: string }>(`select count(*)::text as total from level_income ${clause}`, params);
  const rows = await db.query(
    `select topup_position::text || '-' || level as id, topup_position::text as topup_position, level, earner_uid, from_uid,
            on_amount_paise::text as on_amount_paise, rate_bp, amount_paise::text as amount_paise, paid, reason, paid_at
       from level_income ${clause} order by ${q.sortField} ${q.descending ? 'desc' : 'asc'}, topup_position, level limit ${q.limit} offset ${q.offset}`,
    params,
  );
  return { rows, total: Number(total) };
}
