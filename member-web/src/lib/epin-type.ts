/**
 * E-pin types (spec §3, §9): the wire values and the amounts members see. EpintypeB is the 299
 * e-pin, EpintypeA the 1000 e-pin. The one place this mapping lives.
 */
export type EpinType = 'EpintypeA' | 'EpintypeB';

/** In the order the screens offer them (299 first). */
export const EPIN_TYPES: ReadonlyArray<{ value: EpinType; label: string }> = [
  { value: 'EpintypeB', label: '299' },
  { value: 'EpintypeA', label: '1000' },
];

export function isEpinType(value: unknown): value is EpinType {
  return value === 'EpintypeA' || value === 'EpintypeB';
}

/**
 * The amount shown for a wire value: '299' or '1000'. Anything else is not a known type and
 * gets `fallback` (by default the value as sent, so an unexpected value is visible, not disguised).
 */
export function epinTypeLabel(value: string, fallback: string = value): string {
  const known = EPIN_TYPES.find((type) => type.value === value);
  return known ? known.label : fallback;
}
