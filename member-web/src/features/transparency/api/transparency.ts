import { apiClient } from '../../../lib/api-client';

export interface PublicKey {
  keyId: string;
  publicKeyPem: string;
  keys: Array<{ keyId: string; publicKeyPem: string; current: boolean }>;
}

export interface Health {
  queues: { PH: { count: number; amountRupees: string }; GH: { count: number; amountRupees: string } };
  last7Days: { links: number; amountRupees: string; ratePercent: number | null };
  asOf: string;
}

/** The public evidence, each part null when its call did not answer (a tree head not signed yet is 404). */
export interface Evidence {
  key: PublicKey | null;
  treeHead: Record<string, unknown> | null;
  digest: Record<string, unknown> | null;
  health: Health | null;
}

const json = async <T>(path: string): Promise<T | null> => {
  const response = await apiClient.get<unknown>(path);
  return response.status === 200 && typeof response.data === 'object' && response.data !== null
    ? (response.data as T)
    : null;
};

/**
 * GET /api/ledger/public-key, /api/ledger/tree-head, /api/ledger/digest and /api/network-health,
 * all without a login. Throws only when none answered (the server is away).
 */
export async function fetchEvidence(): Promise<Evidence> {
  const settled = await Promise.allSettled([
    json<PublicKey>('/ledger/public-key'),
    json<Record<string, unknown>>('/ledger/tree-head'),
    json<Record<string, unknown>>('/ledger/digest'),
    json<Health>('/network-health'),
  ]);
  if (settled.every((s) => s.status === 'rejected')) throw new Error('unreachable');
  const [key, treeHead, digest, health] = settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
  return {
    key: key as PublicKey | null,
    treeHead: treeHead as Record<string, unknown> | null,
    digest: digest as Record<string, unknown> | null,
    health: health as Health | null,
  };
}
