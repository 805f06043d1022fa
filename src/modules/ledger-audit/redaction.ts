import { createHmac } from 'node:crypto';
import { contentHash } from '../../platform/event-store/canonical';
import { StoredEvent } from '../../platform/event-store/event.types';

/**
 * Keys whose values are a member's personal data wherever they appear in a payload or metadata:
 * names, contact details, payment addresses, where they live and the address they came from.
 * Decision 0007 keeps the auditor away from them; decision 0015 says how the ledger stays checkable.
 */
export const PERSONAL_KEYS: ReadonlySet<string> = new Set([
  'name',
  'email',
  'mobile',
  'upiNumber',
  'walletAddress',
  'city',
  'state',
  'clientIp',
  'clientIpHint',
  // A transaction hash names the paying wallet to anyone with a block explorer; a bank reference (UTR)
  // ties the member to a bank statement. As tokens, equal values stay comparable (a reused UTR).
  'txnHash',
  'utr',
  'utrno',
  // A job's recipient (the mail queue).
  'to',
  // A help-desk ticket's free text (the member's query, the desk's reply) may quote any of the above.
  'query',
  'reply',
  // Profile and bank details (decision 0025): where a member lives, their nominee, their bank account
  // and UPI id as a help link copies them, and the masked PAN and Aadhaar.
  'district',
  'pincode',
  'nomineeName',
  'nomineeRelation',
  'accountNumber',
  'holder',
  'gpay',
  'panMasked',
  'aadhaarMasked',
]);

/** An e-mail address inside free text (a failed job's reason quotes the recipient, as SMTP servers do). */
const EMAIL_IN_TEXT = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+\.[^\s<>()"',;:@]+/g;

/** Bounds the walk over one event's JSON (events are shallow; a deeper one is cut, not followed). */
const MAX_DEPTH = 32;

/**
 * An event as an export or the events views give it: with the hash of its content, which the
 * stream's chain covers. The auditor's view leaves out `contentHash` and `hash` where they would
 * let a guess of a personal value be confirmed (decision 0015) and says `coveredBy: 'checkpoint'`.
 */
export type ExportedEvent = Omit<StoredEvent, 'hash'> & {
  hash?: string;
  contentHash?: string;
  redacted?: true;
  coveredBy?: 'checkpoint';
};

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

  /** Free text with every e-mail address in it replaced by its token. */
  text(value: string): string {
    return value.replace(EMAIL_IN_TEXT, (address) => this.token(address));
  }

  /** Any JSON value (a job's data) with personal values replaced, and e-mail addresses in its other strings. */
  value(value: unknown): unknown {
    return this.walk(value, 0, false, { redacted: false }, true);
  }

  /** `value` with every string under a personal key replaced; `seen.redacted` tells whether anything was. */
  private walk(
    value: unknown,
    depth: number,
    personal: boolean,
    seen: { redacted: boolean },
    scrubText = false,
  ): unknown {
    if (personal && typeof value === 'string' && value !== '') {
      seen.redacted = true;
      return this.token(value);
    }
    if (scrubText && typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) {
      seen.redacted = true;
      return '[too deep]';
    }
    if (Array.isArray(value)) return value.map((item) => this.walk(item, depth + 1, personal, seen, scrubText));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, v]) => [
        key,
        this.walk(v, depth + 1, personal || PERSONAL_KEYS.has(key), seen, scrubText),
      ]),
    );
  }

  /**
   * The event with its personal values replaced. Its content hash is the original's, so the chain
   * still verifies — but only where that hash covers the event's `nonce` (128 random bits the
   * event store adds since decision 0015), which a redacted line then hides: without it nobody can
   * confirm a guessed value by re-hashing. A redacted event without a nonce (written by an earlier
   * release) gets neither `contentHash` nor `hash`, which are functions of its guessable values;
   * and as a stream's later hashes chain over that one, `chainHidden` (an earlier event of the
   * stream is such a line) leaves out `hash` too. Those lines are covered only by the signed
   * checkpoints (docs/ledger-format.md).
   */
  event(event: StoredEvent, chainHidden = false): ExportedEvent {
    const seen = { redacted: false };
    const payload = this.walk(event.payload, 0, false, seen);
    const metadata = this.walk(event.metadata, 0, false, seen) as StoredEvent['metadata'];
    if (!seen.redacted)
      return chainHidden
        ? { ...withoutHash(event), contentHash: contentHash(event), coveredBy: 'checkpoint' }
        : wholeEvent(event);
    const { nonce, ...shown } = metadata;
    const base = { ...withoutHash(event), payload, metadata: shown, redacted: true as const };
    if (!nonce) return { ...base, coveredBy: 'checkpoint' };
    return chainHidden
      ? { ...base, contentHash: contentHash(event), coveredBy: 'checkpoint' }
      : { ...base, contentHash: contentHash(event), hash: event.hash };
  }
}

function withoutHash(event: StoredEvent): Omit<StoredEvent, 'hash'> {
  const { hash: _hash, ...rest } = event;
  return rest;
}

/**
 * How an event leaves the ledger for a reader: whole, or for the auditor without personal values.
 * `chainHidden`: an earlier event of the same stream went out without its hash (see Redactor.event).
 */
export type EventView = (event: StoredEvent, chainHidden?: boolean) => ExportedEvent;

export const wholeEvent: EventView = (event) => ({ ...event, contentHash: contentHash(event) });

/**
 * A read table's value as the auditor reads it in verify's report: a token where its column (in
 * the payload's camelCase) names personal data, as in the events' view.
 */
export function personalValuesAsTokens(redactor: Redactor): (column: string, value: unknown) => unknown {
  return (column, value) => {
    const key = column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
    if (!PERSONAL_KEYS.has(key) && !PERSONAL_COLUMNS.has(column)) return value;
    return typeof value === 'string' && value !== '' ? redactor.token(value) : redactor.value(value);
  };
}

/** Read-table columns holding personal data under a name the events do not use. */
const PERSONAL_COLUMNS: ReadonlySet<string> = new Set([
  'client_ip',
  'upi_number',
  'wallet_address',
  'txn_hash',
  'utr',
  'nominee_name',
  'nominee_relation',
  'account_number',
  'account_holder',
  'pan_masked',
  'aadhaar_masked',
  'query',
  'reply',
]);
