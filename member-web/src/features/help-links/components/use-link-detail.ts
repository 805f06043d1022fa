import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ForcedLogoutError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLoadOnOpen } from '../../../lib/use-rows';
import type { HelpLink } from '../api/types';

export type DetailLoad =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; link: HelpLink };

/** Loads one link when the screen opens (and for a new id); `reload` asks again. */
export function useLinkDetail(load: (id: string) => Promise<HelpLink | null>, id: string, what: string) {
  return useLoadOnOpen<HelpLink | null, DetailLoad>(() => load(id), id, what, {
    initial: { state: 'loading' },
    loading: () => ({ state: 'loading' }),
    ready: (link) => (link ? { state: 'ready', link } : { state: 'missing' }),
    failed: { state: 'failed' },
  });
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

/**
 * Sends one decision on a link: on success the answer's text and /dashboard after 1 s (the screen
 * stays busy until then); otherwise the server's reason, or `failedText`. A forced logout says
 * nothing (the member is on the way to /login). Resolves to whether it was done.
 */
export function useLinkAction(failedText: string) {
  const navigate = useNavigate();
  const later = useLater();
  return useCallback(
    async (what: string, call: () => Promise<{ ok: boolean; message: string }>): Promise<boolean> => {
      try {
        const answer = await call();
        if (answer.ok) {
          notifySuccess(answer.message);
          later(() => navigate('/dashboard'), REDIRECT_AFTER_MS);
          return true;
        }
        notifyError(answer.message || failedText);
      } catch (error) {
        if (!(error instanceof ForcedLogoutError)) {
          console.error(`${what} failed`, error);
          notifyError(failedText);
        }
      }
      return false;
    },
    [navigate, later, failedText],
  );
}
