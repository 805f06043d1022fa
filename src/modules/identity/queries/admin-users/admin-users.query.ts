import { ListShape, Page, PageRequest, readPage, containing, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';

/** The superadmin's list of admin accounts, read from the `admin_users` projection (no password hashes). */
export const ADMIN_USERS_LIST: ListShape = {
  sortable: ['username', 'role', 'created_at', 'last_login_at'],
  key: 'username',
  defaultSort: ['username', 'ASC'],
  filters: { q: 100, role: 100 },
};

const COLUMNS =
  'username as id, username, role, disabled, created_at, last_login_at, (totp_factor_id is not null) as totp_enabled';

export function listAdminUsers(sql: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const where = new Where();
  if (page.filter.q) where.add('username ilike $?', containing(page.filter.q));
  if (page.filter.role) where.add('role = $?', page.filter.role);
  return readPage(sql, 'admin_users', COLUMNS, where, `${page.sortField} ${direction(page)}, username`, page);
}

export async function showAdminUser(sql: Sql, username: string): Promise<Record<string, unknown> | null> {
  const [row] = await sql.query(`select ${COLUMNS} from admin_users where username = $1`, [username]);
  return row ?? null;
}
