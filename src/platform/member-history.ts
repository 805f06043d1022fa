import { formatRupees } from './money';

/** Rows a member's history screen shows at the most (client-side paging over them). */
export const MAX_HISTORY_ROWS = 5000;

/** Dates are the member's days in India: `fdate`/`tdate` (YYYY-MM-DD) bound the IST calendar date. */
export const dayFilter = (column: string, from: number, to: number) =>
  `($${from}::date is null or (${column} at time zone 'Asia/Kolkata')::date >= $${from}::date)
   and ($${to}::date is null or (${column} at time zone 'Asia/Kolkata')::date <= $${to}::date)`;

/** Paise as the member contract shows amounts ('1000.00'). */
export const rupees = (paise: string | null) => formatRupees(BigInt(paise ?? '0'));

/** The contract's 1-based `row` numbers, first in each row. */
export const numbered = <T extends object>(rows: T[]) => rows.map((row, index) => ({ row: index + 1, ...row }));
