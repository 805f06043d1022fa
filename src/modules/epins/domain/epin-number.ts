import { randomInt } from 'node:crypto';

/** 32 symbols with no 0/O or 1/I, so a number read aloud or copied by hand stays right. */
export const EPIN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const EPIN_LENGTH = 12;
export const EPIN_PATTERN = new RegExp(`^[${EPIN_ALPHABET}]{${EPIN_LENGTH}}$`);

export function newEpinNumber(): string {
  let number = '';
  for (let i = 0; i < EPIN_LENGTH; i++) number += EPIN_ALPHABET[randomInt(EPIN_ALPHABET.length)];
  return number;
}
