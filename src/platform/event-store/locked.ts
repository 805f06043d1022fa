import { StreamAppend } from './event-store';
import { NewEvent } from './event.types';

/**
 * A stream's state as a command reads it under its projection row's lock: what the command decides
 * on, the version its append expects, and — when the locking read could fetch it in the same
 * statement — the hash of the stream's event at that version, which the append chains onto without
 * a read of its own. Each context's row helpers (`<context>/rows.ts`) return these.
 */
export interface Locked<S> {
  readonly streamId: string;
  readonly state: S;
  readonly version: number;
  /** Null: not read with the lock (the append reads it itself). */
  readonly headHash: string | null;
}

/** The append of `events` onto a locked stream (for `LedgerTx.appendAll`). */
export const appendTo = (locked: Locked<unknown>, events: readonly NewEvent[]): StreamAppend => ({
  streamId: locked.streamId,
  expectedVersion: locked.version,
  events,
  headHash: locked.headHash,
});
