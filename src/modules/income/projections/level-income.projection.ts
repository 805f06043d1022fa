import { prepared } from '../../../platform/db/sql';
import { EVENT_TIME, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';
import { LevelIncomeDistributed } from '../domain/level-income.events';

/** One fixed text for any number of levels. */
const INSERT_LEVEL_INCOME_SQL =
  prepared(`insert into level_income (topup_position, level, earner_uid, from_uid, on_amount_paise, rate_bp, amount_paise, paid, reason, paid_at)
   select $1::bigint, u.level, u.earner_uid, $2::text, $3::bigint, u.rate_bp, u.amount_paise, u.paid, u.reason, $4::timestamptz
     from unnest($5::smallint[], $6::text[], $7::integer[], $8::bigint[], $9::boolean[], $10::text[]) as u(level, earner_uid, rate_bp, amount_paise, paid, reason)`);

/** One row per (top-up, level); the primary key makes a second payment impossible. */
export const levelIncomeProjection: Projection = {
  name: 'level-income',
  tables: ['level_income'],
  handles: ['LevelIncomeDistributed'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as LevelIncomeDistributed;
    if (p.levels.length === 0) return [];
    // One row per level, by construction (unnest); the primary key refuses a second payment.
    return [
      {
        text: INSERT_LEVEL_INCOME_SQL,
        params: [
          p.topupPosition,
          p.fromUid,
          p.packagePaise,
          event.recordedAt,
          p.levels.map((l) => l.level),
          p.levels.map((l) => l.uid),
          p.levels.map((l) => l.rateBp),
          p.levels.map((l) => l.amountPaise),
          p.levels.map((l) => l.paid),
          p.levels.map((l) => l.reason ?? null),
        ],
      },
    ];
  },
  rebuild: [
    // jsonb_to_record reads the payload once (each ->> would decompress it again: these are large)
    `insert into level_income (topup_position, level, earner_uid, from_uid, on_amount_paise, rate_bp, amount_paise, paid, reason, paid_at)
     select p."topupPosition", l.level, l.uid, p."fromUid", p."packagePaise", l."rateBp", l."amountPaise", l.paid, l.reason, ${EVENT_TIME}
       from events
      cross join lateral jsonb_to_record(events.payload) as p("topupPosition" bigint, "fromUid" text, "packagePaise" bigint, levels jsonb)
      cross join lateral jsonb_to_recordset(p.levels)
                 as l(level smallint, uid text, "rateBp" integer, "amountPaise" bigint, paid boolean, reason text)
      where events.type = 'LevelIncomeDistributed'`,
  ],
};
