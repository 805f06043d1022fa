import { useEffect, useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import type { LinkList } from '../api/types';

export type ListLoad = { state: 'loading' | 'ready' | 'failed'; list: LinkList };

const EMPTY: LinkList = { rows: [], serverDate: null };

/** Loads a link list once when the screen opens; a failure is only logged and leaves the list empty (spec §7, §8). */
export function useLinkList(load: () => Promise<LinkList>, what: string): ListLoad {
  const [state, setState] = useState<ListLoad>({ state: 'loading', list: EMPTY });
  useEffect(() => {
    let active = true;
    load()
      .then((list) => {
        if (active) setState({ state: 'ready', list });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
        if (active) setState({ state: 'failed', list: EMPTY });
      });
    return () => {
      active = false;
    };
    // `load` is recreated each render by callers; the list loads on open only.
  }, [what]);
  return state;
}
