import { ListShape, Page, PageRequest, readPage, direction, Where } from '../db/page';
import { Sql } from '../db/sql';
import { maskMailSecrets } from './mail';

/** Outgoing mail as the worker sent it (`mail_outbox`), link tokens masked. */
export const MAILS_LIST: ListShape = {
  sortable: ['id', 'created_at', 'to'],
  key: 'id',
  defaultSort: ['id', 'DESC'],
  filters: { to: 200 },
};

const COLUMNS = `id, event_position::text as event_position, to_address as "to", subject, body, created_at, sent_at, transport`;
const SORT_COLUMN: Readonly<Record<string, string>> = { id: 'id', created_at: 'created_at', to: 'to_address' };

export interface MailRow {
  body: string;
}

const masked = <T extends MailRow>(row: T): T => ({ ...row, body: maskMailSecrets(row.body) });

export async function listMails(sql: Sql, page: PageRequest): Promise<Page<MailRow>> {
  const where = new Where().equal(page.filter, { to: 'to_address' });
  const { rows, total } = await readPage<MailRow>(
    sql,
    'mail_outbox',
    COLUMNS,
    where,
    `${SORT_COLUMN[page.sortField]} ${direction(page)}, id`,
    page,
  );
  return { rows: rows.map(masked), total };
}

export async function showMail(sql: Sql, id: string): Promise<MailRow | null> {
  const [row] = await sql.query<MailRow>(`select ${COLUMNS} from mail_outbox where id = $1`, [id]);
  return row ? masked(row) : null;
}
