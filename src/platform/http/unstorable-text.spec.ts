import {
  BIDI_CONTROL_MESSAGE,
  inputRefusal,
  RESERVED_KEY_MESSAGE,
  UNSAFE_NUMBER_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
  ZERO_WIDTH_MESSAGE,
} from './unstorable-text';

// Proves the edge check finds what the edge refuses wherever it sits, and nothing else.
describe('inputRefusal', () => {
  it('finds a NUL or a lone surrogate in strings, keys, arrays and nested objects', () => {
    expect(inputRefusal('a\u0000b')).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(inputRefusal('x\ud800')).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(inputRefusal('\udc00y')).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(inputRefusal({ 'k\u0000': 'v' })).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(inputRefusal({ a: [1, { b: 'ok', c: ['\u0000'] }] })).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  it('finds it at any depth, without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputRefusal(deep)).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(inputRefusal([...Array.from({ length: 200_000 }, () => 0), '\u0000'])).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  it('refuses every control character in a single-line field or a key, and all but line breaks and tab in a multi-line one', () => {
    for (const control of ['\u0001', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(inputRefusal({ email: `a${control}b@example.com` })).toBe(UNSTORABLE_TEXT_MESSAGE);
      expect(inputRefusal({ [`na${control}me`]: 'x' })).toBe(UNSTORABLE_TEXT_MESSAGE);
    }
    expect(inputRefusal({ remark: 'line one\r\nline two\tend', note: 'a\nb', query: ['x\ny'] })).toBeNull();
    expect(inputRefusal({ remark: 'ring \u0007' })).toBe(UNSTORABLE_TEXT_MESSAGE);
    // The field is the nearest key: a single-line key inside a remark is single-line.
    expect(inputRefusal({ remark: { nested: 'a\nb' } })).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  it('refuses a number past 2^53 (already rounded by JSON.parse) but not a safe one', () => {
    expect(inputRefusal({ countryid: 2 ** 53 + 2 })).toBe(UNSAFE_NUMBER_MESSAGE);
    expect(inputRefusal([1e300])).toBe(UNSAFE_NUMBER_MESSAGE);
    expect(inputRefusal({ q: -(2 ** 60) })).toBe(UNSAFE_NUMBER_MESSAGE);
    expect(inputRefusal(Number.NaN)).toBe(UNSAFE_NUMBER_MESSAGE);
    expect(inputRefusal({ a: Number.MAX_SAFE_INTEGER, b: -Number.MAX_SAFE_INTEGER, c: 3.32, d: 0 })).toBeNull();
  });

  it('accepts ordinary text, emoji (whole surrogate pairs), Hindi, numbers and empty values', () => {
    expect(inputRefusal({ name: 'सहयोग 💸', uid: '100000', qty: 5, ok: true, none: null })).toBeNull();
    expect(inputRefusal(undefined)).toBeNull();
    expect(inputRefusal('')).toBeNull();
  });

  // Issue 18 §5: String() on such an object throws (a 500 wherever the server coerced it).
  it('refuses an object with a key named like a member of Object.prototype, at any depth', () => {
    for (const key of ['toString', 'valueOf', 'constructor', 'hasOwnProperty', '__proto__', '__defineGetter__']) {
      const object = JSON.parse(`{"${key}":"x"}`) as Record<string, unknown>;
      expect(inputRefusal(object)).toBe(RESERVED_KEY_MESSAGE);
      expect(inputRefusal({ uid: object })).toBe(RESERVED_KEY_MESSAGE);
      expect(inputRefusal([1, { a: [object] }])).toBe(RESERVED_KEY_MESSAGE);
    }
    // The names as values, or inside a longer key, are ordinary text.
    expect(inputRefusal({ name: 'toString', toStringValue: 'x', q: '__proto__' })).toBeNull();
  });

  // Issue 18 §6.
  it('refuses bidi controls anywhere, and zero-width characters in ids, links and UTRs only', () => {
    for (const bidi of ['\u202a', '\u202e', '\u2066', '\u2069'])
      for (const value of [{ name: `a${bidi}b` }, { [`k${bidi}`]: 'v' }, [`x${bidi}`], { remark: bidi }])
        expect(inputRefusal(value)).toBe(BIDI_CONTROL_MESSAGE);
    for (const zw of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']) {
      for (const key of [
        'uid',
        'sid',
        'touid',
        'bankid',
        'clientid',
        'order_id',
        'utr',
        'utrno',
        'contactAdminUrl',
        'epin',
      ])
        expect([key, inputRefusal({ [key]: `10${zw}0` })]).toEqual([key, ZERO_WIDTH_MESSAGE]);
      // Query values and path ids are identifiers, except a list's JSON and a search.
      expect(inputRefusal({ anything: `1${zw}` }, true)).toBe(ZERO_WIDTH_MESSAGE);
      expect(inputRefusal({ filter: `{"name":"a${zw}b"}`, q: `a${zw}` }, true)).toBeNull();
      // Names and free text keep them: Hindi joins letters with ZWJ and ZWNJ.
      expect(inputRefusal({ name: `क्${zw}ष`, query: `a${zw}b`, remark: [`x${zw}`] })).toBeNull();
    }
  });
});
