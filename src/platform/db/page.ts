import { Sql } from './sql';

/**
 * What an admin list offers: the fields it sorts by (they reach SQL, so only these), the one
 * react-admin's default sort field `id` stands for (the resource's key), its default sort, and the
 * filters it reads, each with the longest value it accepts.
 */
export interface ListShape {
  readonly sortable: readonly string[];
  readonly key: string;
  readonly defaultSort: readonly [string, 'ASC' | 'DESC'];
  readonly filters: Readonly<Record<string, number>>;
}

/** One page as a list query reads it: filters checked, the sort field one of the list's own. */
export interface PageRequest {
  filter: Readonly<Record<string, string>>;
  sortField: string;
  descending: boolean;
  offset: number;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's `where` clause, built condition by condition with numbered parameters. */
export class Where {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** Adds `condition`, in which `$?` (as often as needed) stands for `value`. */
  add(condition: string, value: unknown): this {
    this.params.push(value);
    this.conditions.push(condition.replaceAll('$?', `$${this.params.length}`));
    return this;
  }

  /** `column = value` for each filter present among `columns` (filter name → column). */
  equal(filter: Readonly<Record<string, string>>, columns: Readonly<Record<string, string>>): this {
    for (const [name, column] of Object.entries(columns))
      if (filter[name] !== undefined) this.add(`${column} = $?`, filter[name]);
    return this;
  }

  toString(): string {
    return this.conditions.length ? `where ${this.conditions.join(' and ')}` : '';
  }
}

/**
 * The count and the rows of one page of `from`: `orderBy` ends with the key, so pages never
 * overlap. `from`, `columns` and `orderBy` are the query's own texts, never input.
 */
export async function readPage<T>(
  sql: Sql,
  from: string,
  columns: string,
  where: Where,
  orderBy: string,
  page: PageRequest,
): Promise<Page<T>> {
  const [{ total }] = await sql.query<{ total: string }>(
    `select count(*)::text as total from ${from} ${where}`,
    where.params,
  );
  const rows = await sql.query<T>(
    `select ${columns} from ${from} ${where} order by ${orderBy} limit ${page.limit} offset ${page.offset}`,
    where.params,
  );
  return { rows, total: Number(total) };
}

/** `asc` or `desc` for the page's direction. */
export const direction = (page: PageRequest): string => (page.descending ? 'desc' : 'asc');
