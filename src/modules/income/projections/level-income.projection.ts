import { Sql } from '../../../platform/db/database';
import { valuesList } from '../../../platform/db/values';
import { StoredEvent } from '../../../platform/event-store/event.types';
import { Projection } from '../../../platform/projections/projection';

export interface LevelIncomeDistributed {
  topupPosition: string;
  fromUid: string;
  packagePaise: string;
  levels: Array<{ level: number; uid: string | null; rateBp: number; amountPaise: string; paid: boolean; reason?: string }>;
  postings: Array<{ account: string; amountPaise: string }>;
}

/** One row per (top-up, level); the primary key makes a second payment impossible. */
export const levelIncomeProjection: Projection = {
  name: 'level-income',
  tables: ['level_income'],
  handles: ['LevelIncomeDistributed'],
  async apply(sql: Sql, event: StoredEvent): Promise<void> {
    const p = event.payload as LevelIncomeDistributed;
    if (p.levels.length === 0) return;
    const rows = valuesList(p.levels.map((l) => [p.topupPosition, l.level, l.uid, p.fromUid, p.packagePaise, l.rateBp, l.amountPaise, l.paid, l.reason ?? null, event.recordedAt]));
    await sql.execute(
      `insert into level_income (topup_position, level, earner_uid, from_uid, on_amount_paise, rate_bp, amount_paise, paid, reason, paid_at) values ${rows.sql}`,
      rows.params,
    );
  },
};
