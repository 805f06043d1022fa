import { PageShell } from './page-shell';
import { PagedTable, type PagedColumn } from './paged-table';
import { useRows } from '../../lib/use-rows';

/**
 * A member screen that is one list (spec §7: loaded once on open): the title as its h1 and the
 * table's name, the rows read by `fetch` (a failure shows the retry, never "No Data Found").
 */
export function ListPage<T>({
  title,
  fetch,
  what,
  columns,
  serialHeader,
  emptyText,
  rowKey,
}: {
  title: string;
  fetch: () => Promise<T[]>;
  /** What the list is, for the console line of a failed read. */
  what: string;
  columns: ReadonlyArray<PagedColumn<T>>;
  serialHeader?: string;
  emptyText?: string;
  rowKey?: (row: T, index: number) => string;
}) {
  const { load, reload } = useRows(fetch, what);
  return (
    <PageShell title={title}>
      <PagedTable
        label={title}
        serialHeader={serialHeader}
        columns={columns}
        rows={load.rows}
        loading={load.state === 'loading'}
        failed={load.state === 'failed'}
        onRetry={reload}
        emptyText={emptyText}
        rowKey={rowKey}
      />
    </PageShell>
  );
}
