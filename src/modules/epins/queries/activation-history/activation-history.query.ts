import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/db/database';
import { Sql } from '../../../../platform/db/sql';
import { dayFilter, MAX_HISTORY_ROWS, numbered, rupees } from '../../../../platform/member-history';

/** `ActivationHistory` types: 1 top-ups the member made, 2 unused e-pins, 3 used e-pins, 4 transfers. */
export type HistoryType = 1 | 2 | 3 | 4;

/** The member's `ActivationHistory` of the given type, newest first, within the IST days given. */
export async function activationHistory(
  db: Sql,
  uid: string,
  type: HistoryType,
  from: string | null,
  to: string | null,
): Promise<Array<Record<string, unknown>>> {
  switch (type) {
    case 1: {
      const rows = await db.query<{
        referby: string | null;
        value_paise: string;
        user_id: string;
        dd: Date;
        pinnumber: string;
        f_name: string;
        email: string;
        mobile: string;
        kind: string;
      }>(
        `select m.sponsor_uid as referby, t.value_paise::text as value_paise, t.member_uid as user_id, t.topped_up_at as dd, t.epin as pinnumber,
                m.name as f_name, m.email, m.mobile, t.kind
           from topups t join members m on m.uid = t.member_uid
          where t.activator_uid = $1 and ${dayFilter('t.topped_up_at', 2, 3)}
          order by t.topped_up_at desc limit ${MAX_HISTORY_ROWS}`,
        [uid, from, to],
      );
      return numbered(
        rows.map(({ value_paise, ...r }) => ({
          ...r,
          referby: r.referby ?? '',
          Amount: rupees(value_paise),
          dd: r.dd.toISOString(),
        })),
      );
    }
    case 2:
    case 3: {
      const rows = await db.query<{
        pin: string;
        owner: string;
        value_paise: string;
        type: string;
        received_at: Date;
        used_for: string | null;
        used_at: Date | null;
      }>(
        `select number as pin, owner_uid as owner, value_paise::text as value_paise, type, received_at, used_for, used_at
           from epins where owner_uid = $1 and status = $2 and ${dayFilter(type === 2 ? 'received_at' : 'used_at', 3, 4)}
          order by ${type === 2 ? 'received_at, number' : 'used_at desc'} limit ${MAX_HISTORY_ROWS}`,
        [uid, type === 2 ? 'unused' : 'used', from, to],
      );
      return numbered(
        rows.map((r) => ({
          pin_owner: r.owner,
          pinamnt: rupees(r.value_paise),
          pin: r.pin,
          epintype: r.type,
          dd: r.received_at.toISOString(),
          ...(type === 3 ? { user_by: r.used_for ?? '', ud: r.used_at ? r.used_at.toISOString() : '' } : {}),
          ss: type === 2 ? 'Unused' : 'Used',
        })),
      );
    }
    case 4: {
      const rows = await db.query<{ fromid: string; uid: string; f_name: string; epin: string; dd: Date }>(
        `select t.from_uid as fromid, t.to_uid as uid, m.name as f_name, t.number as epin, t.transferred_at as dd
           from epin_transfers t join members m on m.uid = t.to_uid
          where (t.from_uid = $1 or t.to_uid = $1) and ${dayFilter('t.transferred_at', 2, 3)}
          order by t.transferred_at desc, t.position desc limit ${MAX_HISTORY_ROWS}`,
        [uid, from, to],
      );
      return numbered(
        rows.map((r) => ({ fromid: r.fromid, uid: r.uid, f_name: r.f_name, Epin: r.epin, dd: r.dd.toISOString() })),
      );
    }
  }
}

/** `ActivationHistory` as the member API injects it. */
@Injectable()
export class ActivationHistoryQuery {
  constructor(private readonly db: Database) {}

  run(uid: string, type: HistoryType, from: string | null, to: string | null): Promise<Array<Record<string, unknown>>> {
    return activationHistory(this.db, uid, type, from, to);
  }
}
