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
