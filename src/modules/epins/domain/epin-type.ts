/** The two e-pin types of the business rules (₹1,000 and ₹299 by default; the prices are settings). */
export type EpinType = 'EpintypeA' | 'EpintypeB';
export const EPIN_TYPES: readonly EpinType[] = ['EpintypeA', 'EpintypeB'];

/** How member screens name a type: its own name, or the rupee label of the legacy pages. */
export const EPIN_TYPE_BY_LABEL: Readonly<Record<string, EpinType>> = {
  EpintypeA: 'EpintypeA',
  EpintypeB: 'EpintypeB',
  '1000': 'EpintypeA',
  '299': 'EpintypeB',
};
