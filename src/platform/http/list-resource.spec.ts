import { BadRequestException } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { ListShape, PageRequest } from '../db/page';
import { listResource } from './list-resource';

// What listResource hands a list's query, and what it answers: `id` stands for the key, only the
// shape's filters pass, Content-Range follows the page.
describe('listResource', () => {
  const shape: ListShape = {
    sortable: ['name', 'uid'],
    key: 'uid',
    defaultSort: ['name', 'DESC'],
    filters: { q: 100, status: 100 },
  };
  const run = async (query: Record<string, unknown>, s: ListShape = shape) => {
    const headers: Record<string, string> = {};
    const reply = {
      header: (name: string, value: string) => ((headers[name] = value), reply),
    } as unknown as FastifyReply;
    let seen: PageRequest | undefined;
    const rows = await listResource(
      reply,
      'things',
      query,
      s,
      async (page) => {
        seen = page;
        return { rows: [{ n: 1 }, { n: 2 }], total: 7 };
      },
      (row) => row.n * 10,
    );
    return { rows, headers, seen: seen! };
  };

  it('maps sort "id" to the resource key, keeps other fields, and reads the default sort', async () => {
    expect((await run({ sort: '["id","ASC"]' })).seen).toMatchObject({ sortField: 'uid', descending: false });
    expect((await run({ sort: '["name","DESC"]' })).seen).toMatchObject({ sortField: 'name', descending: true });
    expect((await run({})).seen).toMatchObject({ sortField: 'name', descending: true, offset: 0, limit: 25 });
    // A list with a column named id sorts by that column.
    expect(
      (await run({ sort: '["id","DESC"]' }, { ...shape, sortable: ['id', 'name'], key: 'id' })).seen.sortField,
    ).toBe('id');
  });

  it('passes only the filters the shape names, as text, and sets Content-Range from the page', async () => {
    const { rows, headers, seen } = await run({
      range: '[5,9]',
      filter: '{"q":"ab","status":1,"other":"x","empty":""}',
    });
    expect(seen).toMatchObject({ offset: 5, limit: 5, filter: { q: 'ab', status: '1' } });
    expect(Object.keys(seen.filter)).toEqual(['q', 'status']);
    expect(rows).toEqual([10, 20]);
    expect(headers['Content-Range']).toBe('things 5-6/7');
  });

  it('refuses a field the list does not offer before any read', async () => {
    await expect(run({ sort: '["password","ASC"]' })).rejects.toThrow(BadRequestException);
    await expect(run({ filter: '{"q":{"x":1}}' })).rejects.toThrow(BadRequestException);
  });
});
