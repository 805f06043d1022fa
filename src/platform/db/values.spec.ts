import { valuesList } from './values';

describe('valuesList', () => {
  it('numbers placeholders across rows and applies per-column casts', () => {
    expect(
      valuesList(
        [
          [1, 'a'],
          [2, 'b'],
        ],
        ['', '::jsonb'],
      ),
    ).toEqual({ sql: '($1, $2::jsonb), ($3, $4::jsonb)', params: [1, 'a', 2, 'b'] });
  });
});
