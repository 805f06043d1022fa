/**
 * What the fuzz e2e files share (test/fuzz.e2e-spec.ts and each slice's own fuzz file): values a
 * hostile client sends, bodies mangled from a real one, and `WriteWatch`, which proves a refusal
 * wrote nothing.
 */
import fc from 'fast-check';
import request from 'supertest';
import { Database } from '../../src/platform/db/database';

/** Runs per endpoint: enough to hit every type and shape, small enough for two cores (FUZZ_RUNS=… to dig deeper by hand). */
export const RUNS = Number(process.env.FUZZ_RUNS) || 40;

/** Tables written beside the ledger and updated in place (not only appended to): their content is compared, not only their size. */
export const IN_PLACE = ['gateway_double_orders', 'idempotency_keys', 'mail_outbox', 'subscription_cursors'];

/**
 * What a call may write. `writes` says which 2xx answers may write: 'any' (the call refuses
 * only with 4xx), 'never' (a read), or the test of its success answer (calls that refuse with 200
 * and a message, like the original product's). `refusalMayWrite`: the event types (and the tables
 * they feed) a refusal writes on purpose — a failed login is counted.
 */
export interface Writes {
  writes: 'any' | 'never' | ((body: unknown) => boolean);
  refusalMayWrite?: readonly string[];
}

export const mayWrite = (call: Writes | undefined, body: unknown): boolean =>
  call === undefined || call.writes === 'never' ? false : call.writes === 'any' ? true : call.writes(body);

/**
 * Objects with own keys that shadow Object.prototype's members (issue 18 §5): `String()` or a
 * template literal on one throws, so wherever the server coerced one to text it answered 500.
 * `__proto__` comes from JSON.parse, which keeps it as an own key as the wire would.
 */
export const PROTOTYPE_KEY_OBJECTS: ReadonlyArray<Record<string, unknown>> = [
  { toString: 'x' },
  { valueOf: 'x' },
  { constructor: 'x' },
  JSON.parse('{"__proto__":"x"}') as Record<string, unknown>,
  { toString: { valueOf: 'x' }, valueOf: 'y' },
  { hasOwnProperty: 'x' },
];

/** The same objects as JSON text, for query strings, headers and the admin lists' sort, range and filter. */
export const PROTOTYPE_KEY_JSON: readonly string[] = PROTOTYPE_KEY_OBJECTS.map((o) => JSON.stringify(o));

/** `base` with one field at a time set to each of PROTOTYPE_KEY_OBJECTS, and nested one level down: each must be a 400. */
export function prototypeKeyBodies(base: Record<string, unknown>): Array<Record<string, unknown>> {
  return Object.keys(base).flatMap((key) =>
    PROTOTYPE_KEY_OBJECTS.flatMap((object) => [
      { ...base, [key]: object },
      { ...base, [key]: [object] },
    ]),
  );
}

/** Values a hostile or broken client might send in any field. */
export const junk = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEY_OBJECTS),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 600 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "' or 1=1 --",
    '../../etc/passwd',
    '999999',
    '100000',
    '0x' + 'f'.repeat(64),
    '💸',
    '{"$gt":""}',
  ),
);

/** A body shaped like the real one, with some fields replaced by junk, dropped, or extra ones added. */
export const mangled = (base: Record<string, unknown>) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...Object.keys(base)), junk),
      fc.subarray(Object.keys(base)),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), junk, { maxKeys: 2 }),
    )
    .map(([replaced, dropped, extra]) => {
      const body: Record<string, unknown> = { ...base, ...replaced, ...extra };
      for (const key of dropped) delete body[key];
      return body;
    });

/**
 * `base` with one field at a time set to null, then every field null: class-validator's
 * `@IsOptional` lets a null through as if the field were absent, so each handler must treat a
 * null as absent or the edge must refuse it. Deterministic, every call, every field.
 */
export function nullBodies(base: Record<string, unknown>): Array<Record<string, unknown>> {
  const keys = Object.keys(base);
  return [
    ...keys.map((key) => ({ ...base, [key]: null })),
    ...(keys.length > 1 ? [Object.fromEntries(keys.map((key) => [key, null]))] : []),
  ];
}

export const anyBody = fc.oneof(junk, fc.anything({ maxDepth: 2 }));

/** Numbers JSON.parse cannot keep (past 2^53, or past any column), as raw JSON number text: the edge refuses them. */
export const UNSAFE_NUMBERS = [
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999',
  '1e20',
  '-1e20',
  '1e308',
  '123456789012345678901234567890',
];
/** The same magnitudes as text, and the edges of PostgreSQL's integer types: each field's own check decides (never a 5xx; a refusal writes nothing). */
export const BIG_NUMBER_TEXTS = [
  '99999999999999999999',
  '9223372036854775808',
  '9223372036854775807',
  '2147483648',
  '2147483647',
  '-1',
  '-2147483649',
  '1e308',
  '0x7fffffff',
];

/** `base` as JSON text, with `field`'s value replaced by raw JSON text (a number JSON.stringify could not write). */
export function withRaw(base: Record<string, unknown>, field: string, raw: string): string {
  const marker = '__raw_value_marker__';
  return JSON.stringify({ ...base, [field]: marker }).replace(JSON.stringify(marker), raw);
}

/**
 * A fingerprint of everything a request can write: the row count of every table (read tables
 * change only through events, so the events table's count and its count per type stand for them),
 * and the content of the tables that are updated in place beside the ledger. `init` once the
 * database is up (a `beforeAll`), then `probe` each request.
 */
export class WriteWatch {
  private snapshotQuery = '';

  constructor(private readonly owner: () => Database) {}

  async init(): Promise<void> {
    const tables = (
      await this.owner().query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
      )
    ).map((r) => r.name);
    const counts = tables.map((table) => `(select count(*)::int from ${table}) as ${table}`);
    const inPlace = IN_PLACE.map(
      (table) =>
        `(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${table} x) as ${table}_content`,
    );
    const byType =
      "(select coalesce(jsonb_object_agg(type, n), '{}') from (select type, count(*)::int as n from events group by type) e) as event_types";
    this.snapshotQuery = `select ${[...counts, ...inPlace, byType].join(', ')}`;
  }

  async written(): Promise<Record<string, unknown>> {
    const [row] = await this.owner().query<Record<string, unknown>>(this.snapshotQuery);
    return row;
  }

  /** Sends, then checks: no 5xx; a refusal (4xx, or a 2xx the call does not count as a success) leaves every table as it was. */
  async probe(send: () => request.Test, call?: Writes): Promise<request.Response> {
    const before = await this.written();
    const res = await send();
    if (res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(res.request)}: ${res.text}`);
    if (res.status >= 400 || !mayWrite(call, res.body))
      expectUnchanged(before, await this.written(), call?.refusalMayWrite ?? [], res);
    return res;
  }
}

/** Equal, except for the event types and tables named in `mayWrite` (what a refusal writes on purpose). */
function expectUnchanged(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  mayWrite: readonly string[],
  res: request.Response,
): void {
  const rest = (row: Record<string, unknown>) => {
    const types = Object.entries((row.event_types ?? {}) as Record<string, number>).filter(
      ([type]) => !mayWrite.includes(type),
    );
    const others = Object.entries(row).filter(
      ([key]) => key !== 'event_types' && !mayWrite.includes(key) && !mayWrite.includes(key.replace(/_content$/, '')),
    );
    // When a refusal may append events, the total may grow by those; the count per other type must not.
    return {
      ...Object.fromEntries(others),
      events: mayWrite.length ? 'may grow' : row.events,
      event_types: Object.fromEntries(types),
    };
  };
  const context = `${res.status} ${res.text.slice(0, 200)}`;
  expect({ context, ...rest(after) }).toEqual({ context, ...rest(before) });
}
