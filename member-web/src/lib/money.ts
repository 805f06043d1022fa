/** Display currency chosen on the dashboard. USD = INR / 90, two decimals, symbol '$' (spec §1, §9). */
export type DisplayCurrency = 'INR' | 'USD';

export const INR_PER_USD = 90;

/** Parses a rupee string such as "1234.50" into integer paise; anything unreadable is 0. */
export function rupeesToPaise(rupees: string | number | null | undefined): number {
  const text = String(rupees ?? '').trim();
  const match = /^(-?)(\d*)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  const whole = Number(match[2] || '0');
  const fraction = Number((match[3] ?? '').padEnd(2, '0'));
  return sign * (whole * 100 + fraction);
}

function twoDecimals(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  const whole = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${cents}`;
}

/** Formats a rupee amount for display: '₹1234.50', or in USD '$13.72' (INR / 90, rounded to cents). */
export function formatAmount(rupees: string | number | null | undefined, currency: DisplayCurrency): string {
  const paise = rupeesToPaise(rupees);
  if (currency === 'INR') return `₹${twoDecimals(paise)}`;
  // paise / 90 is US cents; round half away from zero at the last step only.
  const cents = Math.sign(paise) * Math.round(Math.abs(paise) / INR_PER_USD);
  return `$${twoDecimals(cents)}`;
}
