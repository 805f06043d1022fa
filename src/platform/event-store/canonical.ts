import { hash } from 'node:crypto';
import { DomainError, InvariantViolation } from '../errors';

/** The hash of a stream's (non-existent) event 0: every chain starts here. */
export const GENESIS_HASH = '0'.repeat(64);

/** Object keys with their `"key":` prefix (JSON.stringify of the key), kept once each; cleared past this many. */
const MAX_KEY_PREFIXES = 10_000;
const keyPrefixes = new Map<string, string>();

/** `"key":` for an object key: events repeat a few dozen keys millions of times (decision 0056). */
function keyPrefix(key: string): string {
  let prefix = keyPrefixes.get(key);
  if (prefix === undefined) {
    // JSON of the key: unambiguous, whatever characters it holds.
    prefix = `${JSON.stringify(key)}:`;
    if (keyPrefixes.size >= MAX_KEY_PREFIXES) keyPrefixes.clear();
    keyPrefixes.set(key, prefix);
  }
  return prefix;
}

/**
 * An object's keys sorted by code unit (Array.prototype.sort's own order). Sorted only when they
 * are not already: an object built in canonical order, or read back in it, costs one pass.
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++)
    if (keys[i - 1] > keys[i]) {
      keys.sort();
      break;
    }
  return keys;
}

/**
 * Canonical JSON: object keys sorted by code unit, no white space, undefined members dropped.
 * It is what PostgreSQL's jsonb gives back after a round trip, so a verifier re-reading the
 * table (or the NDJSON export) computes the same bytes. Numbers must be safe integers or plain
 * finite numbers; money travels as decimal strings.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      if (value.includes('\u0000'))
        throw new DomainError('INPUT.BAD_TEXT', 'Input contains characters that cannot be stored', 'invalid');
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new InvariantViolation(`non-finite number in an event: ${value}`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value))
        return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      const record = value as Record<string, unknown>;
      let json = '{';
      for (const key of sortedKeys(record)) {
        const member = record[key];
        if (member === undefined) continue;
        json += `${json.length > 1 ? ',' : ''}${keyPrefix(key)}${canonicalJson(member)}`;
      }
      return `${json}}`;
    }
    default:
      throw new InvariantViolation(`value of type ${typeof value} cannot go into an event`);
  }
}

/** SHA-256 of the text's UTF-8 bytes, in lower-case hex (one call: no Hash object per digest). */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

export interface HashedContent {
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  payload: unknown;
  metadata: unknown;
  recordedAt: string;
}

/** Rule 1: the events written before decision 0015 (`legacyEventHash`); an event's `hash_rule` says which. */
export const LEGACY_HASH_RULE = 1;
/** Rule 2: what this release writes (`eventHash`). */
export const CURRENT_HASH_RULE = 2;

/**
 * Rule 2: hash = sha256(previous hash of the stream + "\n" + content hash), where the content hash
 * is the sha256 of the event's canonical JSON. The chain covers the content through its hash, so
 * an export that must leave personal values out (the auditor's, decision 0015) can carry the
 * content hash instead and the chain still verifies. `rule` is the event's own (its `hashRule`):
 * events of the previous release keep rule 1, which hashed the canonical JSON itself.
 */
export function eventHash(previousHash: string, content: HashedContent, rule: number = CURRENT_HASH_RULE): string {
  if (rule === CURRENT_HASH_RULE) return chainHash(previousHash, contentHash(content));
  if (rule === LEGACY_HASH_RULE) return legacyEventHash(previousHash, content);
  throw new InvariantViolation(`unknown hash rule ${rule}`);
}

/**
 * Hash rule 1, the previous release's: hash = sha256(previous hash + "\n" + canonical JSON of the
 * content), the content itself rather than its hash. Events written before the hash_rule column
 * existed keep it (decision 0015, "Upgrading an existing ledger"): nothing in this ledger is
 * rewritten, so they must verify as what they are.
 */
export function legacyEventHash(previousHash: string, content: HashedContent): string {
  return sha256Hex(`${previousHash}\n${canonicalContent(content)}`);
}

/** The canonical JSON of an event's content (the keys the hash covers, in sorted order). */
function canonicalContent(content: HashedContent): string {
  return canonicalJson({
    metadata: content.metadata,
    payload: content.payload,
    recordedAt: content.recordedAt,
    schemaVersion: content.schemaVersion,
    streamId: content.streamId,
    streamVersion: content.streamVersion,
    type: content.type,
  });
}

/** sha256 of an event's canonical content: what the stream's hash chain covers. */
export function contentHash(content: HashedContent): string {
  return contentHashOf({
    ...content,
    payload: canonicalJson(content.payload),
    metadata: canonicalJson(content.metadata),
  });
}

/** One link of a stream's chain: the previous hash and this event's content hash. */
export function chainHash(previousHash: string, contentHashHex: string): string {
  return sha256Hex(`${previousHash}\n${contentHashHex}`);
}

/**
 * `contentHash` for a writer that already holds the canonical JSON of payload and metadata (and
 * sends those same texts to the database): the content's keys in sorted order, spelled out, so
 * neither is canonicalized twice.
 */
export function contentHashOf(
  content: Omit<HashedContent, 'payload' | 'metadata'> & { payload: string; metadata: string },
): string {
  return sha256Hex(
    `{"metadata":${content.metadata},"payload":${content.payload},"recordedAt":${canonicalJson(content.recordedAt)},` +
      `"schemaVersion":${canonicalJson(content.schemaVersion)},"streamId":${canonicalJson(content.streamId)},"streamVersion":${canonicalJson(content.streamVersion)},"type":${canonicalJson(content.type)}}`,
  );
}

/** One step of a checkpoint's chained digest over events in (transaction id, position) order. */
export function digestStep(previousDigest: string, position: string, hash: string): string {
  return sha256Hex(`${previousDigest}\n${position}\n${hash}`);
}
