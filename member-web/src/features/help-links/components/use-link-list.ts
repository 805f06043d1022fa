import { useEffect, useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import type { LinkList } from '../api/types';

export type ListLoad<L extends LinkList = LinkList> = { state: 'loading' | 'ready' | 'failed'; list: L };

export const EMPTY_LIST: LinkList = { rows: [], serverDate: null };

/** Loads a link list once when the screen opens; a failure is only logged and leaves the list empty (spec §7, §8). */
export function useLinkList<L extends LinkList>(load: () => Promise<L>, what: string, empty: L): ListLoad<L> {
  const [state, setState] = useState<ListLoad<L>>({ state: 'loading', list: empty });
  useEffect(() => {
    let active = true;
    load()
      .then((list) => {
        if (active) setState({ state: 'ready', list });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
        if (active) setState({ state: 'failed', list: empty });
      });
    return () => {
      active = false;
    };
    // `load` is recreated each render by callers; the list loads on open only.
  }, [what]);
  return state;
}
