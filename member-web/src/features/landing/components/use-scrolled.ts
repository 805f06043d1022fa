import { useEffect, useState } from 'react';

/** The header turns solid once the page has scrolled past this many pixels (spec §9). */
export const STICKY_HEADER_OFFSET_PX = 50;

/**
 * Starts unscrolled, as the prerendered page is drawn (no window at build time, and hydration must
 * find the same markup), and reads the real position once mounted.
 */
export function useScrolledPast(offset = STICKY_HEADER_OFFSET_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > offset);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return scrolled;
}
