import {
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  TOO_DEEP_MESSAGE,
  TOO_MANY_VALUES_MESSAGE,
} from './json-depth';

// Proves the shape scan counts only structural brackets and commas, in one pass, at any size.
describe('jsonShapeProblem', () => {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const flat = (values: number) => JSON.stringify(Array(values).fill(0));
  const wide = (keys: number) =>
    JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));

  it('draws the depth line exactly at the limit, for arrays and objects', () => {
    expect(jsonShapeProblem(deep(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(deep(MAX_JSON_DEPTH + 1))).toBe(TOO_DEEP_MESSAGE);
    expect(jsonShapeProblem('{"a":'.repeat(3) + '1' + '}'.repeat(3), 2)).toBe(TOO_DEEP_MESSAGE);
    expect(jsonShapeProblem('[[1],[2],{"a":[3]}]', 3)).toBeNull();
  });

  it('draws the values line exactly at the limit, for array elements and object members alike', () => {
    expect(jsonShapeProblem(flat(MAX_JSON_VALUES))).toBeNull();
    expect(jsonShapeProblem(flat(MAX_JSON_VALUES + 1))).toBe(TOO_MANY_VALUES_MESSAGE);
    expect(jsonShapeProblem(wide(MAX_JSON_VALUES))).toBeNull();
    expect(jsonShapeProblem(wide(MAX_JSON_VALUES + 1))).toBe(TOO_MANY_VALUES_MESSAGE);
    // Values in nested containers count together.
    expect(jsonShapeProblem('{"a":[1,2],"b":{"c":3,"d":4}}', MAX_JSON_DEPTH, 5)).toBe(TOO_MANY_VALUES_MESSAGE);
    expect(jsonShapeProblem('{"a":[1,2],"b":{"c":3,"d":4}}', MAX_JSON_DEPTH, 6)).toBeNull();
  });

  it('does not count brackets or commas inside strings, escaped quotes included', () => {
    expect(jsonShapeProblem(JSON.stringify({ a: '[[[[{{{{', b: '\\"[[[[', c: '"{{{{' }), 1)).toBeNull();
    expect(jsonShapeProblem(JSON.stringify(['\\', [['x']]]), 2)).toBe(TOO_DEEP_MESSAGE);
    expect(jsonShapeProblem(JSON.stringify({ remark: ','.repeat(10_000), q: '\\",,,' }))).toBeNull();
  });

  it('scans a million levels or a million values without recursion', () => {
    expect(jsonShapeProblem(deep(1_000_000))).toBe(TOO_DEEP_MESSAGE);
    expect(jsonShapeProblem(flat(1_000_000))).toBe(TOO_MANY_VALUES_MESSAGE);
  });
});
