// ORDER BY must name events.position / events.tx_id: the bare names bind to the ::text output aliases and sort as text.
/** Who caused an event. Every event carries it; admin actions name the admin. */
export interface Actor {
  kind: 'member' | 'admin' | 'system' | 'anonymous';
  id: string;
}

export interface EventMetadata {
  actor: Actor;
  /**
   * What ties the events of one piece of work together. Left out when it is the request's own id
   * (`requestId`), as it is for every call without an `X-Correlation-Id` header (decision 0060):
   * a reader takes `correlationId ?? requestId`.
   */
  correlationId?: string;
  causationId?: string;
  requestId?: string;
  /** The connection's address as the server saw it (behind the configured proxies). */
  clientIp?: string;
  /** What the client said its address was: stored as a hint only. */
  clientIpHint?: string;
  idempotencyKey?: string;
  /** Set when an admin acts through "Log in as". */
  impersonatedBy?: string;
  /**
   * Set on the events of an action that needs a second admin (decision 0034): the request, its maker
   * and its checker when a second admin approved it; 'waived-single-admin' when a role grant went
   * through at once because fewer than two active admins could approve.
   */
  fourEyes?: { request: string; maker: string; checker: string } | 'waived-single-admin';
  /**
   * 128 random bits (hex) the event store adds to every event it writes (decision 0015): the
   * content hash and hash then cover a value nobody can guess, so the auditor's redacted view
   * cannot be reversed by hashing candidate personal values. Events written before it have none.
   */
  nonce?: string;
}

export interface NewEvent<TType extends string = string, TPayload = unknown> {
  type: TType;
  payload: TPayload;
  schemaVersion?: number;
}

export interface StoredEvent<TType extends string = string, TPayload = unknown> {
  /** Global position, a bigint in decimal text. */
  position: string;
  streamId: string;
  streamVersion: number;
  type: TType;
  schemaVersion: number;
  payload: TPayload;
  metadata: EventMetadata;
  recordedAt: string;
  /** The committing transaction's id (xid8), decimal text. */
  txId: string;
  hash: string;
  /**
   * The rule `hash` was computed by: 1 for the events of the release before decision 0015 (the
   * canonical content itself), 2 since (its sha256). See canonical.ts's `eventHash`.
   */
  hashRule: number;
}

export interface EventRow {
  position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  payload: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  tx_id: string;
  hash: string;
  hash_rule: number;
}

export const EVENT_COLUMNS =
  'position::text as position, stream_id, stream_version, type, schema_version, payload, metadata, recorded_at, tx_id::text as tx_id, hash, hash_rule';

/** What an event's hash covers, from its row: the walk, the statement and toStoredEvent read it so. */
export function hashedContentOf(
  row: Pick<
    EventRow,
    'stream_id' | 'stream_version' | 'type' | 'schema_version' | 'payload' | 'metadata' | 'recorded_at'
  >,
) {
  return {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    payload: row.payload,
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
  };
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: row.position,
    ...hashedContentOf(row),
    txId: row.tx_id,
    hash: row.hash,
    hashRule: row.hash_rule,
  };
}
