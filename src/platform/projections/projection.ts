import { prepared, Sql } from '../db/sql';
import { StoredEvent } from '../event-store/event.types';

/** One SQL statement, not yet sent. */
export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * What a projection sees of an event: everything but what only the INSERT's answer tells (the
 * position and the transaction id). A read row that needs the position takes it in SQL with
 * `eventPosition(...)`, so the projection's statements can go in the same write as the INSERT.
 */
export type ProjectedEvent = Omit<StoredEvent, 'position' | 'txId'>;

/**
 * A projection turns events into rows of its own read tables. Inline projections run in the
 * append's transaction, so a read table can never lag or miss its events.
 *
 * `project` is a pure function of the event (time comes from `recordedAt`): it returns the
 * statements that project it and never reads or waits, so `ledger replay` rebuilds the same rows
 * and the statements can be pipelined behind the INSERT, with COMMIT right after them. Whatever
 * must hold when they run is checked by PostgreSQL inside them (`exactlyOneRow`, constraints,
 * `eventPosition`), never by looking at their results afterwards. Table names are unqualified:
 * replay runs the same statements with another search_path.
 */
export interface Projection {
  readonly name: string;
  /** Read tables this projection owns; replay rebuilds and diffs exactly these. */
  readonly tables: readonly string[];
  readonly handles: readonly string[];
  project(event: ProjectedEvent): Statement[];
  /**
   * Replay only (decisions 0046, 0049): statements that build this projection's tables from every
   * event at once — set-based INSERT … SELECT from `events` (temporary tables of their own
   * allowed, never another projection's tables: the rebuilds run side by side in several
   * transactions), run in order in one transaction that sees exactly the replay's snapshot. They must yield the very rows `project` yields event by event; the replay
   * e2e tests (live tables written by `project`, rebuilt by this) hold them to it. A projection
   * with a rebuild is not run event by event in replay, and replay skips the events only such
   * projections handle. Unqualified table names, as in `project`.
   */
  readonly rebuild?: readonly string[];
  /**
   * Replay only (decision 0053): unique indexes of this projection's tables (the live index names)
   * whose keys the `rebuild` makes unique by construction — an event's position, say — so that
   * building them on the scratch tables could never refuse anything; replay does not build them.
   */
  readonly keysByConstruction?: readonly string[];
}

/** `handles` entry for a projection that looks at every event (e.g. postings). */
export const ANY_EVENT = '*';

/**
 * SQL for the position of the event of this stream and version, which this transaction has
 * inserted (`$stream` and `$version` are the numbers of two parameters holding them): one lookup
 * in the (stream_id, stream_version) key. A column it fills is NOT NULL or, like a member's
 * activation position, filled only by the projection of that very event.
 */
export function eventPosition(streamParam: number, versionParam: number): string {
  return `(select position from events where stream_id = $${streamParam}::text and stream_version = $${versionParam}::integer)`;
}

/**
 * In a `rebuild`, the event's time as `project` passes it (`recordedAt`: JavaScript's Date, whole
 * milliseconds, cut rather than rounded as date_trunc cuts).
 */
export const EVENT_TIME = "date_trunc('milliseconds', events.recorded_at)";

/** In a `rebuild`, the uid of a `member-<uid>` stream's event. */
export const MEMBER_OF_STREAM = "substr(events.stream_id, length('member-') + 1)";

const checkedTexts = new Map<string, string>();

/**
 * A conditional change (UPDATE/DELETE without RETURNING) that must hit exactly one row, with the
 * check made by PostgreSQL: otherwise the statement fails with "Invariant violated: <what>"
 * (InvariantViolation), and with it the transaction. `what` travels as one more parameter.
 * Prepared like the text it wraps.
 */
export function exactlyOneRow(text: string, params: unknown[], what: string): Statement {
  let wrapped = checkedTexts.get(text);
  if (wrapped === undefined) {
    wrapped = `with changed as (${text} returning 1) select ledger_assert(count(*) = 1, $${params.length + 1}::text) from changed`;
    checkedTexts.set(text, wrapped);
    prepared(wrapped);
  }
  return { text: wrapped, params: [...params, what] };
}

/**
 * Starts `statements` in order (in one write where the connection pipelines) and waits for all of
 * them; throws the first failure that is not a mere 'transaction aborted' behind it.
 */
export async function runStatements(sql: Sql, statements: readonly Statement[]): Promise<void> {
  if (!sql.batch) {
    for (const s of statements) await sql.execute(s.text, s.params);
    return;
  }
  await settleAll(sql.batch(() => statements.map((s) => sql.execute(s.text, s.params))));
}

/** Waits for every promise (pipelined statements all run); throws the first real failure, in order. */
export async function settleAll<T>(running: ReadonlyArray<Promise<T>>): Promise<T[]> {
  const settled = await Promise.allSettled(running);
  const failures = settled
    .filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
    .map((outcome) => outcome.reason as unknown);
  // Statements behind a failed one fail with 25P02 (transaction aborted): throw the cause.
  if (failures.length) throw failures.find((error) => (error as { code?: unknown })?.code !== '25P02') ?? failures[0];
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

export class ProjectionRunner {
  private readonly byType = new Map<string, Projection[]>();

  constructor(readonly projections: readonly Projection[]) {
    for (const projection of projections) {
      for (const type of projection.handles) {
        const list = this.byType.get(type) ?? [];
        list.push(projection);
        this.byType.set(type, list);
      }
    }
  }

  /**
   * The statements that project these events: per event in order, its projections in the order
   * they are listed, each projection's statements in its order. Nothing is sent; a projection
   * that refuses an event throws here, before anything reaches the server.
   */
  statements(events: readonly ProjectedEvent[]): Statement[] {
    const all: Statement[] = [];
    for (const event of events) {
      for (const projection of this.byType.get(event.type) ?? []) all.push(...projection.project(event));
      for (const projection of this.byType.get(ANY_EVENT) ?? []) all.push(...projection.project(event));
    }
    return all;
  }

  /** Projects already stored events (replay, tests): their statements, pipelined where possible. */
  async apply(sql: Sql, events: readonly ProjectedEvent[]): Promise<void> {
    await runStatements(sql, this.statements(events));
  }

  tables(): string[] {
    return this.projections.flatMap((p) => p.tables);
  }

  /** The event types some projection here handles (null: every event, a projection takes ANY_EVENT). */
  types(): string[] | null {
    const types = this.projections.flatMap((p) => p.handles);
    return types.includes(ANY_EVENT) ? null : [...new Set(types)];
  }
}
