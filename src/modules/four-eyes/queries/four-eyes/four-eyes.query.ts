import { direction, ListShape, Page, PageRequest, readPage, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { formatRupees } from '../../../../platform/money';
import { FOUR_EYES_ID } from '../../domain/four-eyes.events';

/** Four-eyes requests as admin-web lists them (`four-eyes`): newest first; `status` Pending hides the expired ones. */
export const FOUR_EYES_LIST: ListShape = {
  sortable: ['requestedAt', 'action', 'status', 'expiresAt'],
  key: 'id',
  defaultSort: ['requestedAt', 'DESC'],
  filters: { status: 10, action: 20, maker: 40, member: 6 },
};

const SORT: Record<string, string> = {
  requestedAt: 'requested_at',
  action: 'action',
  status: 'status',
  expiresAt: 'expires_at',
  id: 'id',
};

interface Row {
  id: string;
  action: string;
  maker: string;
  member_uid: string | null;
  amount_paise: string | null;
  summary: string;
  request: unknown;
  status: string;
  checker: string | null;
  reason: string | null;
  code: string | null;
  requested_at: Date;
  expires_at: Date;
  decided_at: Date | null;
}

const COLUMNS = `id, action, maker, member_uid, amount_paise::text as amount_paise, summary, request, status, checker, reason, code,
  requested_at, expires_at, decided_at`;

/** Expired is read from the time (the process's clock, as every deadline of the product): never stored. */
const shownStatus = (r: Row, now: Date) =>
  r.status === 'Pending' && r.expires_at.getTime() <= now.getTime() ? 'Expired' : r.status;

const record = (r: Row, now: Date) => ({
  id: r.id,
  action: r.action,
  maker: r.maker,
  member: r.member_uid,
  amountRupees: r.amount_paise === null ? null : formatRupees(BigInt(r.amount_paise)),
  summary: r.summary,
  request: r.request,
  status: shownStatus(r, now),
  checker: r.checker,
  reason: r.reason,
  code: r.code,
  requestedAt: r.requested_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
});

export type FourEyesRecord = ReturnType<typeof record>;

export async function listFourEyes(db: Sql, page: PageRequest): Promise<Page<FourEyesRecord>> {
  const now = new Date();
  const where = new Where().equal(page.filter, { action: 'action', maker: 'maker', member: 'member_uid' });
  const status = page.filter.status;
  if (status === 'Pending') where.add("status = 'Pending' and expires_at > $?", now);
  else if (status === 'Expired') where.add("status = 'Pending' and expires_at <= $?", now);
  else if (status !== undefined) where.add('status = $?', status);
  const result = await readPage<Row>(
    db,
    'four_eyes_requests',
    COLUMNS,
    where,
    `${SORT[page.sortField] ?? 'requested_at'} ${direction(page)}, id`,
    page,
  );
  return { total: result.total, rows: result.rows.map((r) => record(r, now)) };
}

export async function showFourEyes(db: Sql, id: string): Promise<FourEyesRecord | null> {
  if (!FOUR_EYES_ID.test(id)) return null;
  const [row] = await db.query<Row>(`select ${COLUMNS} from four_eyes_requests where id = $1`, [id]);
  return row ? record(row, new Date()) : null;
}
