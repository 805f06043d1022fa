import { apiClient } from '../../../lib/api-client';

export interface QueueSide {
  count: number;
  amountRupees: string;
}

export interface NetworkHealth {
  ph: QueueSide;
  gh: QueueSide;
  /** Share of the PH demand matched over the last 7 days, 0..1 (the server's `ratePercent` ÷ 100); null when absent. */
  matchingRate7d: number | null;
}

function side(value: unknown): QueueSide | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { count?: unknown; amountRupees?: unknown };
  const count = Number(v.count);
  if (!Number.isFinite(count) || v.amountRupees === undefined || v.amountRupees === null) return null;
  return { count, amountRupees: String(v.amountRupees) };
}

/**
 * GET /api/network-health (public): `{ queues: { PH: { count, amountRupees }, GH: {…} },
 * last7Days: { links, amountRupees, ratePercent }, asOf }`, or null when unreadable.
 */
export async function fetchNetworkHealth(): Promise<NetworkHealth | null> {
  const response = await apiClient.get<unknown>('/network-health');
  if (response.status !== 200 || typeof response.data !== 'object' || response.data === null) return null;
  const body = response.data as { queues?: { PH?: unknown; GH?: unknown }; last7Days?: { ratePercent?: unknown } };
  const ph = side(body.queues?.PH);
  const gh = side(body.queues?.GH);
  if (!ph || !gh) return null;
  const raw = body.last7Days?.ratePercent;
  const rate = Number(raw);
  const known = raw !== null && raw !== undefined && raw !== '' && Number.isFinite(rate);
  return { ph, gh, matchingRate7d: known ? rate / 100 : null };
}
