import { apiClient } from '../../../lib/api-client';

export interface QueueSide {
  count: number;
  amountRupees: string;
}

export interface NetworkHealth {
  ph: QueueSide;
  gh: QueueSide;
  /** Share of queued amounts matched over the last 7 days, 0..1; null when the server gives none. */
  matchingRate7d: number | null;
}

function side(value: unknown): QueueSide | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { count?: unknown; amountRupees?: unknown };
  const count = Number(v.count);
  if (!Number.isFinite(count) || v.amountRupees === undefined || v.amountRupees === null) return null;
  return { count, amountRupees: String(v.amountRupees) };
}

/** GET /api/network-health (public): the PH and GH queue totals and the 7-day matching rate, or null when unreadable. */
export async function fetchNetworkHealth(): Promise<NetworkHealth | null> {
  const response = await apiClient.get<unknown>('/network-health');
  if (response.status !== 200 || typeof response.data !== 'object' || response.data === null) return null;
  const body = response.data as { ph?: unknown; gh?: unknown; matchingRate7d?: unknown };
  const ph = side(body.ph);
  const gh = side(body.gh);
  if (!ph || !gh) return null;
  const rate = Number(body.matchingRate7d);
  const known = body.matchingRate7d !== null && body.matchingRate7d !== undefined && Number.isFinite(rate);
  // A rate above 1 is read as a percentage already.
  return { ph, gh, matchingRate7d: known ? (rate > 1 ? rate / 100 : rate) : null };
}
