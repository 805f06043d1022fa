import { QueryClient } from '@tanstack/react-query';

/** Reads retried on a 503 (the server cannot reach its database or Redis) at the most, before the error is shown. */
export const UNAVAILABLE_RETRIES = 3;

/**
 * Whether a failed read is tried again: only a 503 SERVICE.UNAVAILABLE (a dependency of the server is
 * away for a moment), a few times with a growing pause; any other error is shown at once, and no
 * error ends the session but a 401 (authProvider.checkError).
 */
export function retryUnavailable(failureCount: number, error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 503 && failureCount < UNAVAILABLE_RETRIES;
}

export const unavailableRetryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 8000);

/** A query client for react-admin (one per mounted app): react-query's, with the 503 retry above for reads (writes are never re-sent on their own). */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: { queries: { retry: retryUnavailable, retryDelay: unavailableRetryDelay } },
  });
