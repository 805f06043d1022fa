import { ReadStateCache } from './read-state';

const at = (iso: string) => new Date(iso);
const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (d: Date) => Math.floor(d.getTime() / DAY_MS);

describe('ReadStateCache (decision 0058)', () => {
  const seen = (state: string, time = '2026-11-28T10:00:00Z') => ({ state, at: at(time) });

  it('answers a kept value only for the same state and the same period', () => {
    const cache = new ReadStateCache(10, utcDay);
    cache.set('100001', seen('5:9:7@1'), 'A');
    expect(cache.get('100001', seen('5:9:7@1', '2026-11-28T23:59:59Z'))).toBe('A');
    // Anything committed since moves the snapshot; another server start is another state.
    expect(cache.get('100001', seen('5:10:@1'))).toBeUndefined();
    cache.set('100001', seen('5:9:7@1'), 'A');
    expect(cache.get('100001', seen('5:9:7@2'))).toBeUndefined();
    // The next day, the same database: read afresh (today's figures turn at midnight).
    cache.set('100001', seen('5:9:7@1'), 'A');
    expect(cache.get('100001', seen('5:9:7@1', '2026-11-29T00:00:00Z'))).toBeUndefined();
    expect(cache.get('100002', seen('5:9:7@1'))).toBeUndefined();
  });

  it('keeps nothing without a state, nor with no room', () => {
    const cache = new ReadStateCache(10, utcDay);
    cache.set('100001', undefined, 'A');
    expect(cache.size).toBe(0);
    expect(cache.get('100001', undefined)).toBeUndefined();
    const none = new ReadStateCache(0, utcDay);
    none.set('100001', seen('1:1:'), 'A');
    expect(none.get('100001', seen('1:1:'))).toBeUndefined();
  });

  it('holds at most its capacity, the oldest stored going first', () => {
    const cache = new ReadStateCache(2, utcDay);
    cache.set('a', seen('1:1:'), 'A');
    cache.set('b', seen('1:1:'), 'B');
    cache.set('a', seen('1:1:'), 'A2'); // stored again: now the newest
    cache.set('c', seen('1:1:'), 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b', seen('1:1:'))).toBeUndefined();
    expect(cache.get('a', seen('1:1:'))).toBe('A2');
    expect(cache.get('c', seen('1:1:'))).toBe('C');
  });
});
