import { startTransition, useEffect, useRef, useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import type { LinkList } from '../api/types';

export type ListLoad<L extends LinkList = LinkList> = { state: 'loading' | 'ready' | 'failed'; list: L };

export const EMPTY_LIST: LinkList = { rows: [], serverDate: null };

/** Loads a link list once when the screen opens; a failure is only logged and leaves the list empty (spec §7, §8). */
export function useLinkList<L extends LinkList>(load: () => Promise<L>, what: string, empty: L): ListLoad<L> {
  const [state, setState] = useState<ListLoad<L>>({ state: 'loading', list: empty });
  // Callers recreate `load` each render; the list loads on open only, with the latest `load` and `empty`.
  const latest = useRef({ load, empty });
  useEffect(() => {
    latest.current = { load, empty };
  });
  useEffect(() => {
    let active = true;
    latest.current
      .load()
      .then((list) => {
        // A transition: the cards render in slices, not one long task (decision 0030).
        if (active) startTransition(() => setState({ state: 'ready', list }));
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
        if (active) setState({ state: 'failed', list: latest.current.empty });
      });
    return () => {
      active = false;
    };
  }, [what]);
  return state;
}
