import { inputRefusal, UNSAFE_NUMBER_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from './unstorable-text';

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
});
