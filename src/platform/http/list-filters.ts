import { filterText } from './list-query';

/** Builds `where` clauses from a react-admin list's equality filters, named by the resource (column by filter key). */
export function equalityFilters(filter: Record<string, unknown>, columns: Record<string, string>, params: unknown[]): string[] {
  const where: string[] = [];
  for (const [key, column] of Object.entries(columns)) {
    const value = filterText(filter, key);
    if (value === undefined) continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  return where;
}
