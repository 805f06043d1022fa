import { Sql } from '../../../platform/db/database';
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
    const values: unknown[] = [];
    const tuples = p.levels.map((l, i) => {
      values.push(p.topupPosition, l.level, l.uid, p.fromUid, p.packagePaise, l.rateBp, l.amountPaise, l.paid, l.reason ?? null, event.recordedAt);
      const b = i * 10;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9}, $${b + 10})`;
    });
    if (tuples.length === 0) return;
    await sql.execute(
      `insert into level_income (topup_position, level, earner_uid, from_uid, on_amount_paise, rate_bp, amount_paise, paid, reason, paid_at) values ${tuples.join(', ')}`,
      values,
    );
  },
};
