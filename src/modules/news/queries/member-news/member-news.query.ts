import { Sql } from '../../../../platform/db/sql';
import { dayFilter, MAX_HISTORY_ROWS, numbered } from '../../../../platform/member-history';

/**
 * The news members see (spec §3 News row: row, content, dd): visible items only, newest first,
 * within the IST days given (`GetIncomeReport` type news; `UserNews` reads all days).
 */
export async function memberNews(
  db: Sql,
  from: string | null,
  to: string | null,
): Promise<Array<Record<string, unknown>>> {
  const rows = await db.query<{ id: string; content: string; published_at: Date }>(
    `select id, content, published_at from news where not hidden and ${dayFilter('published_at', 1, 2)}
      order by published_at desc, id limit ${MAX_HISTORY_ROWS}`,
    [from, to],
  );
  return numbered(rows.map((r) => ({ id: r.id, content: r.content, dd: r.published_at.toISOString() })));
}
