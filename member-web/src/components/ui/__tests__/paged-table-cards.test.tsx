import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { afterEach, describe, expect, it } from 'vitest';
import { mockViewportWidth } from '../../../testing/viewport';
import { PagedTable, type PagedColumn } from '../paged-table';

interface Row {
  pin: string;
  amount: string;
  status: string;
}
const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ pin: `PIN-${i + 1}`, amount: '299', status: i % 2 ? 'Used' : 'Unused' }));

const columns: PagedColumn<Row>[] = [
  { header: 'Epin Number', cell: (r) => r.pin },
  { header: 'Epin Amount', cell: (r) => r.amount },
  { header: 'Epin Status', cell: (r) => <span data-testid="status">{r.status}</span>, role: 'status' },
  { header: 'Action', cell: (r) => <Button aria-label={`Use ${r.pin}`}>Use</Button>, role: 'action' },
];

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('PagedTable on a phone (below sm)', () => {
  it('proves each row is a card of label: value lines with its status and action, and no table at all', () => {
    restore = mockViewportWidth(390);
    render(<PagedTable label="Unused Epin List" columns={columns} rows={rowsOf(3)} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Unused Epin List' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const first = cards[0] as HTMLElement;
    expect(first).toHaveAccessibleName('Row 1');
    expect(within(first).getByText('S.No 1')).toBeInTheDocument();
    // Every other column is a label: value pair (dt/dd).
    const terms = within(first)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(first)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Epin Number', 'Epin Amount']);
    expect(values).toEqual(['PIN-1', '299']);
    // The status leads the card and the action closes it: both always rendered.
    const status = first.querySelector('[data-cell="status"]') as HTMLElement;
    expect(status).toHaveTextContent('Epin Status:Unused');
    const action = first.querySelector('[data-cell="action"]') as HTMLElement;
    expect(within(action).getByRole('button', { name: 'Use PIN-1' })).toBeInTheDocument();
    for (const card of cards) {
      expect(card.querySelector('[data-cell="status"] [data-testid="status"]')).not.toBeNull();
      expect(card.querySelector('[data-cell="action"] button')).not.toBeNull();
    }
  });

  it('proves paging works the same on cards: 10 a page, S.No counting across pages', async () => {
    restore = mockViewportWidth(390);
    const user = userEvent.setup({ delay: null });
    render(<PagedTable label="Sample" columns={columns} rows={rowsOf(12)} />);
    expect(screen.getAllByTestId('card-row')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    const cards = screen.getAllByTestId('card-row');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('S.No 11')).toBeInTheDocument();
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 2 of 2 (12 rows)');
  });

  it("proves the empty state is a centred status reading 'No Data Found', and loading a spinner", () => {
    restore = mockViewportWidth(390);
    const view = render(<PagedTable label="Sample" columns={columns} rows={[]} />);
    const empty = screen.getByTestId('table-empty');
    expect(empty).toHaveAttribute('role', 'status');
    expect(empty).toHaveTextContent('No Data Found');
    expect(getComputedStyle(empty).display).toBe('grid');
    expect(getComputedStyle(empty).placeItems).toBe('center');
    view.rerender(<PagedTable label="Sample" columns={columns} rows={[]} loading />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });

  it('proves a wide screen (sm and up) keeps the table', () => {
    restore = mockViewportWidth(1024);
    render(<PagedTable label="Sample" columns={columns} rows={rowsOf(2)} />);
    expect(screen.getByRole('table', { name: 'Sample' })).toBeInTheDocument();
    expect(screen.queryByTestId('card-list')).not.toBeInTheDocument();
  });
});
