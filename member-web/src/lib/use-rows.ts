import { useCallback, useEffect, useRef, useState } from 'react';
import { ForcedLogoutError } from './api-client';

export type RowsLoad<T> =
  { state: 'loading'; rows: T[] } | { state: 'ready'; rows: T[] } | { state: 'failed'; rows: T[] };

/**
 * Loads a list once when the screen opens (spec §7: "All lists load once on screen open").
 * A failure is only logged (spec §8) and leaves an empty list; `reload` fetches again.
 */
export function useRows<T>(load: () => Promise<T[]>, what: string): { load: RowsLoad<T>; reload: () => void } {
  const [state, setState] = useState<RowsLoad<T>>({ state: 'loading', rows: [] });
  const [attempt, setAttempt] = useState(0);
  // Callers recreate `load` each render; the list loads on open and on reload only, with the latest `load`.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    let active = true;
    setState((prev) => ({ state: 'loading', rows: prev.rows }));
    latestLoad
      .current()
      .then((rows) => {
        if (active) setState({ state: 'ready', rows });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
        if (active) setState({ state: 'failed', rows: [] });
      });
    return () => {
      active = false;
    };
  }, [attempt, what]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { load: state, reload };
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
