/**
 * Sample rows of the static e-pin pages (spec §2: "Static sample-data pages with no calls"). Days are
 * 'YYYY-MM-DD' (shown with formatCalendarDay); the MODE and FROM words are shown through the
 * catalogue's `sampleWords`, so a Hindi reader sees them in Hindi.
 */
export const LEDGER_SAMPLE: ReadonlyArray<{ date: string; mode: string; from: string; to: string; qty: number }> = [
  { date: '2026-11-05', mode: 'PURCHASE', from: 'ADMIN', to: '482913', qty: 5 },
  { date: '2026-11-08', mode: 'TRANSFER', from: '482913', to: '517204', qty: 2 },
  { date: '2026-11-12', mode: 'ACTIVATION', from: '482913', to: '603118', qty: 1 },
];
