import { useCallback, useEffect, useRef, useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import type { HelpLink } from '../api/types';

export type DetailLoad =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; link: HelpLink };

/** Loads one link when the screen opens; `reload` asks again. */
export function useLinkDetail(load: (id: string) => Promise<HelpLink | null>, id: string, what: string) {
  const [state, setState] = useState<DetailLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Callers may recreate `load`; the link loads on open, on a new id and on reload, with the latest `load`.
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    let active = true;
    setState({ state: 'loading' });
    latestLoad
      .current(id)
      .then((link) => {
        if (active) setState(link ? { state: 'ready', link } : { state: 'missing' });
      })
      .catch((error: unknown) => {
        if (!(error instanceof ForcedLogoutError)) console.error(`${what} failed`, error);
        if (active) setState({ state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [id, attempt, what]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { load: state, reload };
}

/** Spec §9: PH/GH update success redirects after 1 s. */
export const REDIRECT_AFTER_MS = 1000;

/** Runs `fn` once after `ms`; the timer is cleared if the screen goes away first. */
export function useLater() {
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  return useCallback((fn: () => void, ms: number) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ms);
  }, []);
}
