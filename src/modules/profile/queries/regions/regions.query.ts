import { getAllStates, getDistricts } from 'india-state-district';

/** getregion's `regiontype`s: the states (and union territories) of India, or one state's districts. */
export const REGION_TYPES = ['State', 'District'] as const;
export type RegionType = (typeof REGION_TYPES)[number];

export interface Region {
  id: string;
  name: string;
}

/**
 * The states and union territories of India and their districts, from the `india-state-district`
 * data package (36 states and UTs, every one with its districts): `id` is the state's code (`MH`),
 * a district's id its name. Names are trimmed (the data has a trailing space or two).
 */
const STATES: readonly Region[] = getAllStates().map((s) => ({ id: s.code, name: s.name.trim() }));
const DISTRICTS: ReadonlyMap<string, readonly Region[]> = new Map(
  STATES.map((s) => [s.id, getDistricts(s.id).map((d) => ({ id: d.trim(), name: d.trim() }))]),
);

/** `State` → every state (regionid is ignored: India); `District` → the districts of the state whose code is `regionid` ([] for another). */
export function regions(type: RegionType, regionid: string): readonly Region[] {
  return type === 'State' ? STATES : (DISTRICTS.get(regionid.toUpperCase()) ?? []);
}

/** Whether `name` is a state of the list, and `district` (when given) one of its districts: names the list spells its own way. */
export function isListedRegion(state: string, district?: string): boolean {
  const found = STATES.find((s) => s.name === state);
  if (!found) return false;
  return district === undefined || (DISTRICTS.get(found.id) ?? []).some((d) => d.name === district);
}
