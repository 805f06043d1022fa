import { downloadCSV, type Exporter } from 'react-admin';

/**
 * A cell a spreadsheet would read as a formula: it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (OWASP "CSV Injection"). Member-entered text (names, cities, UTRs, remarks) ends up
 * in these exports, and an admin opening one must never run what a member typed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("-5", "+91", "12.50") is no formula and stays a number for the spreadsheet. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/** OWASP's neutralisation: a leading `'` makes the spreadsheet show the text as text. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** `{a: {b: 1}}` → `{"a.b": 1}`, as react-admin's own exporter names nested fields; arrays stay one cell. */
function flatten(value: Record<string, unknown>, prefix = '', into: Record<string, unknown> = {}) {
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Date))
      flatten(inner as Record<string, unknown>, name, into);
    else into[name] = inner;
  }
  return into;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  return String(value);
}

/** Every cell neutralised and quoted (RFC 4180: a `"` inside doubled), one header row of every field seen. */
export function toCsv(records: readonly object[]): string {
  const rows = records.map((record) => flatten(record as Record<string, unknown>));
  const columns: string[] = [];
  for (const row of rows) for (const name of Object.keys(row)) if (!columns.includes(name)) columns.push(name);
  const quote = (text: string) => `"${neutralise(text).replace(/"/g, '""')}"`;
  return [
    columns.map(quote).join(','),
    ...rows.map((row) => columns.map((c) => quote(cellText(row[c]))).join(',')),
  ].join('\r\n');
}

/** The one exporter of every admin-web list that exports (members, mails, e-pins, payment orders, …). */
export const csvExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) => {
  downloadCSV(toCsv(records as object[]), resource ?? 'export');
};
