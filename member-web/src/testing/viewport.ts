import { vi } from 'vitest';

/**
 * jsdom has no layout and no `matchMedia`; MUI's useMediaQuery then reports "no match", i.e. a wide
 * screen. This stands in a viewport `width` px wide for `(min-width…)` / `(max-width…)` queries.
 */
export function mockViewportWidth(width: number) {
  const matches = (query: string) =>
    query
      .split(/\band\b/)
      .map((part) => part.trim())
      .every((part) => {
        const min = /min-width:\s*([\d.]+)px/.exec(part);
        if (min) return width >= Number(min[1]);
        const max = /max-width:\s*([\d.]+)px/.exec(part);
        if (max) return width <= Number(max[1]);
        return true;
      });
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    })),
  );
  return () => vi.unstubAllGlobals();
}
