/** Sample rows of the static e-pin pages (spec §2: "Static sample-data pages with no calls"). */
export const LEDGER_SAMPLE: ReadonlyArray<{ date: string; mode: string; from: string; to: string; qty: number }> = [
  { date: '05 Nov 2026', mode: 'PURCHASE', from: 'ADMIN', to: '482913', qty: 5 },
  { date: '08 Nov 2026', mode: 'TRANSFER', from: '482913', to: '517204', qty: 2 },
  { date: '12 Nov 2026', mode: 'ACTIVATION', from: '482913', to: '603118', qty: 1 },
];
