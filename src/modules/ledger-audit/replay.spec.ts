import { createHash } from 'node:crypto';
import { Sql } from '../../platform/db/sql';
import { ALL_PROJECTIONS } from '../projections';
import {
  BUCKET_DIGITS,
  compareTable,
  DIFF_FETCH,
  diffTable,
  longestFirst,
  LONGEST_REBUILDS,
  MAX_SHOWN_DIFFS,
  Side,
} from './replay';

describe('replay: the order the lanes take the set-based rebuilds', () => {
  const setBased = ALL_PROJECTIONS.filter((p) => p.rebuild);

  it('names only projections that have a rebuild (a renamed one would silently lose its place)', () => {
    expect(LONGEST_REBUILDS.filter((name) => !setBased.some((p) => p.name === name))).toEqual([]);
  });

  it('takes the longest first, then every other rebuild in its list order, each once', () => {
    const order = longestFirst(setBased).map((p) => p.name);
    expect(order.slice(0, LONGEST_REBUILDS.length)).toEqual(LONGEST_REBUILDS);
    expect(order.slice(LONGEST_REBUILDS.length)).toEqual(
      setBased.map((p) => p.name).filter((name) => !LONGEST_REBUILDS.includes(name)),
    );
  });
});

/**
 * A side whose "server" holds the given row hashes: `declare` sorts them (byte order), `fetch
 * forward n` hands out the next n, the examples' query answers the hashes asked for.
 */
function fakeSide(hashes: string[], log: string[]): Side {
  let sorted: string[] = [];
  let at = 0;
  const query = <T>(text: string, params?: unknown[]): Promise<T[]> => {
    log.push(text.split(' ')[0]);
    if (text.startsWith('fetch forward')) {
      const n = Number(/fetch forward (\d+)/.exec(text)?.[1]);
      const batch = sorted.slice(at, at + n).map((h) => ({ h }));
      at += batch.length;
      return Promise.resolve(batch as T[]);
    }
    if (text.startsWith('select substr(h')) {
      // the bucket summaries: per leading digits, the count and the md5 of the bucket's sorted hashes
      const byBucket = new Map<string, string[]>();
      for (const h of [...hashes].sort())
        byBucket.set(h.slice(0, BUCKET_DIGITS), [...(byBucket.get(h.slice(0, BUCKET_DIGITS)) ?? []), h]);
      return Promise.resolve(
        [...byBucket.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([b, hs]) => ({ b, n: hs.length, d: createHash('md5').update(hs.join('')).digest('hex') })) as T[],
      );
    }
    const wanted = (params?.[0] as string[]) ?? [];
    return Promise.resolve(wanted.map((h) => ({ row: { h } })) as T[]);
  };
  const sql: Sql = {
    query,
    execute: async <T>(text: string) => {
      log.push(text.split(' ')[0]);
      if (text.startsWith('declare')) sorted = [...hashes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return { rows: [] as T[], rowCount: 0 };
    },
  };
  return { sql, relation: 'x' };
}

describe('replay: the diff merges both sides’ sorted hashes, batch after batch', () => {
  const hash = (i: number) => i.toString(16).padStart(32, '0');
  const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => hash(from + i));

  it.each([
    ['equal, exactly one batch', many(0, DIFF_FETCH), many(0, DIFF_FETCH), 0, 0],
    ['equal, a batch and one', many(0, DIFF_FETCH + 1), many(0, DIFF_FETCH + 1), 0, 0],
    [
      'one row more on the replayed side, at the end of the second batch',
      many(0, 2 * DIFF_FETCH),
      many(0, 2 * DIFF_FETCH + 1),
      0,
      1,
    ],
    [
      'rows changed across a batch boundary',
      many(0, 2 * DIFF_FETCH + 5),
      [...many(0, DIFF_FETCH - 2), ...many(DIFF_FETCH + 1, DIFF_FETCH + 4), hash(9e9), hash(9e9)],
      3,
      2,
    ],
    ['a row twice on one side (multiplicity counts)', [...many(0, DIFF_FETCH), hash(7)], many(0, DIFF_FETCH), 1, 0],
    ['one side empty', [], many(0, 3), 0, 3],
  ])('%s', async (_name, live, replayed, onlyLive, onlyReplayed) => {
    const log: string[] = [];
    const diff = await diffTable('t', fakeSide(live, log), fakeSide(replayed, log));
    expect(diff).toMatchObject({
      table: 't',
      liveRows: live.length,
      replayedRows: replayed.length,
      onlyLive,
      onlyReplayed,
    });
    expect(diff.examples).toHaveLength(Math.min(onlyLive, MAX_SHOWN_DIFFS) + Math.min(onlyReplayed, MAX_SHOWN_DIFFS));
    // each cursor closed once, after its last batch
    expect(log.filter((x) => x === 'close')).toHaveLength(2);
  });
});

describe('replay: a table is compared bucket by bucket first, merged row by row only where they differ', () => {
  const hash = (i: number) => createHash('md5').update(String(i)).digest('hex');
  const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => hash(from + i));

  it('equal sides: only the bucket summaries are read, no row hash is fetched', async () => {
    const log: string[] = [];
    const rows = many(0, 3 * DIFF_FETCH);
    const diff = await compareTable('t', fakeSide(rows, log), fakeSide([...rows].reverse(), log));
    expect(diff).toEqual({
      table: 't',
      liveRows: rows.length,
      replayedRows: rows.length,
      onlyLive: 0,
      onlyReplayed: 0,
      examples: [],
    });
    expect(log).toEqual(['select', 'select']);
  });

  it.each([
    ['a row changed', many(0, 500), [...many(0, 499), hash(9999)], 1, 1],
    ['a row twice on one side (same buckets, other counts)', [...many(0, 500), hash(3)], many(0, 500), 1, 0],
    ['one side empty', [], many(0, 3), 0, 3],
  ])('%s: the rows are merged and counted', async (_name, live, replayed, onlyLive, onlyReplayed) => {
    const log: string[] = [];
    const diff = await compareTable('t', fakeSide(live, log), fakeSide(replayed, log));
    expect(diff).toMatchObject({ liveRows: live.length, replayedRows: replayed.length, onlyLive, onlyReplayed });
    expect(log).toContain('declare');
  });
});
