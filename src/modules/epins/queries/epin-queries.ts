import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/db/database';
import { formatRupees } from '../../../platform/money';
import { EPIN_MSG } from '../domain/epin.events';

/** Rows a history screen shows at the most (client-side paging over them). */
export const MAX_HISTORY_ROWS = 5000;

/** Dates are the member's days in India: `fdate`/`tdate` (YYYY-MM-DD) bound the IST calendar date. */
const dayFilter = (column: string, from: number, to: number) =>
  `($${from}::date is null or (${column} at time zone 'Asia/Kolkata')::date >= $${from}::date)
   and ($${to}::date is null or (${column} at time zone 'Asia/Kolkata')::date <= $${to}::date)`;

const rupees = (paise: string | null) => formatRupees(BigInt(paise ?? '0'));
const numbered = <T extends object>(rows: T[]) => rows.map((row, index) => ({ row: index + 1, ...row }));

export type HistoryType = 1 | 2 | 3 | 4;

@Injectable()
export class EpinQueries {
  constructor(private readonly db: Database) {}

  /** The caller's oldest unused e-pin (the dashboard's ACTIVATE ID). */
  async epinData(uid: string) {
    const [epin] = await this.db.query<{ number: string; type: string }>(
      "select number, type from epins where owner_uid = $1 and status = 'unused' order by received_at, number limit 1",
      [uid],
    );
    return epin
      ? { result: { result: 'Successfull', epintype: epin.type }, data: [[{ epin: epin.number }]] }
      : { result: { result: EPIN_MSG.insufficient, epintype: '' }, data: [[]] };
  }

  async history(uid: string, type: HistoryType, from: string | null, to: string | null): Promise<Array<Record<string, unknown>>> {
    switch (type) {
      case 1: {
        const rows = await this.db.query<{ referby: string | null; value_paise: string; user_id: string; dd: Date; pinnumber: string; f_name: string; email: string; mobile: string; kind: string }>(
          `select m.sponsor_uid as referby, t.value_paise::text as value_paise, t.member_uid as user_id, t.topped_up_at as dd, t.epin as pinnumber,
                  m.name as f_name, m.email, m.mobile, t.kind
             from topups t join members m on m.uid = t.member_uid
            where t.activator_uid = $1 and ${dayFilter('t.topped_up_at', 2, 3)}
            order by t.topped_up_at desc limit ${MAX_HISTORY_ROWS}`,
          [uid, from, to],
        );
        return numbered(rows.map(({ value_paise, ...r }) => ({ ...r, referby: r.referby ?? '', Amount: rupees(value_paise), dd: r.dd.toISOString() })));
      }
      case 2:
      case 3: {
        const rows = await this.db.query<{ pin: string; owner: string; value_paise: string; type: string; received_at: Date; used_for: string | null; used_at: Date | null }>(
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
        const rows = await this.db.query<{ fromid: string; uid: string; f_name: string; epin: string; dd: Date }>(
          `select t.from_uid as fromid, t.to_uid as uid, m.name as f_name, t.number as epin, t.transferred_at as dd
             from epin_transfers t join members m on m.uid = t.to_uid
            where (t.from_uid = $1 or t.to_uid = $1) and ${dayFilter('t.transferred_at', 2, 3)}
            order by t.transferred_at desc, t.position desc limit ${MAX_HISTORY_ROWS}`,
          [uid, from, to],
        );
        return numbered(rows.map((r) => ({ fromid: r.fromid, uid: r.uid, f_name: r.f_name, Epin: r.epin, dd: r.dd.toISOString() })));
      }
    }
  }

  async levelIncome(uid: string, from: string | null, to: string | null): Promise<Array<Record<string, unknown>>> {
    const rows = await this.db.query<{ sid: string; uid: string; lvl: number; on_amount: string; rate_bp: number; income: string; dd: Date }>(
      `select earner_uid as sid, from_uid as uid, level as lvl, on_amount_paise::text as on_amount, rate_bp, amount_paise::text as income, paid_at as dd
         from level_income where earner_uid = $1 and paid and ${dayFilter('paid_at', 2, 3)}
        order by paid_at desc, topup_position desc, level limit ${MAX_HISTORY_ROWS}`,
      [uid, from, to],
    );
    return numbered(rows.map((r) => ({ sid: r.sid, uid: r.uid, lvl: r.lvl, onamount: rupees(r.on_amount), onrate: (r.rate_bp / 100).toFixed(2), income: rupees(r.income), dd: r.dd.toISOString() })));
  }
}
