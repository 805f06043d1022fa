import { direction, ListShape, Page, PageRequest, readPage, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { NEWS_ID } from '../../domain/news.events';

/** News as admin-web lists them (`news`), newest first. */
export const NEWS_LIST: ListShape = {
  sortable: ['publishedAt', 'updatedAt'],
  key: 'id',
  defaultSort: ['publishedAt', 'DESC'],
  filters: { hidden: 5, q: 100 },
};

const SORT: Record<string, string> = { publishedAt: 'published_at', updatedAt: 'updated_at', id: 'id' };

interface Row {
  id: string;
  content: string;
  hidden: boolean;
  published_at: Date;
  published_by: string;
  updated_at: Date;
  updated_by: string;
}

const COLUMNS = 'id, content, hidden, published_at, published_by, updated_at, updated_by';

const record = (r: Row) => ({
  id: r.id,
  content: r.content,
  hidden: r.hidden,
  publishedAt: r.published_at.toISOString(),
  publishedBy: r.published_by,
  updatedAt: r.updated_at.toISOString(),
  updatedBy: r.updated_by,
});

export type NewsRecord = ReturnType<typeof record>;

export async function listNews(db: Sql, page: PageRequest): Promise<Page<NewsRecord>> {
  const where = new Where();
  if (page.filter.hidden === 'true' || page.filter.hidden === 'false')
    where.add('hidden = $?', page.filter.hidden === 'true');
  if (page.filter.q) where.add('strpos(lower(content), lower($?)) > 0', page.filter.q);
  const result = await readPage<Row>(
    db,
    'news',
    COLUMNS,
    where,
    `${SORT[page.sortField] ?? 'published_at'} ${direction(page)}, id`,
    page,
  );
  return { total: result.total, rows: result.rows.map(record) };
}

export async function showNews(db: Sql, id: string): Promise<NewsRecord | null> {
  if (!NEWS_ID.test(id)) return null;
  const [row] = await db.query<Row>(`select ${COLUMNS} from news where id = $1`, [id]);
  return row ? record(row) : null;
}
