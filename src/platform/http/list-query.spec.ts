import { BadRequestException } from '@nestjs/common';
import { contentRange, MAX_PAGE_ROWS, parseListQuery } from './list-query';

describe('react-admin list queries', () => {
  it('parses sort, range and filter', () => {
    const q = parseListQuery(
      { sort: '["name","DESC"]', range: '[10,19]', filter: '{"q":"x"}' },
      ['name'],
      ['name', 'ASC'],
    );
    expect(q).toEqual({ sortField: 'name', descending: true, offset: 10, limit: 10, filter: { q: 'x' } });
    expect(contentRange('members', q, 10, 95)).toBe('members 10-19/95');
  });

  it('refuses sort fields that are not listed (they reach SQL) and malformed JSON', () => {
    expect(() => parseListQuery({ sort: '["1; drop table x","ASC"]' }, ['name'], ['name', 'ASC'])).toThrow(
      BadRequestException,
    );
    expect(() => parseListQuery({ range: '[5,1]' }, ['name'], ['name', 'ASC'])).toThrow(BadRequestException);
    expect(() => parseListQuery({ filter: '[1]' }, ['name'], ['name', 'ASC'])).toThrow(BadRequestException);
    expect(() => parseListQuery({ sort: '{' }, ['name'], ['name', 'ASC'])).toThrow(BadRequestException);
  });

  // Issue 18 §5: `sort=[{"toString":"x"},"ASC"]` reached String() (a 500). Wrong types are a 400, never coerced.
  it('refuses a sort that is not two strings', () => {
    for (const sort of [
      '[{"a":1},"ASC"]',
      '[["name"],"ASC"]',
      '[1,"ASC"]',
      '["name",{"b":2}]',
      '["name",["DESC"]]',
      '["name",true]',
    ])
      expect(() => parseListQuery({ sort }, ['name', '1'], ['name', 'ASC'])).toThrow(BadRequestException);
    const toStringObject = parseListQuery.bind(null, { sort: '[{"toString":"x"},"ASC"]' }, ['name'], ['name', 'ASC']);
    expect(toStringObject).toThrow(BadRequestException);
  });

  it('caps a page', () => {
    expect(parseListQuery({ range: '[0,99999]' }, ['name'], ['name', 'ASC']).limit).toBe(MAX_PAGE_ROWS);
  });
});
