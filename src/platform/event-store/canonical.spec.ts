import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  canonicalJson,
  chainHash,
  contentHash,
  contentHashOf,
  digestStep,
  eventHash,
  GENESIS_HASH,
  legacyEventHash,
} from './canonical';

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined members, as jsonb gives them back', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('is the same for the same content whatever the key order', () => {
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });

  /** The definition as first written (sort and escape the keys of every object): the fast path must give the same bytes. */
  const byDefinition = (value: unknown): string => {
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map((v) => byDefinition(v === undefined ? null : v)).join(',')}]`;
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${byDefinition(record[k])}`)
      .join(',')}}`;
  };

  it('gives the bytes of its definition for any JSON value, with any keys (integer-like, escaped, repeated shapes)', () => {
    const text = fc.string({ unit: 'binary' }).filter((t) => !t.includes('\u0000'));
    const key = fc.oneof(text, fc.constantFrom('10', '9', '01', 'a', 'ä', '"', '\\', '__proto__x', ''));
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        text,
        fc.constant(undefined),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(key, tie('v'), { maxKeys: 5 }),
      ),
    })).v;
    fc.assert(
      fc.property(
        value.filter((v) => v !== undefined),
        (v) => {
          // Twice: the second time the key lists are known.
          expect(canonicalJson(v)).toBe(byDefinition(v));
          expect(canonicalJson(v)).toBe(byDefinition(v));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses what cannot round-trip through jsonb', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/non-finite/);
    expect(() => canonicalJson({ n: 10n })).toThrow(/bigint/);
    expect(() => canonicalJson({ s: 'a\u0000b' })).toThrow(/cannot be stored/);
  });
});

describe('event hash', () => {
  const content = {
    streamId: 's',
    streamVersion: 1,
    type: 'T',
    schemaVersion: 1,
    payload: { a: 1 },
    metadata: { actor: { kind: 'system', id: 'x' } },
    recordedAt: '2026-11-22T10:00:00.000Z',
  };

  it('changes when any part of the content changes', () => {
    const base = eventHash(GENESIS_HASH, content);
    expect(eventHash(GENESIS_HASH, { ...content, payload: { a: 2 } })).not.toBe(base);
    expect(eventHash(GENESIS_HASH, { ...content, streamVersion: 2 })).not.toBe(base);
    expect(eventHash(GENESIS_HASH, { ...content, recordedAt: '2026-11-22T10:00:00.001Z' })).not.toBe(base);
    expect(eventHash(GENESIS_HASH, { ...content, metadata: { actor: { kind: 'system', id: 'y' } } })).not.toBe(base);
  });

  it('chains: the same content after a different previous hash hashes differently', () => {
    expect(eventHash('a'.repeat(64), content)).not.toBe(eventHash(GENESIS_HASH, content));
  });

  it('is the documented formula: sha256(previous + "\\n" + sha256(canonical content))', () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const canonical =
      '{"metadata":{"actor":{"id":"x","kind":"system"}},"payload":{"a":1},"recordedAt":"2026-11-22T10:00:00.000Z","schemaVersion":1,"streamId":"s","streamVersion":1,"type":"T"}';
    expect(contentHash(content)).toBe(sha(canonical));
    expect(eventHash(GENESIS_HASH, content)).toBe(sha(`${GENESIS_HASH}\n${sha(canonical)}`));
  });

  it('is the same when the writer hands over canonical payload and metadata texts (what it also stores)', () => {
    const odd = {
      ...content,
      streamId: 'member-"quoted"\\',
      type: 'Ü\n',
      payload: { z: [3, { b: 'ä', a: null }], a: '\u2028' },
      metadata: { correlationId: 'c', actor: { kind: 'member', id: 'ABC123' } },
    };
    for (const c of [content, odd]) {
      // the spelled-out concatenation is exactly the canonical JSON of the whole content object
      const whole = createHash('sha256').update(canonicalJson(c)).digest('hex');
      expect(contentHashOf({ ...c, payload: canonicalJson(c.payload), metadata: canonicalJson(c.metadata) })).toBe(
        whole,
      );
      expect(eventHash('f'.repeat(64), c)).toBe(chainHash('f'.repeat(64), whole));
    }
  });

  it('keeps the previous release\'s rule 1 for its events: sha256(previous + "\\n" + canonical content), chosen by the event\'s rule', () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const canonical =
      '{"metadata":{"actor":{"id":"x","kind":"system"}},"payload":{"a":1},"recordedAt":"2026-11-22T10:00:00.000Z","schemaVersion":1,"streamId":"s","streamVersion":1,"type":"T"}';
    expect(legacyEventHash('f'.repeat(64), content)).toBe(sha(`${'f'.repeat(64)}\n${canonical}`));
    expect(eventHash('f'.repeat(64), content, 1)).toBe(legacyEventHash('f'.repeat(64), content));
    expect(eventHash('f'.repeat(64), content, 2)).toBe(eventHash('f'.repeat(64), content));
    expect(eventHash('f'.repeat(64), content, 1)).not.toBe(eventHash('f'.repeat(64), content, 2));
    expect(() => eventHash(GENESIS_HASH, content, 3)).toThrow(/unknown hash rule 3/);
  });

  it('checkpoint digests depend on order', () => {
    const ab = digestStep(digestStep(GENESIS_HASH, '1', 'a'), '2', 'b');
    const ba = digestStep(digestStep(GENESIS_HASH, '2', 'b'), '1', 'a');
    expect(ab).not.toBe(ba);
  });
});
