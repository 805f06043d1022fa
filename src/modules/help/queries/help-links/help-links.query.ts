import { ListShape, Page, PageRequest, readPage, direction, Where } from '../../../../platform/db/page';
import { Sql } from '../../../../platform/db/sql';
import { formatRupees } from '../../../../platform/money';
import { LINK_ID } from '../../rows';

/** A link's state for admins: like members see it, an overdue Pending link reads Expired. */
const SHOWN_STATE = `case when state = 'Pending' and deadline <= now() then 'Expired' else state end`;

/** Help links as admin-web lists them (`help-links`). */
export const HELP_LINKS_LIST: ListShape = {
  sortable: ['createdAt', 'deadline', 'amountRupees', 'state'],
  key: 'id',
  defaultSort: ['createdAt', 'DESC'],
  filters: { state: 10, member: 6, overdue: 5, disputed: 5, blocked: 5 },
};

const SORT_COLUMN: Record<string, string> = {
  createdAt: 'created_at',
  deadline: 'deadline',
  amountRupees: 'amount_paise',
  state: 'state',
  id: 'id',
};

interface LinkRow {
  id: string;
  shown: string;
  sender_uid: string;
  receiver_uid: string;
  sender_name: string;
  receiver_name: string;
  amount_paise: string;
  utr: string | null;
  deadline: Date;
  created_at: Date;
  paid_at: Date | null;
  settled: boolean;
  manual: boolean;
  ph_entry_id: string;
  gh_entry_id: string;
  remark: string;
  gh_remark: string;
  blocked_member: boolean;
}

/** A link whose sender or receiver is blocked: it waits for an admin (business rules: a blocked member's open links go to admin). */
const BLOCKED_MEMBER = `exists (select 1 from members m where m.uid in (help_links.sender_uid, help_links.receiver_uid) and m.blocked)`;

const COLUMNS = `id, ${SHOWN_STATE} as shown, sender_uid, receiver_uid, sender_name, receiver_name, amount_paise::text as amount_paise, utr,
  deadline, created_at, paid_at, settled, manual, ph_entry_id, gh_entry_id, remark, gh_remark, ${BLOCKED_MEMBER} as blocked_member`;

const record = (r: LinkRow) => ({
  id: r.id,
  state: r.shown,
  sender: r.sender_uid,
  senderName: r.sender_name,
  receiver: r.receiver_uid,
  receiverName: r.receiver_name,
  amountRupees: formatRupees(BigInt(r.amount_paise)),
  utr: r.utr,
  deadline: r.deadline.toISOString(),
  createdAt: r.created_at.toISOString(),
  paidAt: r.paid_at ? r.paid_at.toISOString() : null,
  settled: r.settled,
  manual: r.manual,
  phEntryId: r.ph_entry_id,
  ghEntryId: r.gh_entry_id,
  remark: r.remark,
  cancelRemark: r.gh_remark,
  blockedMember: r.blocked_member,
});

const yes = (value: string | undefined): boolean | undefined =>
  value === undefined ? undefined : value === 'true' || value === '1';

export async function listHelpLinks(db: Sql, page: PageRequest): Promise<Page<ReturnType<typeof record>>> {
  const where = new Where();
  const f = page.filter;
  if (f.state !== undefined) where.add(`${SHOWN_STATE} = $?`, f.state);
  if (f.member !== undefined) where.add('(sender_uid = $? or receiver_uid = $?)', f.member);
  const overdue = yes(f.overdue);
  if (overdue !== undefined) where.add(`(state = 'Pending' and deadline <= now()) = $?`, overdue);
  const disputed = yes(f.disputed);
  if (disputed !== undefined) where.add(`(state = 'Disputed') = $?`, disputed);
  // Open links of a blocked member: an admin resolves them.
  const blocked = yes(f.blocked);
  if (blocked !== undefined) where.add(`(not settled and ${BLOCKED_MEMBER}) = $?`, blocked);
  const sort = SORT_COLUMN[page.sortField] ?? 'created_at';
  const result = await readPage<LinkRow>(db, 'help_links', COLUMNS, where, `${sort} ${direction(page)}, id`, page);
  return { total: result.total, rows: result.rows.map(record) };
}

/** One link with its whole history: every event of its stream, oldest first. */
export async function showHelpLink(
  db: Sql,
  id: string,
): Promise<(ReturnType<typeof record> & { history: unknown[] }) | null> {
  if (!LINK_ID.test(id)) return null;
  const [row] = await db.query<LinkRow & { created_position: string }>(
    `select ${COLUMNS}, created_position::text as created_position from help_links where id = $1`,
    [id],
  );
  if (!row) return null;
  // The event that created it (its batch's HelpLinksCreated, or its own HelpLinkCreated), then its own stream.
  const events = await db.query<{
    type: string;
    recorded_at: Date;
    actor: { kind: string; id: string };
    remark: string | null;
  }>(
    `select case when type = 'HelpLinksCreated' then 'HelpLinkCreated' else type end as type, recorded_at,
            metadata->'actor' as actor, payload->>'remark' as remark
       from events where position = $2 or stream_id = $1 order by position`,
    [`help-link-${id}`, row.created_position],
  );
  return {
    ...record(row),
    history: events.map((e) => ({
      type: e.type,
      at: e.recorded_at.toISOString(),
      actor: `${e.actor.kind}:${e.actor.id}`,
      ...(e.remark ? { remark: e.remark } : {}),
    })),
  };
}

/** Attempts to reuse a UTR (`flagged-utrs`), newest first. */
export const FLAGGED_UTRS_LIST: ListShape = {
  sortable: ['at'],
  key: 'id',
  defaultSort: ['at', 'DESC'],
  filters: { member: 6 },
};

export async function listFlaggedUtrs(db: Sql, page: PageRequest): Promise<Page<Record<string, unknown>>> {
  const where = new Where().equal(page.filter, { member: 'uid' });
  const sort = page.sortField === 'id' ? 'id' : 'at';
  const result = await readPage<{
    id: string;
    utr: string;
    uid: string;
    help_link_id: string | null;
    epin_request_id: string | null;
    claimed_source: string;
    claimed_id: string;
    at: Date;
  }>(
    db,
    'utr_flags',
    'id, utr, uid, help_link_id, epin_request_id, claimed_source, claimed_id, at',
    where,
    `${sort} ${direction(page)}, id`,
    page,
  );
  return {
    total: result.total,
    rows: result.rows.map((r) => ({
      id: r.id,
      utr: r.utr,
      member: r.uid,
      ...(r.help_link_id ? { helpLinkId: r.help_link_id } : {}),
      ...(r.epin_request_id ? { epinRequestId: r.epin_request_id } : {}),
      claimedBy: `${r.claimed_source} ${r.claimed_id}`,
      at: r.at.toISOString(),
    })),
  };
}
