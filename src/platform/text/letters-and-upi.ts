/**
 * Two input rules shared by registration and the profile (issue 20, decision 0041).
 *
 * Names, cities, states, districts and nominees are "letters and spaces" as the spec says, but
 * letters of any script: a Hindi reader types Devanagari, whose conjuncts need their vowel signs and
 * viramas (Unicode marks, `\p{M}`) and sometimes ZWJ/ZWNJ (U+200D, U+200C) to be written at all.
 * The first character is a letter, so a value is never only marks, joiners or spaces.
 */
const LETTERS_OF_ANY_SCRIPT = /^\p{L}(?:[\p{L}\p{M} ]|\u200C|\u200D)*$/u;

export function isLettersAndSpaces(text: string): boolean {
  return LETTERS_OF_ANY_SCRIPT.test(text);
}

/** The longest UPI ID taken (NPCI's virtual payment addresses are well under this). */
export const UPI_ID_MAX_LENGTH = 50;

/**
 * A UPI ID (virtual payment address) `name@bank`: a handle of letters, digits, dots, dashes and
 * underscores, an `@`, and the bank's handle (letters then letters or digits), at most 50 characters
 * in all (`ravi.kumar@okaxis`, `9876543210@ybl`).
 */
const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*@[A-Za-z][A-Za-z0-9]*$/;

export function isUpiId(text: string): boolean {
  return text.length <= UPI_ID_MAX_LENGTH && UPI_ID.test(text);
}

/** A value the member meant as a UPI ID (it has an `@`), checked by `isUpiId`, not by the UPI number's rule. */
export const looksLikeUpiId = (text: string): boolean => text.includes('@');
