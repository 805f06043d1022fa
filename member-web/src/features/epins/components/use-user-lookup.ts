import { serverText } from '../../../lib/notify';
import { useEffect, useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import { lookUpUser } from '../api/check-sponsorid';

export const LOOKUP_PAUSE_MS = 250;

export type LookupState =
  { state: 'idle' } | { state: 'checking' } | { state: 'found'; name: string } | { state: 'missing'; text: string };

/**
 * Looks a member id up via check_sponsorid once typing pauses; only the newest answer counts.
 * An empty id is idle (the name is cleared). A rate-limited or malformed answer shows the server's text.
 */
export function useUserLookup(uid: string, notFoundText: string): LookupState {
  const [lookup, setLookup] = useState<LookupState>({ state: 'idle' });
  useEffect(() => {
    if (uid === '') {
      setLookup({ state: 'idle' });
      return undefined;
    }
    let current = true;
    setLookup({ state: 'checking' });
    const timer = window.setTimeout(() => {
      lookUpUser(uid)
        .then((answer) => {
          if (!current) return;
          if (answer.found) setLookup({ state: 'found', name: answer.name });
          else
            setLookup({
              state: 'missing',
              text: answer.status === 200 || answer.result === '' ? notFoundText : answer.result,
            });
        })
        .catch((error: unknown) => {
          if (!(error instanceof ForcedLogoutError)) console.error('user look-up failed', error);
          if (current) setLookup({ state: 'missing', text: notFoundText });
        });
    }, LOOKUP_PAUSE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [uid, notFoundText]);
  return lookup;
}

/** The read-only name field's text for a look-up state. */
export function lookupText(lookup: LookupState): string {
  if (lookup.state === 'found') return lookup.name;
  // The server's refusal (e.g. too many look-ups) in the member's language.
  if (lookup.state === 'missing') return serverText(lookup.text);
  return '';
}
