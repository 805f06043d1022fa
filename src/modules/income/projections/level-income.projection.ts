import { exactlyRows, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';

export interface LevelIncomeDistributed {
  topupPosition: string;
  fromUid: string;
  packagePaise: string;
  levels: Array<{ level: number; uid: string | null; rateBp: number; amountPaise: string; paid: boolean; reason?: string }>;
  postings: Array<{ account: string; amountPaise: string }>;
}

/** The levels as stored: read from the event row this transaction inserted ($1, $2 = its stream and version). */
const INSERT_LEVEL_INCOME_SQL = `insert into level_income (topup_position, level, earner_uid, from_uid, on_amount_paise, rate_bp, amount_paise, paid, reason, paid_at)
   select (e.payload->>'topupPosition')::bigint, l.level, l.uid, e.payload->>'fromUid', (e.payload->>'packagePaise')::bigint,
          l."rateBp", l."amountPaise"::bigint, l.paid, l.reason, e.recorded_at
     from events e, jsonb_to_recordset(e.payload->'levels') as l(level smallint, uid text, "rateBp" integer, "amountPaise" text, paid boolean, reason text)
    where e.stream_id = $1 and e.stream_version = $2`;

/** One row per (top-up, level); the primary key makes a second payment impossible. */
export const levelIncomeProjection: Projection = {
  name: 'level-income',
  tables: ['level_income'],
  handles: ['LevelIncomeDistributed'],
  project(event: ProjectedEvent): Statement[] {
    const p = event.payload as LevelIncomeDistributed;
    if (p.levels.length === 0) return [];
    return [exactlyRows(INSERT_LEVEL_INCOME_SQL, [event.streamId, event.streamVersion], p.levels.length, `level income of ${event.streamId} not all written`)];
  },
};
