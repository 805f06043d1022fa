import { getSession } from './session';

export { showingLastFigures } from './connection';

/**
 * The member's last figures (issue 20 "offline-tolerant"): a screen's last good answer, kept on
 * this device with the time it came, so a returning member's screen draws at once from it and then
 * refreshes, and a failed or offline read shows the last figures marked with their time instead of
 * nothing. Kept in localStorage under the member's id (sign-out clears localStorage, session.ts);
 * answers over MAX_BYTES are not kept. A screen showing such figures says so with
 * `showingLastFigures` (lib/connection.ts), and the banner names their time.
 */
const PREFIX = 'sahyog.last:';
const MAX_BYTES = 64 * 1024;

export interface Kept<T> {
  value: T;
  /** When the server gave it (ms since the epoch, the device's clock). */
  at: number;
}

const keyOf = (what: string) => `${PREFIX}${getSession().userId}:${what}`;

export function readLastFigures<T>(what: string): Kept<T> | undefined {
  try {
    if (!getSession().userId) return undefined;
    const raw = window.localStorage.getItem(keyOf(what));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<Kept<T>>;
    return typeof parsed.at === 'number' && parsed.value !== undefined
      ? { value: parsed.value, at: parsed.at }
      : undefined;
  } catch {
    return undefined;
  }
}

export function keepLastFigures<T>(what: string, value: T, at = Date.now()): void {
  try {
    if (!getSession().userId) return;
    const raw = JSON.stringify({ value, at });
    if (raw.length > MAX_BYTES) window.localStorage.removeItem(keyOf(what));
    else window.localStorage.setItem(keyOf(what), raw);
  } catch {
    // Storage full or refused: the screen still works, only without last figures next time.
  }
}
