import { i18n } from './i18n';

// The refusals' texts (namespace `forms`, loaded with every page: app/lazy-page.tsx), also when a form is used outside a page.
void i18n.loadNamespaces('forms');

/**
 * What a form field takes, checked as the member types or pastes (issue 20: nothing is changed
 * silently). A change that breaks its field's rule is not taken at all — the field keeps what it
 * had, and says why — so a paste is never cut short nor has characters quietly removed.
 *
 * Letters are letters of any script: Devanagari needs its vowel signs and viramas (Unicode marks)
 * and ZWJ/ZWNJ (U+200D, U+200C) to write conjuncts (decision 0041; the server checks the same).
 */
export type InputRule = 'digits' | 'letters' | 'text';
export type InputRefusal = 'digits' | 'letters' | 'tooLong' | 'notAllowed';

const ALLOWED: Readonly<Record<InputRule, RegExp>> = {
  digits: /^\d*$/,
  letters: /^(?:[\p{L}\p{M} ]|\u200C|\u200D)*$/u,
  text: /^[^\n\r]*$/,
};

/** Why `value` may not stand in a field of this rule and length, or null when it may. */
export function refusalOf(value: string, rule: InputRule, maxLength: number): InputRefusal | null {
  if (!ALLOWED[rule].test(value)) return rule === 'letters' ? 'letters' : 'digits';
  if (value.length > maxLength) return 'tooLong';
  return null;
}

/** The refusal said in the member's language (namespace `forms`, keys `input.*`, loaded with every page: app/lazy-page.tsx). */
export function refusalText(refusal: InputRefusal, maxLength: number): string {
  return i18n.t(`input.${refusal}`, { ns: 'forms', max: maxLength });
}

/** Letters of any script and spaces (the spec's "letters and spaces only"). */
export const isLettersAndSpaces = (value: string): boolean => ALLOWED.letters.test(value);

/** A UPI ID (`name@bank`, at most 50 characters; the server's rule). */
export const UPI_ID_MAX_LENGTH = 50;
const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*@[A-Za-z][A-Za-z0-9]*$/;
export const isUpiId = (value: string): boolean => value.length <= UPI_ID_MAX_LENGTH && UPI_ID.test(value);
/** The spec's UPI number is at most 12 characters; a value with an `@` is a UPI ID instead. */
export const UPI_NUMBER_MAX_LENGTH = 12;
export type UpiProblem = 'upiIdInvalid' | 'upiTooLong' | null;
export function upiProblem(value: string): UpiProblem {
  if (value.includes('@')) return isUpiId(value) ? null : 'upiIdInvalid';
  return value.length > UPI_NUMBER_MAX_LENGTH ? 'upiTooLong' : null;
}

/** Whole rupees only: digits, no '.', no sign, no separators (issue 20: "12.5" is never sent as 125). */
export type AmountProblem = 'required' | 'notWhole' | null;
export function amountProblem(value: string): AmountProblem {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return /^\d+$/.test(trimmed) ? null : 'notWhole';
}
