/**
 * Placeholders and parameters for a multi-row `insert … values (…), (…)`: rows of equal width in,
 * `($1, $2), ($3, $4)` and the flat parameter list out. `casts` adds a cast per column (e.g. `::jsonb`).
 */
export function valuesList(
  rows: readonly unknown[][],
  casts: readonly string[] = [],
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const tuples = rows.map(
    (row) =>
      `(${row
        .map((value) => {
          params.push(value);
          const column = (params.length - 1) % row.length;
          return `$${params.length}${casts[column] ?? ''}`;
        })
        .join(', ')})`,
  );
  return { sql: tuples.join(', '), params };
}
