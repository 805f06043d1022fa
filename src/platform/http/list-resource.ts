import { FastifyReply } from 'fastify';
import { ListShape, Page, PageRequest } from '../db/page';
import { contentRange, filterText, parseListQuery } from './list-query';

/**
 * One react-admin list answered: sort, range and filter read from the query string and checked
 * against the list's shape (react-admin's default sort field `id` sorts by the resource's key),
 * the page read by the list's query, `Content-Range` set. Bad input is a 400 before any read.
 */
export async function listResource<T, R = T>(
  reply: FastifyReply,
  resource: string,
  query: Record<string, unknown>,
  shape: ListShape,
  read: (page: PageRequest) => Promise<Page<T>>,
  present: (row: T) => R = (row) => row as unknown as R,
): Promise<R[]> {
  const sortable = shape.sortable.includes('id') ? shape.sortable : [...shape.sortable, 'id'];
  const q = parseListQuery(query, sortable, [shape.defaultSort[0], shape.defaultSort[1]]);
  const filter: Record<string, string> = {};
  for (const [name, maxLength] of Object.entries(shape.filters)) {
    const value = filterText(q.filter, name, maxLength);
    if (value !== undefined) filter[name] = value;
  }
  const sortField = q.sortField === 'id' && !shape.sortable.includes('id') ? shape.key : q.sortField;
  const { rows, total } = await read({ filter, sortField, descending: q.descending, offset: q.offset, limit: q.limit });
  void reply.header('Content-Range', contentRange(resource, q, rows.length, total));
  return rows.map(present);
}

/** A list that is always shown whole, in its own order (it reads no sort, range or filter). */
export function wholeList<T>(reply: FastifyReply, resource: string, rows: T[]): T[] {
  void reply.header('Content-Range', `${resource} 0-${rows.length - 1}/${rows.length}`);
  return rows;
}
