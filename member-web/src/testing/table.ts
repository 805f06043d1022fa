import { screen, within } from '@testing-library/react';

/** Header texts of the table named `name`. */
export function headersOf(name: string): string[] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');
}

/** Body rows of the table named `name`, each as its cell texts. */
export function bodyRowsOf(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  const [, ...rows] = within(table).getAllByRole('row');
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
}
