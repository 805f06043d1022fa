import { createHash, randomBytes } from 'node:crypto';
import { Database } from '../../platform/db/database';
import { DomainError, InvariantViolation } from '../../platform/errors';
import { Sql } from '../../platform/db/sql';
import { ProjectionRunner } from '../../platform/projections/projection';
import { MAX_PROBLEMS, Problem } from './problem';
import { replayLedger, TableDiff } from './replay';

/** Rows fetched per round trip while naming the differences of one table. */
export const NAME_FETCH = 5000;

/**
 * Columns that hold a secret (a reset link's hash, a password's, an encrypted factor): compared and
 * shown through HMAC-SHA256 under a key drawn for the run (never stored, so a shown value cannot be
 * tested against guesses afterwards), computed inside PostgreSQL: the secret never leaves it.
 */
export const SECRET_COLUMN = /secret|password|cipher|(^|_)token$/;

/** The schema the application role rebuilds into (migration VerifyScratch1763800019500). */
export const VERIFY_SCRATCH_SCHEMA = 'verify_scratch';
/** The advisory lock (two int4 keys) that lets one verify at a time use VERIFY_SCRATCH_SCHEMA. */
export const SCRATCH_LOCK = [5362, 43] as const;

/** One difference between a live read table and the same table rebuilt from the events. */
export interface RowDifference {
  table: string;
  /** The row's primary key (every column where the table has none). */
  key: Record<string, unknown>;
  /** The differing column; null when the row is only on one side. */
  column: string | null;
  /** The live value (the whole row when `column` is null); null: no such row. */
  live: unknown;
  /** The value rebuilt from the events (the whole row when `column` is null); null: no such row. */
  rebuilt: unknown;
}

export interface ProjectionsReport {
  /** Events replayed into the scratch tables. */
  eventsReplayed: number;
  /** The highest position of the snapshot the rebuild read. */
  asOfPosition: string | null;
  /** Read tables rebuilt and compared. */
  tablesCompared: number;
  /** Rows that differ, all tables (a changed row counts once per side, as replay counts it). */
  differingRows: number;
  /** The first differences, named by table, key and column (at most MAX_PROBLEMS). */
  differences: RowDifference[];
  /**
   * Why the events could not be projected at all (a projection refused one: an invariant, a
   * constraint), or null. Then nothing was compared, and verify says so as a problem.
   */
  rebuildFailed: string | null;
}

/**
 * What a projection answers to an event it refuses: its invariant (SQLSTATE LG001, or thrown
 * before sending), a constraint (class 23) or a value it cannot take (class 22). Anything else —
 * a connection lost, a timeout — is the database's trouble, not the ledger's, and is thrown.
 */
function refusedByProjection(error: unknown): boolean {
  if (error instanceof InvariantViolation) return true;
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^(LG|22|23)/.test(code);
}

/** A value as a reader may see it (the auditor's view replaces personal values by tokens). */
export type ValueView = (column: string, value: unknown) => unknown;

/** Another verify is rebuilding into the shared scratch schema (409 at the HTTP edge). */
export class VerifyAlreadyRunning extends DomainError {
  constructor() {
    super(
      'LEDGER.VERIFY_RUNNING',
      'Another verify is rebuilding the read tables right now. Try again when it has finished.',
      'conflict',
    );
  }
}

interface Column {
  name: string;
  type: string;
}

/**
 * Rebuilds every projection from the events (replayLedger, into `schema` when given, else a new
 * schema of its own) and, for each table replay finds different, names each differing row by its
 * key and each differing column, live value beside rebuilt value, in the replay's two snapshots.
 * With `schema`, one run at a time: the shared schema is taken under an advisory lock, and tables
 * left by a run that died are dropped first.
 */
export async function compareProjections(
  db: Database,
  runner: ProjectionRunner,
  options: {
    schema?: string;
    view?: ValueView;
    /** An exported snapshot to rebuild and compare in (replayLedger's `snapshot`): verify's own. */
    snapshot?: string;
    /** Told when the rebuild begins (with `schema`, once the lock is held): verify starts its walk then. */
    onStart?: () => void;
  } = {},
): Promise<ProjectionsReport> {
  const run = () => {
    options.onStart?.();
    return rebuildAndName(db, runner, options.schema, options.view ?? ((_, v) => v), options.snapshot);
  };
  if (!options.schema) return run();
  const schema = options.schema;
  // The lock lives as long as this read-only transaction, which stays idle while the rebuild runs
  // on other connections: the session's idle-in-transaction limit is lifted for it alone.
  return db.transaction(
    async (guard) => {
      await guard.execute('set local idle_in_transaction_session_timeout = 0');
      const [{ locked }] = await guard.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock($1, $2) as locked',
        [...SCRATCH_LOCK],
      );
      if (!locked) throw new VerifyAlreadyRunning();
      for (const table of runner.tables()) await db.execute(`drop table if exists ${schema}.${table}`);
      return run();
    },
    { readOnly: true, retry: false },
  );
}

async function rebuildAndName(
  db: Database,
  runner: ProjectionRunner,
  schema: string | undefined,
  view: ValueView,
  snapshot: string | undefined,
): Promise<ProjectionsReport> {
  const differences: RowDifference[] = [];
  let report: Awaited<ReturnType<typeof replayLedger>>;
  try {
    report = await replayLedger(db, runner, {
      schema,
      snapshot,
      inspect: async ({ live, replayed, schema: scratch, tables }) => {
        const key = randomBytes(32);
        for (const diff of tables) {
          if (diff.onlyLive + diff.onlyReplayed === 0 || differences.length >= MAX_PROBLEMS) continue;
          for (const d of await nameDifferences(diff, live, replayed, scratch, key, MAX_PROBLEMS - differences.length))
            differences.push(viewed(d, view));
        }
      },
    });
  } catch (error) {
    if (!refusedByProjection(error)) throw error;
    const [last] = await db.query<{ position: string | null }>('select max(position)::text as position from events');
    return {
      eventsReplayed: 0,
      asOfPosition: last?.position ?? null,
      tablesCompared: 0,
      differingRows: 0,
      differences: [],
      rebuildFailed: (error as Error).message,
    };
  }
  return {
    eventsReplayed: report.eventsReplayed,
    asOfPosition: report.asOfPosition,
    tablesCompared: report.tables.length,
    differingRows: report.differences,
    differences,
    rebuildFailed: null,
  };
}

function viewed(d: RowDifference, view: ValueView): RowDifference {
  const row = (value: unknown) =>
    value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([c, v]) => [c, view(c, v)]))
      : value;
  return {
    ...d,
    key: row(d.key) as Record<string, unknown>,
    live: d.column === null ? row(d.live) : view(d.column, d.live),
    rebuilt: d.column === null ? row(d.rebuilt) : view(d.column, d.rebuilt),
  };
}

/** A difference as one line of verify's report. */
export function describeDifference(d: RowDifference): string {
  const key = Object.entries(d.key)
    .map(([c, v]) => `${c} ${JSON.stringify(v)}`)
    .join(', ');
  if (d.column === null)
    return d.live === null
      ? `${d.table} row (${key}) is missing from the live table: the events make ${JSON.stringify(d.rebuilt)}`
      : `${d.table} row (${key}) is in the live table but not in what the events make: ${JSON.stringify(d.live)}`;
  return `${d.table} row (${key}), column ${d.column}: ${JSON.stringify(d.live)} in the live table, ${JSON.stringify(d.rebuilt)} rebuilt from the events`;
}

/** The differences as verify's problems, at the rebuild's highest position (after every event problem). */
export function differenceProblems(report: ProjectionsReport): Problem[] {
  const at = report.asOfPosition ?? '0';
  if (report.rebuildFailed)
    return [
      {
        position: at,
        stream_id: 'projections',
        reason: `the read tables cannot be rebuilt from the events, a projection refuses one: ${report.rebuildFailed}`,
      },
    ];
  return report.differences.map((d) => ({
    position: at,
    stream_id: `table:${d.table}`,
    reason: describeDifference(d),
  }));
}

/** HMAC-SHA256 in SQL ($1: key ⊕ ipad, $2: key ⊕ opad), over the value's text. */
const hmacSql = (expr: string) =>
  `encode(sha256($2::bytea || sha256($1::bytea || convert_to((${expr})::text, 'UTF8'))), 'hex')`;

function hmacPads(key: Buffer): [Buffer, Buffer] {
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(block);
  return [Buffer.from(block.map((b) => b ^ 0x36)), Buffer.from(block.map((b) => b ^ 0x5c))];
}

/**
 * Walks both sides of one table in key order (two cursors, NAME_FETCH rows at a time, so memory
 * stays flat) and names up to `limit` differences: a row on one side only, or each column that
 * differs in a row on both.
 */
async function nameDifferences(
  diff: TableDiff,
  live: Sql,
  replayed: Sql,
  scratch: string,
  hmacKey: Buffer,
  limit: number,
): Promise<RowDifference[]> {
  const table = diff.table;
  const columns = await live.query<Column>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
    [`public.${table}`],
  );
  const primary = await live.query<{ name: string }>(
    `select a.attname as name from pg_index i cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = $1::regclass and i.indisprimary order by k.ord`,
    [`public.${table}`],
  );
  const keyColumns = primary.length > 0 ? primary.map((c) => c.name) : columns.map((c) => c.name);
  const value = (c: Column) =>
    SECRET_COLUMN.test(c.name)
      ? hmacSql(`t.${quote(c.name)}`)
      : /^(bigint|numeric)/.test(c.type)
        ? `t.${quote(c.name)}::text`
        : `t.${quote(c.name)}`;
  // The key as hex of its UTF-8 text, so that PostgreSQL's order ("C") and JavaScript's agree.
  const keyOrder = `array[${keyColumns.map((c) => `encode(convert_to(t.${quote(c)}::text, 'UTF8'), 'hex') collate "C"`).join(', ')}]`;
  const select = (relation: string) =>
    `select x.__key as k, to_jsonb(x) - '__key' as r from (select ${keyOrder} as __key, ${columns.map((c) => `${value(c)} as ${quote(c.name)}`).join(', ')} from ${relation} t) x order by 1`;
  const pads = columns.some((c) => SECRET_COLUMN.test(c.name)) ? hmacPads(hmacKey) : [];
  const liveRows = rows(live, 'verify_live', select(`public.${table}`), pads);
  const rebuiltRows = rows(replayed, 'verify_rebuilt', select(`${scratch}.${table}`), pads);

  const found: RowDifference[] = [];
  const keyOf = (r: Record<string, unknown>) => Object.fromEntries(keyColumns.map((c) => [c, r[c]]));
  const nonKey = columns.map((c) => c.name).filter((c) => !keyColumns.includes(c));
  let l = await liveRows.next();
  let r = await rebuiltRows.next();
  while ((!l.done || !r.done) && found.length < limit) {
    const order = l.done ? 1 : r.done ? -1 : compareKeys(l.value.k, r.value.k);
    if (order < 0) {
      found.push({ table, key: keyOf(l.value!.r), column: null, live: l.value!.r, rebuilt: null });
      l = await liveRows.next();
    } else if (order > 0) {
      found.push({ table, key: keyOf(r.value!.r), column: null, live: null, rebuilt: r.value!.r });
      r = await rebuiltRows.next();
    } else {
      const a = l.value!.r;
      const b = r.value!.r;
      for (const column of nonKey)
        if (JSON.stringify(a[column]) !== JSON.stringify(b[column]) && found.length < limit)
          found.push({ table, key: keyOf(a), column, live: a[column], rebuilt: b[column] });
      [l, r] = await Promise.all([liveRows.next(), rebuiltRows.next()]);
    }
  }
  await Promise.all([liveRows.return(undefined), rebuiltRows.return(undefined)]);
  return found;
}

interface KeyedRow {
  k: string[];
  r: Record<string, unknown>;
}

async function* rows(sql: Sql, cursor: string, text: string, params: Buffer[]): AsyncGenerator<KeyedRow> {
  await sql.execute(`declare ${cursor} no scroll cursor for ${text}`, params);
  let failed = false;
  try {
    for (;;) {
      const batch = await sql.query<KeyedRow>(`fetch forward ${NAME_FETCH} from ${cursor}`);
      for (const row of batch) yield row;
      if (batch.length < NAME_FETCH) break;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // Not after a failed fetch: the transaction is aborted, a CLOSE would hide the cause (its end closes the cursor).
    if (!failed) await sql.execute(`close ${cursor}`);
  }
}

function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
