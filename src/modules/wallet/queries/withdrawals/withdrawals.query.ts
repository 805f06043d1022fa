import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { formatRupees } from '../../../../platform/money';
import { WITHDRAWAL_ID } from '../../domain/withdrawal.events';
import { WithdrawalRow } from '../withdrawal-row';

/** Withdrawals as admin-web lists them (`withdrawals`). */
export const WITHDRAWALS_LIST: ListShape = {
  sortable: ['requestedAt', 'status', 'amountRupees'],
  key: 'id',
  defaultSort: ['requestedAt', 'DESC'],
  filters: { member: 6, status: 10 },
};

const SORT: Record<string, string> = {
  requestedAt: 'requested_at',
  status: 'status',
  amountRupees: 'amount_paise',
  id: 'id',
};

type Row = WithdrawalRow;

const COLUMNS = `id, uid, amount_paise::text as amount_paise, charge_paise::text as charge_paise, payout_paise::text as payout_paise, status, remark,
  requested_at, decided_at, decided_by, link_at, paid_at`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const record = (r: Row) => ({
  id: r.id,
  member: r.uid,
  amountRupees: formatRupees(BigInt(r.amount_paise)),
  chargeRupees: formatRupees(BigInt(r.charge_paise)),
  payoutRupees: formatRupees(BigInt(r.payout_paise)),
  status: r.status,
  remark: r.remark,
  requestedAt: r.requested_at.toISOString(),
  decidedAt: iso(r.decided_at),
  decidedBy: r.decided_by,
  linkedAt: iso(r.link_at),
  paidAt: iso(r.paid_at),
});

export async function listWithdrawals(db: Sql, page: PageRequest): Promise<Page<ReturnType<typeof record>>> {
  const where = new Where().equal(page.filter, { member: 'uid', status: 'status' });
  const result = await readPage<Row>(
    db,
    'withdrawals',
    COLUMNS,
    where,
    `${SORT[page.sortField] ?? 'requested_at'} ${direction(page)}, id`,
    page,
  );
  return { total: result.total, rows: result.rows.map(record) };
}

export async function showWithdrawal(db: Sql, id: string): Promise<ReturnType<typeof record> | null> {
  if (!WITHDRAWAL_ID.test(id)) return null;
  const [row] = await db.query<Row>(`select ${COLUMNS} from withdrawals where id = $1`, [id]);
  return row ? record(row) : null;
}

/** What a four-eyes check of an approval reads: the member, the amount in paise, the status (null: no such withdrawal). */
export async function withdrawalToDecide(
  db: Sql,
  id: string,
): Promise<{ uid: string; amountPaise: bigint; status: string } | null> {
  if (!WITHDRAWAL_ID.test(id)) return null;
  const [row] = await db.query<{ uid: string; amount_paise: string; status: string }>(
    'select uid, amount_paise::text as amount_paise, status from withdrawals where id = $1',
    [id],
  );
  return row ? { uid: row.uid, amountPaise: BigInt(row.amount_paise), status: row.status } : null;
}
