import ifsc from 'ifsc';
import bankNames from 'ifsc/src/banknames.json';
import { IFSC_PATTERN } from '../domain/id-numbers';

/** Whether the IFSC exists, from Razorpay's `ifsc` data package (RBI's list, bundled: no network). */
export const ifscExists = (code: string): boolean => IFSC_PATTERN.test(code) && ifsc.validate(code);

const NAMES: Readonly<Record<string, string>> = bankNames;

/** The bank an IFSC's first four letters name, from the same package ('' when it has none). */
export const bankNameOf = (code: string): string => NAMES[code.slice(0, 4)] ?? '';
