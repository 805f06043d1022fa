import { Database } from '../../platform/db/database';
import { Sql } from '../../platform/db/sql';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from '../../platform/event-store/event.types';
import { Projection, ProjectionRunner, settleAll } from '../../platform/projections/projection';

export const REPLAY_BATCH = 2000;
/** work_mem and maintenance_work_mem of the set-based phase's one transaction (sorts, hash aggregates, index builds). */
export const REPLAY_WORK_MEM = '64MB';
/**
 * What each lane sets for its own transaction (`set local`), decision 0053: one connection sorting
 * and hashing a whole ledger's rows needs more memory than a request's.
 */
export const REPLAY_SETTINGS: Readonly<Record<string, string>> = {
  work_mem: REPLAY_WORK_MEM,
  maintenance_work_mem: REPLAY_WORK_MEM,
};
/**
 * Transactions that run the set-based rebuilds side by side (decision 0049), each importing the
 * replay's snapshot and taking the next projection when it is done with one: one per core here.
 */
export const REPLAY_LANES = 2;
/**
 * The rebuilds that take longest on a network's ledger, longest first (bench/README.md, decision
 * 0049's profile): the lanes take them before the others, which follow in their list's order, so
 * that the lanes end together rather than one finishing a large rebuild alone. Names not listed
 * (or no longer there) change nothing but the order.
 */
export const LONGEST_REBUILDS = ['postings', 'member-tree', 'level-income', 'team-counts', 'members', 'epins'];
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
  /** Compared, with 0 differences. */
  ok: boolean;
  /** False when asked not to compare (`compare: false`): the scratch schema is only built, and kept. */
  compared: boolean;
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
 * schema is dropped unless `keep` is set. `onProgress` is awaited with the number of events
 * replayed so far after each batch of events projected one by one, or once when there are none,
 * `onDiff` is told before each table's diff (on a big ledger about as long as the replay itself).
 *
 * The scratch tables are UNLOGGED (nothing of them needs to survive a crash: a replay that
 * does not finish is run again), so filling them writes no WAL. Two paths build them (decisions
 * 0046, 0049). Projections with a `rebuild` (postings, the sponsor tree, team counts, income,
 * top-ups, e-pins, members, profiles, the help circle's requests, queue entries, links, UTR claims
 * and withdrawals: what a large ledger is made of) are built set-based — INSERT … SELECT over every
 * event, into tables without indexes, whose unique indexes (the checks they carry) are built after
 * the load, with `project`'s conditions checked over all events at once. The others (the small
 * ones: admin users, logins, settings, payments, tickets, news) project event
 * by event, as the live path does, fed only the events of the types they handle, in batches of
 * REPLAY_BATCH. `perEventOnly` runs every projection event by event (the old path: slow, kept to
 * hold the set-based statements to the live ones).
 *
 * Safe on a live database: every event and every live row is read in one read-only REPEATABLE
 * READ snapshot, so appends committed meanwhile are neither replayed nor compared, and an event
 * whose transaction commits late (a lower position after a higher one) is either wholly in the
 * snapshot or wholly out of it. The set-based statements run in REPLAY_LANES transactions side by
 * side, each importing that very snapshot (pg_export_snapshot) and rebuilding whole projections. None of replay's transactions registers as a ledger writer,
 * so the outbox relay and the checkpoints are not held up; the event-by-event batches are written
 * in short transactions of their own. The diff keeps counts and a few example hashes, so memory
 * stays flat whatever the tables' size.
 */
export async function replayLedger(
  db: Database,
  runner: ProjectionRunner,
  options: {
    keep?: boolean;
    /** false: build the scratch schema and keep it, without comparing (benchmarks, a comparison of one's own). */
    compare?: boolean;
    perEventOnly?: boolean;
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
    /**
     * Told how long each phase took: the set-based rebuilds with their unique indexes (wall time,
     * lanes side by side), the unique indexes alone (summed over the lanes), the event-by-event batches.
     */
    onPhase?: (phase: 'set-based' | 'indexes' | 'per-event', ms: number) => void;
    /**
     * Told, per projection rebuilt set-based, how long its statements and then its tables' unique
     * indexes took, and each of its statements (the `rebuild` list's order) for a profile.
     */
    onRebuild?: (projection: string, ms: number, indexMs: number, statementMs: number[]) => void;
    /** Set-based rebuilds side by side (default REPLAY_LANES); 1 runs them one after another. */
    lanes?: number;
    /** Each lane's settings, over REPLAY_SETTINGS (the benchmark measures others with it). */
    settings?: Readonly<Record<string, string>>;
    /**
     * An exported snapshot (`pg_export_snapshot()` of a transaction still open) to read the events
     * and the live tables in, instead of a new one: verify rebuilds and walks the very same ledger
     * side by side (decision 0056).
     */
    snapshot?: string;
  } = {},
): Promise<ReplayReport> {
  const given = options.schema;
  const schema = given ?? `replay_${Date.now()}`;
  const tables = runner.tables();
  const setBased = options.perEventOnly ? [] : runner.projections.filter((p) => p.rebuild);
  const perEvent = new ProjectionRunner(runner.projections.filter((p) => !setBased.includes(p)));
  const loadedFirst = new Set(setBased.flatMap((p) => p.tables));
  await db.transaction(
    async (tx) => {
      if (!given) await tx.execute(`create schema ${schema}`);
      // Autovacuum off (decision 0053): a scratch table is written once, read by the diff and
      // dropped; a vacuum woken by its millions of new rows would only take a core from the lanes.
      for (const table of tables)
        await tx.execute(
          `create unlogged table ${schema}.${table} (like public.${table} including defaults including constraints${
            loadedFirst.has(table) ? '' : ' including indexes'
          }) with (autovacuum_enabled = false, toast.autovacuum_enabled = false)`,
        );
    },
    { retry: false, appends: false },
  );

  try {
    return await db.transaction(
      async (snapshot) => {
        if (options.snapshot !== undefined) await importSnapshot(snapshot, options.snapshot);
        let after: string | null = null;
        let projected = 0;
        const [{ count, last, id }] = await snapshot.query<{ count: string; last: string | null; id: string }>(
          'select count(*)::text as count, max(position)::text as last, pg_export_snapshot() as id from public.events',
        );
        if (setBased.length > 0) {
          const started = Date.now();
          const queue = longestFirst(setBased);
          let indexMs = 0;
          // Each lane: one transaction in the replay's very snapshot, taking the next projection
          // off the queue until none is left; a projection's unique indexes right after its load.
          const lane = () =>
            db.transaction(
              async (tx) => {
                await importSnapshot(tx, id);
                await tx.execute(`set local search_path to ${schema}, public`);
                for (const [name, value] of Object.entries({ ...REPLAY_SETTINGS, ...options.settings }))
                  await tx.execute('select set_config($1, $2, true)', [name, value]);
                for (let projection = queue.shift(); projection; projection = queue.shift()) {
                  try {
                    indexMs += await rebuildOne(tx, schema, projection, options.onRebuild);
                  } catch (error) {
                    queue.length = 0; // the other lanes stop after the projection they are on
                    throw error;
                  }
                }
              },
              { retry: false, isolation: 'REPEATABLE READ', appends: false },
            );
          const lanes = Math.max(1, Math.min(options.lanes ?? REPLAY_LANES, setBased.length));
          await settleAll(Array.from({ length: lanes }, lane));
          options.onPhase?.('set-based', Date.now() - started);
          options.onPhase?.('indexes', indexMs);
        }
        // Progress in events replayed: the set-based phase covers every event of the snapshot at once.
        const progress = (projected: number) => options.onProgress?.(setBased.length > 0 ? Number(count) : projected);

        const started = Date.now();
        const types = perEvent.projections.length === 0 ? [] : perEvent.types();
        const batch = nextBatch(types);
        for (;;) {
          if (types !== null && types.length === 0) break;
          const rows: EventRow[] = await snapshot.query<EventRow>(batch, [after ?? '0', ...(types ?? [])]);
          if (rows.length > 0) {
            await db.transaction(
              async (tx) => {
                await tx.execute(`set local search_path to ${schema}, public`);
                await perEvent.apply(tx, rows.map(toStoredEvent));
              },
              { retry: false, appends: false },
            );
            after = rows[rows.length - 1].position;
            projected += rows.length;
            await progress(projected);
          }
          if (rows.length < REPLAY_BATCH) break;
        }
        if (projected === 0) await progress(0);
        options.onPhase?.('per-event', Date.now() - started);
        const eventsReplayed = Number(count);
        if (options.compare === false)
          return { ok: false, compared: false, schema, eventsReplayed, asOfPosition: last, differences: 0, tables: [] };

        // The replayed side is read after its last write, in a snapshot of its own.
        const diffs = await db.transaction(
          async (replayed) => {
            const found: TableDiff[] = [];
            for (const [index, table] of tables.entries()) {
              options.onDiff?.(table, index + 1, tables.length);
              found.push(
                await compareTable(
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
        return {
          ok: differences === 0,
          compared: true,
          schema,
          eventsReplayed,
          asOfPosition: last,
          differences,
          tables: diffs,
        };
      },
      { retry: false, isolation: 'REPEATABLE READ', readOnly: true },
    );
  } finally {
    if (!options.keep && options.compare !== false) {
      if (given) for (const table of tables) await db.execute(`drop table if exists ${schema}.${table}`);
      else await db.execute(`drop schema if exists ${schema} cascade`);
    }
  }
}

/** An exported snapshot's id as `pg_export_snapshot()` spells it (hex digits and dashes). */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i;

/** Makes the transaction `tx` (before its first statement) read in the exported snapshot `id`. */
export async function importSnapshot(tx: Sql, id: string): Promise<void> {
  if (!SNAPSHOT_ID.test(id)) throw new Error(`not an exported snapshot's id: ${JSON.stringify(id)}`);
  await tx.execute(`set transaction snapshot '${id}'`);
}

/** The projections in the order the lanes take them: LONGEST_REBUILDS first, the others in their order. */
export function longestFirst(projections: readonly Projection[]): Projection[] {
  const rank = (p: Projection) => {
    const i = LONGEST_REBUILDS.indexOf(p.name);
    return i < 0 ? LONGEST_REBUILDS.length : i;
  };
  return [...projections].sort((a, b) => rank(a) - rank(b));
}

/**
 * The next REPLAY_BATCH events after position $1, of these types ($2, $3, … one each; null: every
 * type): per type its events in position order through `events_type_idx`, merged. The small
 * projections left event by event see few events in a large ledger; a filter over all events in
 * position order would read the whole table to find them.
 */
function nextBatch(types: readonly string[] | null): string {
  if (types === null)
    return `select ${EVENT_COLUMNS} from public.events where events.position > $1 order by events.position limit ${REPLAY_BATCH}`;
  const perType = types.map(
    (_, i) =>
      `(select ${EVENT_COLUMNS}, events.position as replay_order from public.events
         where events.type = $${i + 2}::text and events.position > $1 order by events.position limit ${REPLAY_BATCH})`,
  );
  return `select * from (${perType.join(' union all ')}) e order by replay_order limit ${REPLAY_BATCH}`;
}

/** Runs one projection's rebuild, then builds its tables' unique indexes; answers the indexes' time. */
async function rebuildOne(
  tx: Sql,
  schema: string,
  projection: Projection,
  onRebuild?: (projection: string, ms: number, indexMs: number, statementMs: number[]) => void,
): Promise<number> {
  const started = Date.now();
  const statementMs: number[] = [];
  for (const text of projection.rebuild ?? []) {
    const one = Date.now();
    await tx.execute(text);
    statementMs.push(Date.now() - one);
  }
  const loaded = Date.now();
  for (const table of projection.tables)
    for (const { name, text } of await uniqueIndexes(tx, schema, table))
      if (!projection.keysByConstruction?.includes(name)) await tx.execute(text);
  const indexMs = Date.now() - loaded;
  onRebuild?.(projection.name, loaded - started, indexMs, statementMs);
  return indexMs;
}

/**
 * The live table's unique indexes (its primary key among them), as statements that build them on
 * the scratch table: the duplicates they refuse are what the event-by-event path's would refuse.
 * Its other indexes serve the live reads only; replay's diff reads every row and needs none.
 */
async function uniqueIndexes(sql: Sql, schema: string, table: string): Promise<Array<{ name: string; text: string }>> {
  const rows = await sql.query<{ name: string; def: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ('public.' || $1)::regclass and i.indisunique order by i.indexrelid`,
    [table],
  );
  const live = ` ON public.${table} `;
  return rows.map(({ name, def }) => {
    if (!def.includes(live)) throw new Error(`unexpected index definition on ${table}: ${def}`);
    return { name, text: def.replace(live, ` ON ${schema}.${table} `) };
  });
}

export interface Side {
  /** A transaction whose snapshot this side is read in (cursors live until it ends). */
  sql: Sql;
  relation: string;
}

/**
 * The hashes of every row of `side` (md5 of its text form; both sides have the same column types),
 * in byte order ("C"), DIFF_FETCH at a time through a cursor. The next batch is always asked for
 * before the current one is handed out (decision 0053): each side's server hashes and sorts while
 * the client merges, and the two sides' sorts — most of a diff — run at once, one per backend.
 */
class RowHashes {
  private batch: string[] = [];
  private at = 0;
  private pending: Promise<string[]> | null = null;

  private constructor(
    private readonly side: Side,
    private readonly cursor: string,
  ) {}

  static async open(side: Side, cursor: string): Promise<RowHashes> {
    await side.sql.execute(
      `declare ${cursor} no scroll cursor for select md5(t::text) collate "C" as h from ${side.relation} t order by h`,
    );
    const hashes = new RowHashes(side, cursor);
    hashes.pending = hashes.fetch();
    return hashes;
  }

  /** Asks for the next batch; a failure is told to whoever awaits it (never an unhandled rejection if nobody does). */
  private fetch(): Promise<string[]> {
    const batch = this.side.sql
      .query<{ h: string }>(`fetch forward ${DIFF_FETCH} from ${this.cursor}`)
      .then((rows) => rows.map((row) => row.h));
    batch.catch(() => undefined);
    return batch;
  }

  /** The next hash, or null after the last. */
  async next(): Promise<string | null> {
    while (this.at === this.batch.length) {
      if (this.pending === null) return null;
      this.batch = await this.pending;
      this.at = 0;
      this.pending = this.batch.length < DIFF_FETCH ? null : this.fetch();
      if (this.pending === null) {
        // After the last batch, once. Only on success: after a failed fetch the transaction is
        // aborted (a CLOSE would hide the cause), and its end closes the cursor.
        await this.side.sql.execute(`close ${this.cursor}`);
      }
    }
    return this.batch[this.at++];
  }
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

/** Leading hex digits of a row's hash that name its bucket: 4,096 buckets. */
export const BUCKET_DIGITS = 3;

interface Bucket {
  b: string;
  n: number;
  d: string;
}

/**
 * One row per bucket of `side`: how many rows, and the md5 of the bucket's row hashes in byte order
 * — one statement; only the 4,096 summaries leave the server, not a hash per row.
 */
function buckets(side: Side): Promise<Bucket[]> {
  return side.sql.query<Bucket>(
    `select substr(h, 1, ${BUCKET_DIGITS}) as b, count(*)::int as n, md5(string_agg(h, '' order by h)) as d
       from (select md5(t::text) collate "C" as h from ${side.relation} t offset 0) x
      group by 1 order by 1`,
  );
}

/**
 * Compares one table's two sides (decision 0053): first bucket by bucket, both sides summarised at
 * once; equal summaries mean the same rows with the same multiplicity (equal counts, and the md5 of
 * each bucket's sorted row hashes equal — as strong as the rows' own md5). Only a table whose
 * summaries differ is merged row hash by row hash (`diffTable`), which counts and shows its rows.
 */
export async function compareTable(table: string, live: Side, replayed: Side): Promise<TableDiff> {
  const [l, r] = await Promise.all([buckets(live), buckets(replayed)]);
  const same = l.length === r.length && l.every((x, i) => x.b === r[i].b && x.n === r[i].n && x.d === r[i].d);
  if (!same) return diffTable(table, live, replayed);
  const rows = l.reduce((n, x) => n + x.n, 0);
  return { table, liveRows: rows, replayedRows: rows, onlyLive: 0, onlyReplayed: 0, examples: [] };
}

/**
 * Merges the two sides' sorted row hashes: a hash on one side more often than on the other is a
 * differing row. Memory stays flat whatever the table's size; the examples are fetched by hash.
 */
export async function diffTable(table: string, live: Side, replayed: Side): Promise<TableDiff> {
  // both cursors declared before either side's first batch is awaited: the two sorts start together
  const liveHashes = await RowHashes.open(live, 'replay_live');
  const replayedHashes = await RowHashes.open(replayed, 'replay_replayed');
  const onlyLive = new Differing();
  const onlyReplayed = new Differing();
  let liveRows = 0;
  let replayedRows = 0;
  let [l, r] = await Promise.all([liveHashes.next(), replayedHashes.next()]);
  while (l !== null || r !== null) {
    if (l !== null && r !== null && l === r) {
      liveRows++;
      replayedRows++;
      [l, r] = await Promise.all([liveHashes.next(), replayedHashes.next()]);
    } else if (r === null || (l !== null && l < r)) {
      liveRows++;
      onlyLive.add(l as string);
      l = await liveHashes.next();
    } else {
      replayedRows++;
      onlyReplayed.add(r);
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
