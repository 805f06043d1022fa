import { Database } from '../../platform/db/database';
import { Sql } from '../../platform/db/sql';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { ProjectionRunner } from '../../platform/projections/projection';

export const REPLAY_BATCH = 2000;
/** Row hashes fetched per round trip while diffing a table. */
export const DIFF_FETCH = 10_000;
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
  /**
   * The highest position in the snapshot the replay read (null: no events). Not "everything up to
   * it": an event with a lower position whose transaction was still open then is in neither side of
   * this comparison (the next replay covers it).
   */
  asOfPosition: string | null;
  differences: number;
  tables: TableDiff[];
}

/**
 * Rebuilds every projection from event 1 into a scratch schema (tables shaped like the live
 * ones), then diffs each table against the live one row by row, with multiplicity (as EXCEPT ALL
 * both ways would). Zero differences is the only pass. Runs on the owner connection; the scratch
 * schema is dropped unless `keep` is set. `onProgress` is awaited after each batch of events,
 * `onDiff` is told before each table's diff (on a big ledger about as long as the replay itself).
 *
 * Safe on a live database: every event and every live row is read in one read-only REPEATABLE
 * READ snapshot, so appends committed meanwhile are neither replayed nor compared, and an event
 * whose transaction commits late (a lower position after a higher one) is either wholly in the
 * snapshot or wholly out of it. That snapshot takes no transaction id, so the outbox relay and the
 * checkpoints, which read below the oldest open transaction id, are not held up: the scratch
 * tables are written in short transactions of their own, one per batch of events. The diff keeps
 * counts and a few example hashes, so memory stays flat whatever the tables' size.
 */
export async function replayLedger(
  db: Database,
  runner: ProjectionRunner,
  options: {
    keep?: boolean;
    onProgress?: (n: number) => void | Promise<void>;
    onDiff?: (table: string, index: number, of: number) => void;
    /**
     * Build in this existing schema instead of a new one (the application role, which may not
     * create schemas, has `verify_scratch`): its tables are dropped at the end, the schema stays.
     */
    schema?: string;
    /**
     * Called with both snapshots after the diff, before the scratch tables go: verify names the
     * key and column of each difference there (projection-diff.ts).
     */
    inspect?: (sides: { live: Sql; replayed: Sql; schema: string; tables: readonly TableDiff[] }) => Promise<void>;
  } = {},
): Promise<ReplayReport> {
  const given = options.schema;
  const schema = given ?? `replay_${Date.now()}`;
  const tables = runner.tables();
  await db.transaction(
    async (tx) => {
      if (!given) await tx.execute(`create schema ${schema}`);
      for (const table of tables)
        await tx.execute(
          `create table ${schema}.${table} (like public.${table} including defaults including constraints including indexes)`,
        );
    },
    { retry: false },
  );

  try {
    return await db.transaction(
      async (snapshot) => {
        let eventsReplayed = 0;
        let after: string | null = null;
        for (;;) {
          const rows: EventRow[] = await snapshot.query<EventRow>(
            `select ${EVENT_COLUMNS} from public.events where events.position > $1 order by events.position limit ${REPLAY_BATCH}`,
            [after ?? '0'],
          );
          if (rows.length > 0) {
            await db.transaction(
              async (tx) => {
                await tx.execute(`set local search_path to ${schema}, public`);
                await runner.apply(tx, rows.map(toStoredEvent));
              },
              { retry: false },
            );
            after = rows[rows.length - 1].position;
            eventsReplayed += rows.length;
            await options.onProgress?.(eventsReplayed);
          }
          if (rows.length < REPLAY_BATCH) break;
        }

        // The replayed side is read after its last write, in a snapshot of its own.
        const diffs = await db.transaction(
          async (replayed) => {
            const found: TableDiff[] = [];
            for (const [index, table] of tables.entries()) {
              options.onDiff?.(table, index + 1, tables.length);
              found.push(
                await diffTable(
                  table,
                  { sql: snapshot, relation: `public.${table}` },
                  { sql: replayed, relation: `${schema}.${table}` },
                ),
              );
            }
            await options.inspect?.({ live: snapshot, replayed, schema, tables: found });
            return found;
          },
          { retry: false, isolation: 'REPEATABLE READ', readOnly: true },
        );
        const differences = diffs.reduce((n, d) => n + d.onlyLive + d.onlyReplayed, 0);
        return { ok: differences === 0, schema, eventsReplayed, asOfPosition: after, differences, tables: diffs };
      },
      { retry: false, isolation: 'REPEATABLE READ', readOnly: true },
    );
  } finally {
    if (!options.keep && given) for (const table of tables) await db.execute(`drop table if exists ${schema}.${table}`);
    else if (!options.keep) await db.execute(`drop schema if exists ${schema} cascade`);
  }
}

interface Side {
  /** A transaction whose snapshot this side is read in (cursors live until it ends). */
  sql: Sql;
  relation: string;
}

/** The hashes of every row of `side` (md5 of its text form; both sides have the same column types), in byte order ("C"), DIFF_FETCH at a time through a cursor. */
async function* rowHashes(side: Side, cursor: string): AsyncGenerator<string> {
  await side.sql.execute(
    `declare ${cursor} no scroll cursor for select md5(t::text) collate "C" as h from ${side.relation} t order by h`,
  );
  for (;;) {
    const rows = await side.sql.query<{ h: string }>(`fetch forward ${DIFF_FETCH} from ${cursor}`);
    for (const row of rows) yield row.h;
    if (rows.length < DIFF_FETCH) break;
  }
  // Only on success: after a failed fetch the transaction is aborted (a CLOSE would hide the cause), and its end closes the cursor.
  await side.sql.execute(`close ${cursor}`);
}

/** Differing rows of one side: how many, and the hashes of the first MAX_SHOWN_DIFFS (for the examples). */
class Differing {
  count = 0;
  readonly shown: string[] = [];
  add(hash: string): void {
    this.count++;
    if (this.shown.length < MAX_SHOWN_DIFFS) this.shown.push(hash);
  }
}

/**
 * Merges the two sides' sorted row hashes: a hash on one side more often than on the other is a
 * differing row. Memory stays flat whatever the table's size; the examples are fetched by hash.
 */
async function diffTable(table: string, live: Side, replayed: Side): Promise<TableDiff> {
  const liveHashes = rowHashes(live, 'replay_live');
  const replayedHashes = rowHashes(replayed, 'replay_replayed');
  const onlyLive = new Differing();
  const onlyReplayed = new Differing();
  let liveRows = 0;
  let replayedRows = 0;
  let l = await liveHashes.next();
  let r = await replayedHashes.next();
  while (!l.done || !r.done) {
    if (!l.done && !r.done && l.value === r.value) {
      liveRows++;
      replayedRows++;
      [l, r] = await Promise.all([liveHashes.next(), replayedHashes.next()]);
    } else if (r.done || (!l.done && l.value < r.value)) {
      liveRows++;
      onlyLive.add(l.value as string);
      l = await liveHashes.next();
    } else {
      replayedRows++;
      onlyReplayed.add(r.value);
      r = await replayedHashes.next();
    }
  }
  const examples = async (side: Side, differing: Differing) =>
    differing.count === 0
      ? []
      : (
          await side.sql.query<{ row: unknown }>(
            `select to_jsonb(t) as row from ${side.relation} t where md5(t::text) = any($1) limit ${MAX_SHOWN_DIFFS}`,
            [differing.shown],
          )
        ).map((x) => x.row);
  return {
    table,
    liveRows,
    replayedRows,
    onlyLive: onlyLive.count,
    onlyReplayed: onlyReplayed.count,
    examples: [
      ...(await examples(live, onlyLive)).map((row) => ({ side: 'live' as const, row })),
      ...(await examples(replayed, onlyReplayed)).map((row) => ({ side: 'replayed' as const, row })),
    ],
  };
}
