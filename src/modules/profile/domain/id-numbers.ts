/**
 * Indian identity and bank numbers, checked by their published formats: PAN (Income Tax
 * Department: 5 letters — the 4th names the holder's kind —, 4 digits, a letter), Aadhaar
 * (UIDAI: 12 digits, not starting with 0 or 1, the last a Verhoeff check digit) and IFSC (RBI:
 * 4 letters of the bank, 0, 6 letters or digits of the branch). Whether an IFSC really exists is
 * the `ifsc` data package's answer (ifsc/ifsc-codes.ts).
 */

/** The 4th letter of a PAN is the holder's kind: P person, C company, H HUF, F firm, A AOP, T trust, B BOI, L local authority, J artificial juridical person, G government. */
export const PAN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const AADHAAR_PATTERN = /^[2-9]\d{11}$/;

// Verhoeff's dihedral group D5: multiplication (D), permutation (P) and inverse (INV) tables.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** Verhoeff's running check over `digits` read right to left, the first at permutation `shift`. */
function verhoeff(digits: string, shift: number): number {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c][P[(i + shift) % 8][Number(reversed[i])]];
  return c;
}

/** True when the digits (check digit last) pass Verhoeff's check. */
export const verhoeffValid = (digits: string): boolean => /^\d+$/.test(digits) && verhoeff(digits, 0) === 0;

/** The Verhoeff check digit to append to `digits`. */
export const verhoeffDigit = (digits: string): string => String(INV[verhoeff(digits, 1)]);

export const isAadhaar = (value: string): boolean => AADHAAR_PATTERN.test(value) && verhoeffValid(value);
export const isPan = (value: string): boolean => PAN_PATTERN.test(value);

/** `XXXXXXXX1234`: only the last 4 digits of an Aadhaar number show (UIDAI's masked form). */
export const maskAadhaar = (aadhaar: string): string => 'X'.repeat(Math.max(0, aadhaar.length - 4)) + aadhaar.slice(-4);
/** `XXXXX1234X`: a PAN's holder letters hidden, its serial and check letter shown. */
export const maskPan = (pan: string): string => (pan.length === 10 ? `XXXXX${pan.slice(5)}` : 'X'.repeat(pan.length));
/** An account number with all but its last 4 digits hidden (lists and link copies never need more). */
export const maskAccount = (account: string): string =>
  account.length <= 4 ? account : 'X'.repeat(account.length - 4) + account.slice(-4);
