import { useSyncExternalStore } from 'react';
import type { DisplayCurrency } from './money';

/**
 * The display currency chosen on the dashboard, kept in memory for this visit (never stored), so
 * other screens such as Level Income show amounts in the same currency. Starts as INR.
 */
let current: DisplayCurrency = 'INR';
const listeners = new Set<() => void>();

export function getDisplayCurrency(): DisplayCurrency {
  return current;
}

export function setDisplayCurrency(next: DisplayCurrency): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDisplayCurrency(): DisplayCurrency {
  return useSyncExternalStore(subscribe, getDisplayCurrency, getDisplayCurrency);
}
