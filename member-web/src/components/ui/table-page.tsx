import type { RowsLoad } from '../../lib/use-rows';
import { PageShell } from './page-shell';
import { PagedTable, type PagedColumn } from './paged-table';

/** A screen that is one paged table of the rows read on open; its title also names the table. */
export function TablePage<T>({
  title,
  serialHeader,
  columns,
  load,
  onRetry,
  emptyText,
  rowKey,
}: {
  title: string;
  serialHeader?: string;
  columns: ReadonlyArray<PagedColumn<T>>;
  load: RowsLoad<T>;
  /** Reads the rows again (the failed read's retry). */
  onRetry?: () => void;
  emptyText?: string;
  rowKey?: (row: T, index: number) => string;
}) {
  return (
    <PageShell title={title}>
      <PagedTable
        label={title}
        serialHeader={serialHeader}
        columns={columns}
        rows={load.rows}
        loading={load.state === 'loading'}
        failed={load.state === 'failed'}
        onRetry={onRetry}
        emptyText={emptyText}
        rowKey={rowKey}
      />
    </PageShell>
  );
}
