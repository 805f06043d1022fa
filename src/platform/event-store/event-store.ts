import { isUniqueViolation, prepared, Sql } from '../db/database';
import { valuesList } from '../db/values';
import { ConcurrencyError, InvariantViolation } from '../errors';
import { eventHash, GENESIS_HASH } from './canonical';
import { EVENT_COLUMNS, EventMetadata, EventRow, NewEvent, StoredEvent, toStoredEvent } from './event.types';

/** The most events one append may carry: a named limit, not an accident. */
export const MAX_EVENTS_PER_APPEND = 1000;

const HEAD_HASH_SQL = prepared('select hash from events where stream_id = $1 and stream_version = $2');
const EVENT_INSERT = `insert into events (stream_id, stream_version, type, schema_version, payload, metadata, recorded_at, hash)`;
const EVENT_RETURNING = 'returning position::text as position, tx_id::text as tx_id, stream_version';
/** The usual append, one event: a fixed text, prepared once per connection. */
const INSERT_ONE_SQL = prepared(`${EVENT_INSERT} values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::timestamptz, $8) ${EVENT_RETURNING}`);

/**
 * Appends events to one stream at an expected version (optimistic concurrency). The unique
 * (stream_id, stream_version) key makes two appends at the same version collide: the second
 * waits for the first to commit and then fails with a ConcurrencyError. No ledger-wide lock:
 * unrelated streams append in parallel; each stream is its own hash chain.
 */
export async function appendToStream(
  sql: Sql,
  streamId: string,
  expectedVersion: number,
  events: readonly NewEvent[],
  metadata: EventMetadata,
  recordedAt: Date = new Date(),
  headHash?: string,
): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  if (events.length > MAX_EVENTS_PER_APPEND) throw new InvariantViolation(`append of ${events.length} events exceeds ${MAX_EVENTS_PER_APPEND}`);
  if (!Number.isInteger(expectedVersion) || expectedVersion < 0) throw new InvariantViolation(`bad expected version ${expectedVersion}`);

  let previousHash = GENESIS_HASH;
  if (expectedVersion > 0 && headHash !== undefined) {
    // The caller read it in this transaction: the hash of (streamId, expectedVersion), which never changes.
    if (!/^[0-9a-f]{64}$/.test(headHash)) throw new InvariantViolation(`bad head hash for ${streamId} v${expectedVersion}`);
    previousHash = headHash;
  } else if (expectedVersion > 0) {
    const head = await sql.query<{ hash: string }>(HEAD_HASH_SQL, [streamId, expectedVersion]);
    if (head.length === 0) throw new ConcurrencyError(streamId, expectedVersion);
    previousHash = head[0].hash;
  }

  const recordedIso = recordedAt.toISOString();
  const rows: unknown[][] = [];
  const pending: Array<Omit<StoredEvent, 'position' | 'txId'>> = [];
  events.forEach((event, index) => {
    const streamVersion = expectedVersion + index + 1;
    const schemaVersion = event.schemaVersion ?? 1;
    const hash = eventHash(previousHash, { streamId, streamVersion, type: event.type, schemaVersion, payload: event.payload, metadata, recordedAt: recordedIso });
    previousHash = hash;
    pending.push({ streamId, streamVersion, type: event.type, schemaVersion, payload: event.payload, metadata, recordedAt: recordedIso, hash });
    rows.push([streamId, streamVersion, event.type, schemaVersion, JSON.stringify(event.payload), JSON.stringify(metadata), recordedIso, hash]);
  });
  let statement: { text: string; params: unknown[] };
  if (rows.length === 1) {
    statement = { text: INSERT_ONE_SQL, params: rows[0] };
  } else {
    const values = valuesList(rows, ['', '', '', '', '::jsonb', '::jsonb', '::timestamptz', '']);
    statement = { text: `${EVENT_INSERT} values ${values.sql} ${EVENT_RETURNING}`, params: values.params };
  }

  try {
    // Only what the database decides comes back; the rest is what we just hashed and sent.
    const inserted = await sql.query<{ position: string; tx_id: string; stream_version: number }>(statement.text, statement.params);
    const byVersion = new Map(inserted.map((row) => [row.stream_version, row]));
    return pending.map((event) => {
      const row = byVersion.get(event.streamVersion);
      if (!row) throw new InvariantViolation(`insert returned no row for ${streamId} v${event.streamVersion}`);
      return { ...event, position: row.position, txId: row.tx_id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_key')) throw new ConcurrencyError(streamId, expectedVersion);
    throw error;
  }
}

export async function readStream(sql: Sql, streamId: string): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow>(`select ${EVENT_COLUMNS} from events where stream_id = $1 order by stream_version`, [streamId]);
  return rows.map(toStoredEvent);
}

export async function streamVersion(sql: Sql, streamId: string): Promise<number> {
  const rows = await sql.query<{ v: number | null }>('select max(stream_version) as v from events where stream_id = $1', [streamId]);
  return rows[0]?.v ?? 0;
}
