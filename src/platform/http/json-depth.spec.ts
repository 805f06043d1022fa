import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth';

// Proves the depth scan counts only structural brackets, in one pass, at any size.
describe('nestedDeeperThan', () => {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('draws the line exactly at the limit, for arrays and objects', () => {
    expect(nestedDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan('{"a":'.repeat(3) + '1' + '}'.repeat(3), 2)).toBe(true);
    expect(nestedDeeperThan('[[1],[2],{"a":[3]}]', 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestedDeeperThan(JSON.stringify({ a: '[[[[{{{{', b: '\\"[[[[', c: '"{{{{' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify(['\\', [['x']]]), 2)).toBe(true);
  });

  it('scans a million levels without recursion', () => {
    expect(nestedDeeperThan(deep(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
