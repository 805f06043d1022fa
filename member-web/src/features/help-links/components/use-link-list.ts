import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import { isOnline, subscribeConnection } from '../../../lib/connection';
import type { LinkList } from '../api/types';

export type ListLoad<L extends LinkList = LinkList> = { state: 'loading' | 'ready' | 'failed'; list: L };

export const EMPTY_LIST: LinkList = { rows: [], serverDate: null };

/**
 * Loads a link list once when the screen opens (spec §7); a failure is only logged (spec §8) and
 * leaves the state 'failed' (the screen says so, with `reload`), and the list is read again by
 * itself when the connection comes back (lib/connection.ts, issue 20).
 */
export function useLinkList<L extends LinkList>(
  load: () => Promise<L>,
  what: string,
  empty: L,
): ListLoad<L> & { reload: () => void } {
  const [state, setState] = useState<ListLoad<L>>({ state: 'loading', list: empty });
  const [attempt, setAttempt] = useState(0);
  // Callers recreate `load` each render; the list loads on open only, with the latest `load` and `empty`.
  const latest = useRef({ load, empty });
  const failed = useRef(false);
  useEffect(() => {
    latest.current = { load, empty };
  });
  useEffect(
    () =>
      subscribeConnection(() => {
        if (failed.current && isOnline()) setAttempt((n) => n + 1);
      }),
    [],
  );
  useEffect(() => {
    let active = true;
    failed.current = false;
    if (attempt > 0) setState((current) => ({ ...current, state: 'loading' }));
    latest.current
      .load()
      .then((list) => {
        // A transition: the cards render in slices, not one long task (decision 0030).
        if (active) startTransition(() => setState({ state: 'ready', list }));
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
        if (!active) return;
        failed.current = true;
        setState({ state: 'failed', list: latest.current.empty });
      });
    return () => {
      active = false;
    };
  }, [what, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
