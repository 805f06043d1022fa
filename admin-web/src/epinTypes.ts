import type { EpinType } from './dataProvider';

/** The two e-pin types by the price members know them by (₹299 = EpintypeB, ₹1000 = EpintypeA). */
export const EPIN_TYPES: readonly EpinType[] = ['EpintypeB', 'EpintypeA'];

export const EPIN_TYPE_CHOICES = EPIN_TYPES.map((type) => ({ id: type, name: `sahyog.epin_types.${type}` }));
