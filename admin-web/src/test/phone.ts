import { vi } from 'vitest';

/**
 * Makes the window a phone for MUI's useMediaQuery: every `max-width` query matches (so
 * `breakpoints.down('sm')` is true) and every `min-width` one does not. Undo with vi.unstubAllGlobals().
 */
export function actAsPhone(): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
