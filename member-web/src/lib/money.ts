/**
 * Money in member-web: amounts arrive as rupee text and are computed as bigint paise (never floats).
 * One contract, used by every screen:
 *  - `rupeesToPaise` reads rupee text: optional '-', digits with optional thousands commas, and at
 *    most two decimals ('1,234.5' → 123450n). Anything else (empty, letters, three decimals) → null.
 *  - `paiseToRupeeText` writes paise as plain rupee text with two decimals ('1234.50').
 *  - USD/USDT = INR / 90 (spec §1, §9), two decimals, half away from zero at the last step only.
 */

/** Display currency chosen on the dashboard. USD = INR / 90, two decimals, symbol '$' (spec §1, §9). */
export type DisplayCurrency = 'INR' | 'USD';

/** Rupees per US dollar and per USDT (spec §9). */
export const INR_PER_USD = 90;

const RUPEES = /^(-?)(\d{1,3}(?:,\d{2,3})*|\d+)?(?:\.(\d{1,2}))?$/;

export function rupeesToPaise(rupees: string | number | null | undefined): bigint | null {
  if (rupees === null || rupees === undefined) return null;
  if (typeof rupees === 'number') {
    if (!Number.isFinite(rupees)) return null;
    rupees = rupees.toFixed(2);
  }
  const textValue = rupees.trim();
  const m = RUPEES.exec(textValue);
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  const whole = BigInt((m[2] ?? '0').replace(/,/g, ''));
  const fraction = BigInt((m[3] ?? '').padEnd(2, '0'));
  const paise = whole * 100n + fraction;
  return m[1] === '-' ? -paise : paise;
}

function twoDecimals(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export function paiseToRupeeText(paise: bigint): string {
  return twoDecimals(paise);
}

/** Paise → US cents (or USDT cents) at 90 INR per USD, rounded half away from zero. */
export function paiseToUsdCents(paise: bigint, rate: number = INR_PER_USD): bigint {
  const r = BigInt(rate);
  const abs = paise < 0n ? -paise : paise;
  const cents = (abs * 2n + r) / (2n * r);
  return paise < 0n ? -cents : cents;
}

/** '₹1234.50', or in USD '$13.72'. */
export function formatPaise(paise: bigint, currency: DisplayCurrency): string {
  return currency === 'INR' ? `₹${twoDecimals(paise)}` : `$${twoDecimals(paiseToUsdCents(paise))}`;
}

/**
 * A rupee amount of the server for display: '₹1234.50', or in USD '$13.72' (INR / 90).
 * Dashboard figures the server leaves empty or unreadable show as zero.
 */
export function formatAmount(rupees: string | number | null | undefined, currency: DisplayCurrency): string {
  return formatPaise(rupeesToPaise(rupees) ?? 0n, currency);
}

/** Net INR text → USDT text at 90 INR per USDT, two decimals; '' when the INR text is unreadable. */
export function usdtFromInr(inr: string, rate: number = INR_PER_USD): string {
  const paise = rupeesToPaise(inr);
  return paise === null ? '' : twoDecimals(paiseToUsdCents(paise, rate));
}

/** Digits grouped with commas: the Indian way for rupees (12,34,567), in threes for dollars (1,234,567). */
function groupDigits(whole: string, indian: boolean): string {
  if (whole.length <= 3) return whole;
  const last = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const size = indian ? 2 : 3;
  const groups: string[] = [];
  for (let end = rest.length; end > 0; end -= size) groups.unshift(rest.slice(Math.max(0, end - size), end));
  return `${groups.join(',')},${last}`;
}

/**
 * A rupee amount with thousands separators, as admin-web writes money: '₹1,23,456.50' (Indian
 * grouping), or in USD '$1,371.74'. Unreadable text shows as zero, like `formatAmount`.
 */
export function formatGroupedAmount(rupees: string | number | null | undefined, currency: DisplayCurrency): string {
  const paise = rupeesToPaise(rupees) ?? 0n;
  const minor = currency === 'INR' ? paise : paiseToUsdCents(paise);
  const [whole = '0', fraction = '00'] = twoDecimals(minor < 0n ? -minor : minor).split('.');
  const sign = minor < 0n ? '-' : '';
  return `${sign}${currency === 'INR' ? '₹' : '$'}${groupDigits(whole, currency === 'INR')}.${fraction}`;
}
