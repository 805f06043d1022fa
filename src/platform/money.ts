/** Money is integer paise (bigint) end to end; rupees and dollars exist only at the edge. */
export const PAISE_PER_RUPEE = 100n;

/** "1234.50" style rupee text for the member contract. */
export function formatRupees(amountPaise: bigint): string {
  const negative = amountPaise < 0n;
  const abs = negative ? -amountPaise : amountPaise;
  const rupees = abs / PAISE_PER_RUPEE;
  const paise = (abs % PAISE_PER_RUPEE).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${rupees}.${paise}`;
}

export function rupeesToPaise(rupees: bigint): bigint {
  return rupees * PAISE_PER_RUPEE;
}

export interface Posting {
  account: string;
  /** Signed paise as a decimal string (JSON has no bigint). */
  amountPaise: string;
}

export function postingsBalance(postings: readonly Posting[]): bigint {
  return postings.reduce((sum, p) => sum + BigInt(p.amountPaise), 0n);
}

/**
 * Paise → dollars (USDT) text with two decimals at a rupees-per-USDT rate written as "90" or
 * "88.50", half up: the display the spec's USD toggle and `$` columns use.
 */
export function formatUsd(amountPaise: bigint, usdtRateInr: string): string {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(usdtRateInr);
  if (!m) throw new Error(`bad usdt rate ${usdtRateInr}`);
  const ratePaise = BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  const cents = (amountPaise * 100n * 2n + ratePaise) / (2n * ratePaise);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
