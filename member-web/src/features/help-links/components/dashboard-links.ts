import { startTransition, useCallback, useEffect, useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import { fetchGhList } from '../api/gh-list';
import { fetchPhList, type PhLogs } from '../api/ph-list';
import type { LinkList } from '../api/types';
import { EMPTY_LIST, type ListLoad } from './use-link-list';

export const EMPTY_PH_LOGS: PhLogs = { ...EMPTY_LIST, ed: '', sd: '' };

export interface DashboardLinks {
  ph: ListLoad<PhLogs>;
  gh: ListLoad<LinkList>;
  /** Loads both lists again (the "needs you" panel's Retry). */
  reload: () => void;
}

/**
 * The dashboard's open help links, PhList and GhList, loaded once when it opens and shared by the
 * "needs you now" panel at the top and the PH / GH logs below (one call each, not two). A failure
 * is logged and leaves that list `failed` and empty.
 */
export function useDashboardLinks(): DashboardLinks {
  const [ph, setPh] = useState<ListLoad<PhLogs>>({ state: 'loading', list: EMPTY_PH_LOGS });
  const [gh, setGh] = useState<ListLoad<LinkList>>({ state: 'loading', list: EMPTY_LIST });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    function load<L extends LinkList>(
      fetchList: () => Promise<L>,
      set: (load: ListLoad<L>) => void,
      empty: L,
      what: string,
    ) {
      fetchList()
        .then((list) => {
          // A transition: the cards render in slices, not one long task (decision 0030).
          if (active) startTransition(() => set({ state: 'ready', list }));
        })
        .catch((error: unknown) => {
          if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
          if (active) set({ state: 'failed', list: empty });
        });
    }
    if (attempt > 0) {
      setPh({ state: 'loading', list: EMPTY_PH_LOGS });
      setGh({ state: 'loading', list: EMPTY_LIST });
    }
    load(fetchPhList, setPh, EMPTY_PH_LOGS, 'PH logs');
    load(fetchGhList, setGh, EMPTY_LIST, 'GH logs');
    return () => {
      active = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ph, gh, reload };
}
