/**
 * Money and rates for the back office, exact: the API sends paise as decimal text (PostgreSQL
 * bigint) and rates as whole basis points, so every conversion here is string / BigInt
 * arithmetic on hundredths — never a float, which would turn "0.29" into 28.999… paise.
 *
 *   rupees "299.50"  ↔ paise "29950"        (1 rupee  = 100 paise)
 *   percent "0.5"    ↔ basis points 50      (1 percent = 100 bp)
 */

/** A decimal with at most two places: "299", "299.5", "0.05". No sign, no exponent, no grouping. */
const TWO_PLACES = /^(\d+)(?:\.(\d{1,2}))?$/;
const WHOLE_NUMBER = /^-?\d+$/;

/** "299.50" → 29950n; null when the text is not a plain decimal with at most two places ("1.234", "-1", "1e3"). */
export function hundredthsOf(text: string): bigint | null {
  const match = TWO_PLACES.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/**
 * 29950n → "299.50"; whole amounts lose their decimals ("299"). With `trimZeros`, a fraction also
 * loses its trailing zero ("0.5" rather than "0.50"), as percentages read best.
 */
export function decimalOfHundredths(hundredths: bigint, trimZeros = false): string {
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  if (fraction === '00') return `${sign}${whole}`;
  return `${sign}${whole}.${trimZeros ? fraction.replace(/0$/, '') : fraction}`;
}

/** Rupees typed by an admin → paise text for the API: "299" → "29900", "0.05" → "5"; null for "1.234" or "abc". */
export function rupeesToPaise(rupees: string): string | null {
  return hundredthsOf(rupees)?.toString() ?? null;
}

/** Paise text from the API → rupees for an input: "29900" → "299", "29950" → "299.50", "5" → "0.05". */
export function paiseToRupees(paise: string): string {
  return WHOLE_NUMBER.test(paise) ? decimalOfHundredths(BigInt(paise)) : paise;
}

/** Percent typed by an admin → whole basis points: "10" → 1000, "0.5" → 50; null for "0.005" or "abc". */
export function percentToBp(percent: string): number | null {
  const bp = hundredthsOf(percent);
  return bp === null || bp > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(bp);
}

/** Basis points → percent for an input or a cell: 1000 → "10", 50 → "0.5", 1234 → "12.34". */
export function bpToPercent(bp: number | string): string {
  const text = String(bp);
  return WHOLE_NUMBER.test(text) ? decimalOfHundredths(BigInt(text), true) : text;
}

/** Basis points for display: 1000 → "10 %", 50 → "0.5 %". */
export function formatBp(bp: number | string | null | undefined): string {
  if (bp === null || bp === undefined || bp === '') return '';
  return `${bpToPercent(bp)} %`;
}

/** Groups whole rupees the Indian way: 1234 → "1,234", 12345678 → "1,23,45,678". */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest},${lastThree}`;
}

/**
 * Paise → "₹1,234.50" for every amount the back office shows: always two decimals, Indian digit
 * grouping (₹1,00,000.00 is one lakh), a leading "-" for negatives. Empty for a missing value; an
 * unreadable value is shown as it came rather than hidden.
 */
export function formatPaise(paise: string | number | bigint | null | undefined): string {
  if (paise === null || paise === undefined || paise === '') return '';
  const text = typeof paise === 'number' && !Number.isSafeInteger(paise) ? '' : String(paise).trim();
  if (!WHOLE_NUMBER.test(text)) return String(paise);
  const value = BigInt(text);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${sign}₹${groupIndian((abs / 100n).toString())}.${fraction}`;
}

/** The help circle's amounts come as rupee text ("5000.00"): shown like every amount, "₹5,000.00". */
export function formatRupees(rupees: unknown): string {
  if (rupees === null || rupees === undefined || rupees === '') return '';
  const paise = rupeesToPaise(String(rupees));
  return paise === null ? String(rupees) : formatPaise(paise);
}
