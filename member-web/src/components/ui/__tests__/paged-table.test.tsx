import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyRowsOf } from '../../../testing/table';
import { clampPage, PagedTable } from '../paged-table';

interface Row {
  id: string;
}
const rowsOf = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: `ID-${i + 1}` }));

function renderTable(rows: Row[], emptyText?: string) {
  return render(
    <PagedTable
      label="Sample"
      columns={[{ header: 'Id', cell: (r: Row) => r.id }]}
      rows={rows}
      emptyText={emptyText}
    />,
  );
}

describe('PagedTable', () => {
  it('proves the default of 10 rows per page, first page 1, and an S.No counting across pages', async () => {
    const user = userEvent.setup({ delay: null });
    renderTable(rowsOf(25));
    let rows = bodyRowsOf('Sample');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(['1', 'ID-1']);
    expect(rows[9]).toEqual(['10', 'ID-10']);
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    rows = bodyRowsOf('Sample');
    expect(rows).toEqual([
      ['21', 'ID-21'],
      ['22', 'ID-22'],
      ['23', 'ID-23'],
      ['24', 'ID-24'],
      ['25', 'ID-25'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(bodyRowsOf('Sample')[0]).toEqual(['11', 'ID-11']);
  });

  it('proves the page-size selector is hidden at 50 rows and offered (10/20/50/100) at 51', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderTable(rowsOf(50));
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
    view.unmount();

    renderTable(rowsOf(51));
    const size = screen.getByLabelText('Rows per page');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
    expect(size).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await user.selectOptions(size, '20');
    // A new size starts again at page 1.
    expect(bodyRowsOf('Sample')).toHaveLength(20);
    expect(bodyRowsOf('Sample')[0]).toEqual(['1', 'ID-1']);
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 3');
    await user.selectOptions(size, '100');
    expect(bodyRowsOf('Sample')).toHaveLength(51);
  });

  it('proves jump-to-page clamps to 1..last page', async () => {
    const user = userEvent.setup({ delay: null });
    renderTable(rowsOf(35));
    const jump = screen.getByLabelText('Jump to page');
    await user.type(jump, '99');
    await user.click(screen.getByRole('button', { name: 'Jump' }));
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 4 of 4');
    expect(jump).toHaveValue('4');
    expect(bodyRowsOf('Sample')[0]).toEqual(['31', 'ID-31']);

    await user.clear(jump);
    await user.type(jump, '0{Enter}');
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 4');
    expect(jump).toHaveValue('1');

    await user.clear(jump);
    await user.type(jump, '2{Enter}');
    expect(bodyRowsOf('Sample')[0]).toEqual(['11', 'ID-11']);
    expect(clampPage(-3, 4)).toBe(1);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });

  it('proves a page size of 100 is dropped for the default 10 when a reload shrinks the list to 50 rows (the size changer hides)', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderTable(rowsOf(120));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '100');
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 2 of 2 (120 rows)');

    view.rerender(<PagedTable label="Sample" columns={[{ header: 'Id', cell: (r: Row) => r.id }]} rows={rowsOf(50)} />);
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
    expect(bodyRowsOf('Sample')).toHaveLength(10);
    expect(bodyRowsOf('Sample')[0]).toEqual(['1', 'ID-1']);
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 5 (50 rows)');
    expect(screen.getByRole('button', { name: 'Go to page 5' })).toBeInTheDocument();

    // Growing past 50 again offers the selector at the default, not the old choice.
    view.rerender(<PagedTable label="Sample" columns={[{ header: 'Id', cell: (r: Row) => r.id }]} rows={rowsOf(70)} />);
    expect(screen.getByLabelText('Rows per page')).toHaveValue('10');
    expect(bodyRowsOf('Sample')).toHaveLength(10);
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 7 (70 rows)');
  });

  it('proves a chosen size stays while the list is still over 50 rows, and the page is clamped to the new last page', async () => {
    const user = userEvent.setup({ delay: null });
    const table = (n: number) => (
      <PagedTable label="Sample" columns={[{ header: 'Id', cell: (r: Row) => r.id }]} rows={rowsOf(n)} />
    );
    const view = render(table(120));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await user.click(screen.getByRole('button', { name: 'Go to page 6' }));
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 6 of 6 (120 rows)');

    view.rerender(table(55));
    expect(screen.getByLabelText('Rows per page')).toHaveValue('20');
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 3 of 3 (55 rows)');
    expect(bodyRowsOf('Sample')[0]).toEqual(['41', 'ID-41']);
    expect(bodyRowsOf('Sample')).toHaveLength(15);

    // The clamped page is kept: a longer list afterwards does not jump back to page 6.
    view.rerender(table(120));
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 3 of 6 (120 rows)');
  });

  it('proves the page is clamped to the last page when a list under the selector threshold shrinks', async () => {
    const user = userEvent.setup({ delay: null });
    const table = (n: number) => (
      <PagedTable label="Sample" columns={[{ header: 'Id', cell: (r: Row) => r.id }]} rows={rowsOf(n)} />
    );
    const view = render(table(45));
    await user.click(screen.getByRole('button', { name: 'Go to page 5' }));
    expect(bodyRowsOf('Sample')[0]).toEqual(['41', 'ID-41']);

    view.rerender(table(12));
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 2 of 2 (12 rows)');
    expect(bodyRowsOf('Sample')).toEqual([
      ['11', 'ID-11'],
      ['12', 'ID-12'],
    ]);
  });

  it('proves an empty list shows the screen empty text and no pager', () => {
    renderTable([], 'No Data Found');
    expect(bodyRowsOf('Sample')).toEqual([['No Data Found']]);
    expect(screen.queryByLabelText('Jump to page')).not.toBeInTheDocument();
  });
});
