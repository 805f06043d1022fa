/**
 * What a statement saw of the database: its MVCC snapshot (`xmin:xmax:running transaction ids`) and
 * the server's start, as one text. Two statements with the same text saw the same rows of every table:
 * a transaction that writes cannot end between them without moving the snapshot (its id leaves the
 * running list, or `xmax` moves past it), whatever it wrote and through whichever code. The server's
 * start tells a restarted or promoted server apart, where an id could be given again after a commit
 * that was lost. Time is not in it: a figure that depends on `now()` needs its own key (decision 0058).
 */
export const READ_STATE_SQL = `pg_current_snapshot()::text || '@' || extract(epoch from pg_postmaster_start_time())::text`;

/** A statement's READ_STATE_SQL and its `now()`. */
export interface ReadState {
  state: string;
  at: Date;
}

/**
 * Answers kept per key while the database is as it was when they were read (decision 0058). An
 * answer is stored under the state a statement saw BEFORE the answer's reads started (`seen`): a
 * later request that sees that same state proves nothing ended in between, so the reads saw it too.
 * `period` is the part of the answer that depends on time only (e.g. the India day), taken from the
 * same statement's `now()`: within one period and one state the answer is the same. At most
 * `capacity` answers (the oldest stored goes first); 0 keeps none.
 */
export class ReadStateCache {
  private readonly entries = new Map<string, { state: string; period: number; value: string }>();

  constructor(
    private readonly capacity: number,
    private readonly period: (at: Date) => number,
  ) {}

  /** The answer kept for `key` read under `seen`'s state and period, if any. */
  get(key: string, seen: ReadState | undefined): string | undefined {
    if (!seen) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.state === seen.state && entry.period === this.period(seen.at)) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` for `key`: its reads started after a statement saw `seen`. */
  set(key: string, seen: ReadState | undefined, value: string): void {
    if (!seen || this.capacity === 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { state: seen.state, period: this.period(seen.at), value });
  }

  get size(): number {
    return this.entries.size;
  }
}
