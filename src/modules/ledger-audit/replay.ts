import { Database } from '../../platform/db/database';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { ProjectionRunner } from '../../platform/projections/projection';

export const REPLAY_BATCH = 2000;
/** Differing rows shown per table in a report. */
export const MAX_SHOWN_DIFFS = 20;

export interface TableDiff {
  table: string;
  liveRows: number;
  replayedRows: number;
  onlyLive: number;
  onlyReplayed: number;
  examples: Array<{ side: 'live' | 'replayed'; row: unknown }>;
}

export interface ReplayReport {
  ok: boolean;
  schema: string;
  eventsReplayed: number;
  differences: number;
  tables: TableDiff[];
}

/**
 * Rebuilds every projection from event 1 into a scratch schema (tables shaped like the live
 * ones), then diffs each table against the live one row by row (EXCEPT ALL both ways). Zero
 * differences is the only pass. Runs on the owner connection; the scratch schema is dropped
 * unless `keep` is set.
 */
export async function replayLedger(db: Database, runner: ProjectionRunner, options: { keep?: boolean; onProgress?: (n: number) => void } = {}): Promise<ReplayReport> {
  const schema = `replay_${Date.now()}`;
  const tables = runner.tables();
  await db.transaction(async (tx) => {
    await tx.execute(`create schema ${schema}`);
    for (const table of tables) await tx.execute(`create table ${schema}.${table} (like public.${table} including defaults including constraints including indexes)`);
  }, { retry: false });

  let eventsReplayed = 0;
  let after = '0';
  try {
    for (;;) {
      const done = await db.transaction(async (tx) => {
        await tx.execute(`set local search_path to ${schema}, public`);
        const rows = await tx.query<EventRow>(`select ${EVENT_COLUMNS} from public.events where events.position > $1 order by events.position limit ${REPLAY_BATCH}`, [after]);
        await runner.apply(tx, rows.map(toStoredEvent));
        if (rows.length > 0) after = rows[rows.length - 1].position;
        return rows.length;
      }, { retry: false });
      eventsReplayed += done;
      options.onProgress?.(eventsReplayed);
      if (done < REPLAY_BATCH) break;
    }

    const diffs: TableDiff[] = [];
    for (const table of tables) {
      const [counts] = await db.query<{ live: string; replayed: string }>(`select (select count(*) from public.${table})::text as live, (select count(*) from ${schema}.${table})::text as replayed`);
      const onlyLive = await db.query<{ row: unknown }>(`select to_jsonb(d) as row from (select * from public.${table} except all select * from ${schema}.${table}) d`);
      const onlyReplayed = await db.query<{ row: unknown }>(`select to_jsonb(d) as row from (select * from ${schema}.${table} except all select * from public.${table}) d`);
      diffs.push({
        table,
        liveRows: Number(counts.live),
        replayedRows: Number(counts.replayed),
        onlyLive: onlyLive.length,
        onlyReplayed: onlyReplayed.length,
        examples: [
          ...onlyLive.slice(0, MAX_SHOWN_DIFFS).map((r) => ({ side: 'live' as const, row: r.row })),
          ...onlyReplayed.slice(0, MAX_SHOWN_DIFFS).map((r) => ({ side: 'replayed' as const, row: r.row })),
        ],
      });
    }
    const differences = diffs.reduce((n, d) => n + d.onlyLive + d.onlyReplayed, 0);
    return { ok: differences === 0, schema, eventsReplayed, differences, tables: diffs };
  } finally {
    if (!options.keep) await db.execute(`drop schema if exists ${schema} cascade`);
  }
}
