import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/db/database';
import { Sql } from '../../../../platform/db/sql';
import { formatUsd } from '../../../../platform/money';
import { MAX_HISTORY_ROWS, numbered, rupees } from '../../../../platform/member-history';
import { loadSettings } from '../../../settings';
import { LINK_ID } from '../../rows';

/** A link's state as members see it: a Pending link past its deadline reads Expired before the sweeper gets to it. */
const SHOWN_STATE = `case when l.state = 'Pending' and l.deadline <= now() then 'Expired' else l.state end`;

/** Which links each list shows: the dashboard logs and type 1 (pending) the open ones; 2 received; 3 cancelled or expired. */
const LIST_STATES: Record<'open' | 1 | 2 | 3, string> = {
  open: `${SHOWN_STATE} in ('Pending', 'Paid', 'Disputed')`,
  1: `${SHOWN_STATE} in ('Pending', 'Paid', 'Disputed')`,
  2: `l.state = 'Received'`,
  3: `${SHOWN_STATE} in ('Cancel', 'Expired')`,
};

/** The columns naming a link's two parties. */
type PartyColumn = `${'sender' | 'receiver'}_${'uid' | 'name' | 'mobile'}`;

interface LinkRow {
  id: string;
  amount_paise: string;
  sender_uid: string;
  receiver_uid: string;
  sender_name: string;
  sender_mobile: string;
  receiver_name: string;
  receiver_mobile: string;
  shown: string;
  deadline: Date;
  created_at: Date;
  paid_at: Date | null;
  received_at: Date | null;
  utr: string | null;
  remark: string;
  gh_remark: string;
  bank_name: string;
  branch: string;
  ifsc: string;
  accountnumber: string;
  holder: string;
  gpay: string;
  now: Date;
}

const COLUMNS = `l.id, l.amount_paise::text as amount_paise, l.sender_uid, l.receiver_uid, l.sender_name, l.sender_mobile, l.receiver_name, l.receiver_mobile,
  ${SHOWN_STATE} as shown, l.deadline, l.created_at, l.paid_at, l.received_at, l.utr, l.remark, l.gh_remark,
  l.bank_name, l.branch, l.ifsc, l.accountnumber, l.holder, l.gpay, now() as now`;

const iso = (d: Date | null): string => (d ? d.toISOString() : '');

/** An instant as `Date.toISOString` writes it, made by PostgreSQL (a long list parses no dates in Node). */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What the lists show of a link: its parties, state, dates and payment (UTR, paid and received, the cancel remark); no bank details (the detail screens have those). */
interface ListRow extends Pick<LinkRow, 'id' | 'amount_paise' | PartyColumn | 'shown' | 'gh_remark'> {
  deadline: string;
  created_at: string;
  now: string;
  utrno: string;
  pd: string;
  ad: string;
}

const LIST_COLUMNS = `l.id, l.amount_paise::text as amount_paise, l.sender_uid, l.receiver_uid, l.sender_name, l.sender_mobile,
  l.receiver_name, l.receiver_mobile, ${SHOWN_STATE} as shown, ${isoSql('l.deadline')} as deadline, ${isoSql('l.created_at')} as created_at,
  ${isoSql('now()')} as now, coalesce(l.utr, '') as utrno, coalesce(${isoSql('l.paid_at')}, '') as pd,
  coalesce(${isoSql('l.received_at')}, '') as ad, l.gh_remark`;

/** What a list row shows of a link's payment: its UTR, paid and received dates, the receiver's cancel remark. */
const payment = (r: ListRow) => ({ utrno: r.utrno, pd: r.pd, ad: r.ad, GH_remark: r.gh_remark });

/**
 * The dashboard's PH and GH logs show the newest open links, at most this many (decision 0023): a
 * phone shows a few cards, 'View all' opens the whole list (`PhListAll`/`GhListAll`, up to
 * MAX_HISTORY_ROWS). A member with a thousand open links no longer loads them all on every dashboard.
 */
export const DASHBOARD_LOG_ROWS = 50;

/**
 * The member's links on one side, newest first, with the server's clock, in one statement (the
 * index on the side's uid and created_at serves it); the USDT rate read beside it.
 */
async function links(
  db: Sql,
  side: 'sender_uid' | 'receiver_uid',
  uid: string,
  which: keyof typeof LIST_STATES,
): Promise<{ rows: ListRow[]; rate: string }> {
  const [rows, settings] = await Promise.all([
    db.query<ListRow>(
      `select ${LIST_COLUMNS} from help_links l where l.${side} = $1 and ${LIST_STATES[which]}
        order by l.created_at desc, l.id limit ${which === 'open' ? DASHBOARD_LOG_ROWS : MAX_HISTORY_ROWS}`,
      [uid],
    ),
    loadSettings(db),
  ]);
  return { rows, rate: settings.usdtRateInr };
}

/** The member's links as sender (PH) and as receiver (GH): the dashboard logs, the lists and the detail screens (spec §3). */
export async function phList(db: Sql, uid: string, which: 'open' | 1 | 2 | 3): Promise<Array<Record<string, unknown>>> {
  const { rows, rate } = await links(db, 'sender_uid', uid, which);
  return numbered(
    rows.map((r, i) => ({
      id: r.id,
      Link_Amount: rupees(r.amount_paise),
      Link_Amount_USDT: formatUsd(BigInt(r.amount_paise), rate),
      uid: r.receiver_uid,
      name: r.receiver_name,
      Mobile: r.receiver_mobile,
      ddd: r.deadline,
      dd: r.created_at,
      paidst: r.shown,
      ...payment(r),
      // The first row carries the countdown's end (its deadline) and start (the server's clock now).
      ...(i === 0 ? { ed: r.deadline, sd: r.now } : {}),
    })),
  );
}

export async function ghList(db: Sql, uid: string, which: 'open' | 1 | 2 | 3): Promise<Array<Record<string, unknown>>> {
  const { rows, rate } = await links(db, 'receiver_uid', uid, which);
  return numbered(
    rows.map((r) => ({
      id: r.id,
      Link_Amount: rupees(r.amount_paise),
      Link_Amount_USDT: formatUsd(BigInt(r.amount_paise), rate),
      fromid: r.sender_uid,
      name: r.sender_name,
      Mobile: r.sender_mobile,
      dd: r.created_at,
      sidapprovest: r.shown,
      ...payment(r),
    })),
  );
}

/** One link in full for its sender (PhListDetails) or its receiver (GhListDetails); empty for anyone else's. */
export async function linkDetails(
  db: Sql,
  uid: string,
  linkId: string,
  as: 'sender' | 'receiver',
): Promise<Array<Record<string, unknown>>> {
  if (!LINK_ID.test(linkId)) return [];
  const [r] = await db.query<LinkRow>(
    `select ${COLUMNS} from help_links l where l.id = $1 and l.${as === 'sender' ? 'sender_uid' : 'receiver_uid'} = $2`,
    [linkId, uid],
  );
  if (!r) return [];
  return [
    {
      id: r.id,
      Link_Amount: rupees(r.amount_paise),
      // The PH detail names the receiver; the GH detail the sender.
      name: as === 'sender' ? r.receiver_name : r.sender_name,
      uid: r.receiver_uid,
      fromid: r.sender_uid,
      Mobile: as === 'sender' ? r.receiver_mobile : r.sender_mobile,
      remark: r.remark,
      GH_remark: r.gh_remark,
      paidst: r.shown,
      sidapprovest: r.shown,
      utrno: r.utr ?? '',
      ed: iso(r.created_at),
      ddd: iso(r.deadline),
      pd: iso(r.paid_at),
      ad: iso(r.received_at),
      bank_name: r.bank_name,
      branch: r.branch,
      ifsc: r.ifsc,
      accountnumber: r.accountnumber,
      holder: r.holder,
      gpay: r.gpay,
    },
  ];
}

/** The member API's reads of help links. */
@Injectable()
export class MemberLinksQuery {
  constructor(private readonly db: Database) {}

  ph(uid: string, which: 'open' | 1 | 2 | 3) {
    return phList(this.db, uid, which);
  }

  gh(uid: string, which: 'open' | 1 | 2 | 3) {
    return ghList(this.db, uid, which);
  }

  details(uid: string, linkId: string, as: 'sender' | 'receiver') {
    return linkDetails(this.db, uid, linkId, as);
  }
}
