import { useCallback, useEffect, useRef, useState } from 'react';
import { ForcedLogoutError } from './api-client';
import { isOnline, subscribeConnection } from './connection';

export type RowsLoad<T> =
  { state: 'loading'; rows: T[] } | { state: 'ready'; rows: T[] } | { state: 'failed'; rows: T[] };

/** How a screen's read moves its state: while loading, with the answer, after a failure. */
export interface LoadSteps<T, S> {
  initial: S;
  loading: (previous: S) => S;
  ready: (value: T) => S;
  failed: S;
}

/**
 * Reads once when the screen opens, again when `key` changes and on `reload`, with the latest
 * `load` (callers recreate it each render). A failure is only logged (spec §8); a forced logout
 * is not even logged (the member is already on their way to /login). A read that failed is made
 * again by itself when the connection comes back (lib/connection.ts, issue 20).
 */
export function useLoadOnOpen<T, S>(
  load: () => Promise<T>,
  key: string,
  what: string,
  steps: LoadSteps<T, S>,
): { load: S; reload: () => void } {
  const [state, setState] = useState<S>(steps.initial);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ load, steps });
  const failed = useRef(false);
  useEffect(
    () =>
      subscribeConnection(() => {
        if (failed.current && isOnline()) setAttempt((n) => n + 1);
      }),
    [],
  );
  useEffect(() => {
    latest.current = { load, steps };
  });
  useEffect(() => {
    let active = true;
    const { load: read, steps: on } = latest.current;
    failed.current = false;
    setState((previous) => on.loading(previous));
    read()
      .then((value) => {
        if (active) setState(on.ready(value));
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
        if (!active) return;
        failed.current = true;
        setState(on.failed);
      });
    return () => {
      active = false;
    };
  }, [key, attempt, what]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { load: state, reload };
}

/**
 * Loads a list once when the screen opens (spec §7: "All lists load once on screen open").
 * A failure is only logged (spec §8) and leaves the state 'failed' (the table says the list could
 * not load, with a retry, never "No Data Found"); `reload` fetches again.
 */
export function useRows<T>(load: () => Promise<T[]>, what: string): { load: RowsLoad<T>; reload: () => void } {
  return useLoadOnOpen<T[], RowsLoad<T>>(load, '', what, {
    initial: { state: 'loading', rows: [] },
    loading: (previous) => ({ state: 'loading', rows: previous.rows }),
    ready: (rows) => ({ state: 'ready', rows }),
    failed: { state: 'failed', rows: [] },
  });
}

/** The contract's list answer is `[ rows ]` (an array whose first element is the row list); a flat list is accepted too. */
export function rowsOf(body: unknown): Record<string, unknown>[] {
  if (!Array.isArray(body)) return [];
  const list: unknown[] = Array.isArray(body[0]) ? (body[0] as unknown[]) : body;
  return list.filter(
    (row): row is Record<string, unknown> => typeof row === 'object' && row !== null && !Array.isArray(row),
  );
}

/** A field of a row as display text ('' when absent). */
export function text(row: Record<string, unknown>, field: string): string {
  const value = row[field];
  return value === undefined || value === null ? '' : String(value);
}
