import { hasUnstorableText } from './unstorable-text';

// Proves the edge check finds text PostgreSQL cannot store wherever it sits, and nothing else.
describe('hasUnstorableText', () => {
  it('finds a NUL or a lone surrogate in strings, keys, arrays and nested objects', () => {
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('x\ud800')).toBe(true);
    expect(hasUnstorableText('\udc00y')).toBe(true);
    expect(hasUnstorableText({ 'k\u0000': 'v' })).toBe(true);
    expect(hasUnstorableText({ a: [1, { b: 'ok', c: ['\u0000'] }] })).toBe(true);
  });

  it('finds it at any depth, without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
    expect(hasUnstorableText([...Array.from({ length: 200_000 }, () => 0), '\u0000'])).toBe(true);
  });

  it('accepts ordinary text, emoji (whole surrogate pairs), Hindi, numbers and empty values', () => {
    expect(hasUnstorableText({ name: 'सहयोग 💸', uid: '100000', qty: 5, ok: true, none: null })).toBe(false);
    expect(hasUnstorableText(undefined)).toBe(false);
    expect(hasUnstorableText('')).toBe(false);
  });
});
