import type { ComponentProps } from 'react';
import { useRows } from '../../lib/use-rows';
import { TablePage } from './table-page';

/**
 * A member screen that is one list (spec §7: loaded once on open): a TablePage of the rows read by
 * `fetch` (a failure shows the retry, never "No Data Found").
 */
export function ListPage<T>({
  fetch,
  what,
  ...table
}: Omit<ComponentProps<typeof TablePage<T>>, 'load' | 'onRetry'> & {
  fetch: () => Promise<T[]>;
  /** What the list is, for the console line of a failed read. */
  what: string;
}) {
  const { load, reload } = useRows(fetch, what);
  return <TablePage {...table} load={load} onRetry={reload} />;
}
