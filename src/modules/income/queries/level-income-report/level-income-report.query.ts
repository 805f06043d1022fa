import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/db/database';
import { Sql } from '../../../../platform/db/sql';
import { dayFilter, MAX_HISTORY_ROWS, numbered, rupees } from '../../../../platform/member-history';

/** The member's GetIncomeReport: level income paid to them, newest first, within the IST days given. */
export async function levelIncomeReport(
  db: Sql,
  uid: string,
  from: string | null,
  to: string | null,
): Promise<Array<Record<string, unknown>>> {
  const rows = await db.query<{
    sid: string;
    uid: string;
    lvl: number;
    on_amount: string;
    rate_bp: number;
    income: string;
    dd: Date;
  }>(
    `select earner_uid as sid, from_uid as uid, level as lvl, on_amount_paise::text as on_amount, rate_bp, amount_paise::text as income, paid_at as dd
       from level_income where earner_uid = $1 and paid and ${dayFilter('paid_at', 2, 3)}
      order by paid_at desc, topup_position desc, level limit ${MAX_HISTORY_ROWS}`,
    [uid, from, to],
  );
  return numbered(
    rows.map((r) => ({
      sid: r.sid,
      uid: r.uid,
      lvl: r.lvl,
      onamount: rupees(r.on_amount),
      onrate: (r.rate_bp / 100).toFixed(2),
      income: rupees(r.income),
      dd: r.dd.toISOString(),
    })),
  );
}

/** The report as the member API injects it. */
@Injectable()
export class LevelIncomeReportQuery {
  constructor(private readonly db: Database) {}

  run(uid: string, from: string | null, to: string | null): Promise<Array<Record<string, unknown>>> {
    return levelIncomeReport(this.db, uid, from, to);
  }
}
