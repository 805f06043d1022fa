import { BadRequestException } from '@nestjs/common';
import { errorBody } from './error-body';
import { jsonShapeProblem } from './json-depth';
import { inputRefusal, UNSAFE_NUMBER_MESSAGE } from './unstorable-text';

/** The most rows one admin list page may return. */
export const MAX_PAGE_ROWS = 500;
/** The largest row index a range may name (PostgreSQL's integer; more rows than any list here will have). */
export const MAX_RANGE_INDEX = 2_147_483_647;

export interface ListQuery {
  sortField: string;
  descending: boolean;
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson(name: string, raw: unknown, numbersBoundedByCaller = false): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(errorBody(400, `${name} must be JSON`));
  const shape = jsonShapeProblem(raw);
  if (shape) throw new BadRequestException(errorBody(400, shape));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadRequestException(errorBody(400, `${name} must be JSON`));
  }
  // The edge hook saw the raw text only: a "\u0000" escape becomes a NUL here, and a number is only a number here.
  const problem = inputRefusal(parsed);
  if (problem && !(numbersBoundedByCaller && problem === UNSAFE_NUMBER_MESSAGE))
    throw new BadRequestException(errorBody(400, problem));
  return parsed;
}

/**
 * ra-data-simple-rest's `sort=["field","ASC"]&range=[0,24]&filter={...}`. Sort fields come from a
 * list the resource names (they end up in SQL); anything else is a 400, never a 500.
 */
export function parseListQuery(
  query: Record<string, unknown>,
  sortable: readonly string[],
  defaultSort: [string, 'ASC' | 'DESC'],
): ListQuery {
  const sort = parseJson('sort', query.sort) ?? defaultSort;
  // The range's own rule bounds its numbers (and names the bounds).
  const range = parseJson('range', query.range, true) ?? [0, 24];
  const filter = parseJson('filter', query.filter) ?? {};
  // Type checks first: a JSON object in sort (`[{"toString":"x"},"ASC"]`) is never coerced to text.
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    typeof sort[0] !== 'string' ||
    typeof sort[1] !== 'string' ||
    !sortable.includes(sort[0]) ||
    !['ASC', 'DESC'].includes(sort[1].toUpperCase())
  ) {
    throw new BadRequestException(errorBody(400, `sort must be one of ${sortable.join(', ')} with ASC or DESC`));
  }
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_RANGE_INDEX) ||
    range[1] < range[0]
  ) {
    throw new BadRequestException(
      errorBody(400, `range must be [start, end] with 0 <= start <= end <= ${MAX_RANGE_INDEX}`),
    );
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw new BadRequestException(errorBody(400, 'filter must be a JSON object'));
  return {
    sortField: sort[0],
    descending: sort[1].toUpperCase() === 'DESC',
    offset: range[0],
    limit: Math.min(range[1] - range[0] + 1, MAX_PAGE_ROWS),
    filter: filter as Record<string, unknown>,
  };
}

export function contentRange(resource: string, q: ListQuery, rows: number, total: number): string {
  const end = rows === 0 ? q.offset : q.offset + rows - 1;
  return `${resource} ${q.offset}-${end}/${total}`;
}

/** A filter value as text, or undefined; objects and arrays are refused. */
export function filterText(filter: Record<string, unknown>, key: string, maxLength = 100): string | undefined {
  const value = filter[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    throw new BadRequestException(errorBody(400, `filter.${key} must be text`));
  const text = String(value);
  if (text.length > maxLength) throw new BadRequestException(errorBody(400, `filter.${key} is too long`));
  return text;
}
