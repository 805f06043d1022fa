import { randomBytes } from 'node:crypto';
import { prepared, Sql } from '../db/sql';
import { isUniqueViolation } from '../db/sql-errors';
import { ConcurrencyError, InvariantViolation } from '../errors';
import { canonicalJson, chainHash, contentHashOf, CURRENT_HASH_RULE, GENESIS_HASH } from './canonical';
import { EVENT_COLUMNS, EventMetadata, EventRow, NewEvent, StoredEvent, toStoredEvent } from './event.types';

/** The most events one append may carry: a named limit, not an accident. */
export const MAX_EVENTS_PER_APPEND = 1000;

const HEAD_HASH_SQL = prepared('select hash from events where stream_id = $1 and stream_version = $2');
/**
 * The hash rule is named in the statement text, a constant beside the code that hashes by it (no
 * parameter, no extra statement): the column has no default (migration EventHashRule), so a writer
 * that does not say which rule it used cannot insert at all.
 */
const EVENT_INSERT = `insert into events (stream_id, stream_version, type, schema_version, payload, metadata, recorded_at, hash, hash_rule)`;
const EVENT_RETURNING = 'returning position::text as position, tx_id::text as tx_id, stream_id, stream_version';
/** The usual append, one event: a fixed text, prepared once per connection. */
const INSERT_ONE_SQL = prepared(
  `${EVENT_INSERT} values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7::timestamptz, $8, ${CURRENT_HASH_RULE}) ${EVENT_RETURNING}`,
);
/** Any number of events, of one stream or several: also one fixed text. Rows are inserted (and get positions) in array order. */
const INSERT_MANY_SQL = prepared(
  `${EVENT_INSERT}
   select s, v, t, sv, p, m, r, h, ${CURRENT_HASH_RULE}
     from unnest($1::text[], $2::integer[], $3::text[], $4::smallint[], $5::jsonb[], $6::jsonb[], $7::timestamptz[], $8::text[])
          with ordinality as u(s, v, t, sv, p, m, r, h, ord)
    order by ord
   ${EVENT_RETURNING}`,
);

/** One stream's part of an append: its events, the version they follow, and (optionally) that version's hash. */
export interface StreamAppend {
  streamId: string;
  expectedVersion: number;
  events: readonly NewEvent[];
  /**
   * The hash of the stream's event at `expectedVersion`, when the caller has read it in this
   * transaction (e.g. with the locked projection row); saves the append's own read of it.
   */
  headHash?: string | null;
}

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
  const [stored] = await appendToStreams(sql, [{ streamId, expectedVersion, events, headHash }], metadata, recordedAt);
  return stored;
}

/**
 * `appendToStream` for several streams at once, in one INSERT (one round trip): each stream's
 * events at its expected version, chained onto its own head. Positions follow the order given.
 * A version conflict on any stream fails the whole INSERT with that stream's ConcurrencyError.
 */
export async function appendToStreams(
  sql: Sql,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
  recordedAt: Date = new Date(),
): Promise<StoredEvent[][]> {
  return sendAppend(sql, await prepareAppend(sql, appends, metadata, recordedAt));
}

/** An append hashed and ready to send: its INSERT, and the events as they will be stored. */
export interface PreparedAppend {
  readonly appends: readonly StreamAppend[];
  readonly statement: { text: string; params: unknown[] } | null;
  /** Per append, its events as stored, but for what only the INSERT's answer tells. */
  readonly events: ReadonlyArray<ReadonlyArray<Omit<StoredEvent, 'position' | 'txId'>>>;
}

/**
 * Checks and hashes an append and builds its INSERT; sends nothing, except a read of a stream
 * head's hash the caller did not supply.
 */
export async function prepareAppend(
  sql: Sql,
  appends: readonly StreamAppend[],
  metadata: EventMetadata,
  recordedAt: Date = new Date(),
): Promise<PreparedAppend> {
  const total = appends.reduce((n, a) => n + a.events.length, 0);
  if (total === 0) return { appends, statement: null, events: appends.map(() => []) };
  if (total > MAX_EVENTS_PER_APPEND)
    throw new InvariantViolation(`append of ${total} events exceeds ${MAX_EVENTS_PER_APPEND}`);
  const streams = new Set<string>();
  for (const { streamId, expectedVersion, events } of appends) {
    if (events.length === 0) continue;
    if (!Number.isInteger(expectedVersion) || expectedVersion < 0)
      throw new InvariantViolation(`bad expected version ${expectedVersion}`);
    if (streams.has(streamId)) throw new InvariantViolation(`stream ${streamId} appears twice in one append`);
    streams.add(streamId);
  }

  const recordedIso = recordedAt.toISOString();
  // Every event gets its own nonce (decision 0015), drawn in one call for the whole append. The
  // canonical metadata is built once; each event's copy splices its nonce in at the key's sorted
  // place, so hashing and sending stay one canonicalization per append.
  const nonces = randomBytes(16 * total).toString('hex');
  const callerMetadata: EventMetadata = { ...metadata, nonce: undefined };
  const [metadataBefore, metadataAfter] = spliceAt(callerMetadata, 'nonce');
  let nonceIndex = 0;
  const rows: unknown[][] = [];
  const pending: Array<Array<Omit<StoredEvent, 'position' | 'txId'>>> = [];
  for (const { streamId, expectedVersion, events, headHash } of appends) {
    let previousHash = GENESIS_HASH;
    if (events.length > 0 && expectedVersion > 0) {
      if (headHash) {
        // The caller read it in this transaction: the hash of (streamId, expectedVersion), which never changes.
        if (!/^[0-9a-f]{64}$/.test(headHash))
          throw new InvariantViolation(`bad head hash for ${streamId} v${expectedVersion}`);
        previousHash = headHash;
      } else {
        const head = await sql.query<{ hash: string }>(HEAD_HASH_SQL, [streamId, expectedVersion]);
        if (head.length === 0) throw new ConcurrencyError(streamId, expectedVersion);
        previousHash = head[0].hash;
      }
    }
    const mine: Array<Omit<StoredEvent, 'position' | 'txId'>> = [];
    events.forEach((event, index) => {
      const streamVersion = expectedVersion + index + 1;
      const schemaVersion = event.schemaVersion ?? 1;
      const payloadJson = canonicalJson(event.payload);
      const nonce = nonces.slice(nonceIndex * 32, ++nonceIndex * 32);
      const metadataJson = `${metadataBefore}"nonce":${JSON.stringify(nonce)}${metadataAfter}`;
      const hash = chainHash(
        previousHash,
        contentHashOf({
          streamId,
          streamVersion,
          type: event.type,
          schemaVersion,
          payload: payloadJson,
          metadata: metadataJson,
          recordedAt: recordedIso,
        }),
      );
      previousHash = hash;
      mine.push({
        streamId,
        streamVersion,
        type: event.type,
        schemaVersion,
        payload: event.payload,
        metadata: { ...callerMetadata, nonce },
        recordedAt: recordedIso,
        hash,
        hashRule: CURRENT_HASH_RULE,
      });
      rows.push([streamId, streamVersion, event.type, schemaVersion, payloadJson, metadataJson, recordedIso, hash]);
    });
    pending.push(mine);
  }
  const statement =
    rows.length === 1
      ? { text: INSERT_ONE_SQL, params: rows[0] }
      : { text: INSERT_MANY_SQL, params: rows[0].map((_, column) => rows.map((row) => row[column])) };
  return { appends, statement, events: pending };
}

/**
 * Sends a prepared append's INSERT — at once, before this returns its promise, so it can share a
 * write with the statements started right after it (Sql.batch) — and completes its events with
 * what the database decided (position, transaction id).
 */
/**
 * The canonical JSON of `record` cut where `key` (absent from it) sorts: the text before and
 * after the `"key":value` member, commas included, so `before + '"key":' + value + after` is the
 * canonical JSON of the record with that key added.
 */
function spliceAt(record: object, key: string): [string, string] {
  const json = canonicalJson(record);
  const fields = record as Record<string, unknown>;
  const keys = Object.keys(fields)
    .filter((k) => fields[k] !== undefined)
    .sort();
  const after = keys.filter((k) => k > key);
  if (keys.length === 0) return ['{', '}'];
  if (after.length === 0) return [`${json.slice(0, -1)},`, '}'];
  // `{before…,after…}`: the members after `key` are a canonical object's members too, its tail.
  const tail = canonicalJson(Object.fromEntries(after.map((k) => [k, fields[k]]))).slice(1);
  if (after.length === keys.length) return ['{', `,${tail}`];
  return [json.slice(0, json.length - tail.length), `,${tail}`];
}

export async function sendAppend(sql: Sql, prepared: PreparedAppend): Promise<StoredEvent[][]> {
  const { statement, appends } = prepared;
  if (!statement) return appends.map(() => []);
  let inserted: Array<{ position: string; tx_id: string; stream_id: string; stream_version: number }>;
  try {
    // Only what the database decides comes back; the rest is what we just hashed and sent.
    inserted = await sql.query(statement.text, statement.params);
  } catch (error) {
    if (isUniqueViolation(error, 'events_stream_version_key')) {
      // "Key (stream_id, stream_version)=(<stream>, <version>) already exists.": name the stream that moved.
      const detail = String((error as { detail?: unknown }).detail ?? '');
      const moved =
        appends.find((a) => a.events.length > 0 && detail.includes(`=(${a.streamId}, `)) ??
        appends.find((a) => a.events.length > 0);
      throw new ConcurrencyError(moved!.streamId, moved!.expectedVersion);
    }
    throw error;
  }
  const byKey = new Map(inserted.map((row) => [`${row.stream_version} ${row.stream_id}`, row]));
  return prepared.events.map((mine) =>
    mine.map((event) => {
      const row = byKey.get(`${event.streamVersion} ${event.streamId}`);
      if (!row) throw new InvariantViolation(`insert returned no row for ${event.streamId} v${event.streamVersion}`);
      return { ...event, position: row.position, txId: row.tx_id };
    }),
  );
}

export async function readStream(sql: Sql, streamId: string): Promise<StoredEvent[]> {
  const rows = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from events where stream_id = $1 order by stream_version`,
    [streamId],
  );
  return rows.map(toStoredEvent);
}

export async function streamVersion(sql: Sql, streamId: string): Promise<number> {
  const rows = await sql.query<{ v: number | null }>(
    'select max(stream_version) as v from events where stream_id = $1',
    [streamId],
  );
  return rows[0]?.v ?? 0;
}
