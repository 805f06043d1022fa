import { createHmac } from 'node:crypto';
import { contentHash } from '../../platform/event-store/canonical';
import { StoredEvent } from '../../platform/event-store/event.types';

/**
 * Keys whose values are a member's personal data wherever they appear in a payload or metadata:
 * names, contact details, payment addresses, where they live and the address they came from.
 * Decision 0007 keeps the auditor away from them; decision 0015 says how the ledger stays checkable.
 */
export const PERSONAL_KEYS: ReadonlySet<string> = new Set(['name', 'email', 'mobile', 'upiNumber', 'walletAddress', 'city', 'clientIp', 'clientIpHint']);

/** Bounds the walk over one event's JSON (events are shallow; a deeper one is cut, not followed). */
const MAX_DEPTH = 32;

/** An event as an export or the events views give it: with the hash of its content, which the stream's chain covers. */
export type ExportedEvent = StoredEvent & { contentHash: string; redacted?: true };

/**
 * Replaces every personal value by `redacted:` + the first 32 hex digits of HMAC-SHA256(salt,
 * value): stable per value, so equal values stay comparable (two members with one mobile, one
 * address behind many logins), and not reversible by guessing without the salt, which lives
 * outside the database (AUDITOR_REDACTION_SALT).
 */
export class Redactor {
  constructor(private readonly salt: string) {}

  token(value: string): string {
    return `redacted:${createHmac('sha256', this.salt).update(value, 'utf8').digest('hex').slice(0, 32)}`;
  }

  /** `value` with every string under a personal key replaced; `seen.redacted` tells whether anything was. */
  private walk(value: unknown, depth: number, personal: boolean, seen: { redacted: boolean }): unknown {
    if (personal && typeof value === 'string' && value !== '') {
      seen.redacted = true;
      return this.token(value);
    }
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) {
      seen.redacted = true;
      return '[too deep]';
    }
    if (Array.isArray(value)) return value.map((item) => this.walk(item, depth + 1, personal, seen));
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, this.walk(v, depth + 1, personal || PERSONAL_KEYS.has(key), seen)]));
  }

  /** The event with its personal values replaced; its content hash is the original's, so the chain still verifies. */
  event(event: StoredEvent): ExportedEvent {
    const seen = { redacted: false };
    const payload = this.walk(event.payload, 0, false, seen);
    const metadata = this.walk(event.metadata, 0, false, seen) as StoredEvent['metadata'];
    return { ...event, payload, metadata, contentHash: contentHash(event), ...(seen.redacted ? { redacted: true as const } : {}) };
  }
}

/** How an event leaves the ledger for a reader: whole, or for the auditor without personal values. */
export type EventView = (event: StoredEvent) => ExportedEvent;

export const wholeEvent: EventView = (event) => ({ ...event, contentHash: contentHash(event) });
