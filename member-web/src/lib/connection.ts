import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the API (issue 20 "offline-tolerant"). Offline when the browser says
 * so (navigator.onLine false) or when a call just failed without any answer (a network error: the
 * phone's radio may report "online" with no route out); online again at the browser's `online`
 * event or the next call that gets any answer. Screens re-read what failed when it comes back
 * (lib/use-rows.ts), so the app recovers by itself.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let unreachable = false;
/** A submit was refused while offline (the banner then says why); cleared when the connection returns. */
let refused = false;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function isOnline(): boolean {
  return browserOnline() && !unreachable;
}

function emit(): void {
  if (isOnline()) refused = false;
  if (typeof document !== 'undefined') {
    // Every form's submit button is dimmed while offline (the banner's global style).
    if (isOnline()) delete document.documentElement.dataset.offline;
    else document.documentElement.dataset.offline = '';
  }
  for (const listener of listeners) listener();
}

/**
 * main.tsx, once: while offline a form's submit is refused before the screen sees it (nothing is
 * sent, the form keeps its fields) and the banner says why.
 */
export function refuseSubmitsWhileOffline(): void {
  document.addEventListener(
    'submit',
    (event) => {
      if (isOnline()) return;
      event.preventDefault();
      event.stopPropagation();
      refused = true;
      emit();
    },
    true,
  );
}

export function submitRefused(): boolean {
  return refused;
}

/** A call got an answer (any status): the API is reachable. */
export function noteReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  emit();
}

/** A call failed without an answer. */
export function noteUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    unreachable = false;
    emit();
  });
  window.addEventListener('offline', emit);
}

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a submit was refused while offline, as a React value. */
export function useSubmitRefused(): boolean {
  return useSyncExternalStore(subscribeConnection, submitRefused, () => false);
}

/** The connection as a React value; a prerendered page is drawn online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOnline, () => true);
}

// The figures on show that are not fresh (lib/last-figures.ts): the banner names the oldest one's time.
const onShow = new Map<symbol, number>();
let oldest: number | null = null;

function changed(): void {
  oldest = onShow.size ? Math.min(...onShow.values()) : null;
  emit();
}

/** A screen shows figures from `at` (not fresh); returns the call that says it no longer does. */
export function showingLastFigures(at: number): () => void {
  const id = Symbol('last figures');
  onShow.set(id, at);
  changed();
  return () => {
    if (onShow.delete(id)) changed();
  };
}

/** The time of the oldest figures on show that are not fresh, or null when all are. */
export function useOldestShownFigures(): number | null {
  return useSyncExternalStore(
    subscribeConnection,
    () => oldest,
    () => null,
  );
}
