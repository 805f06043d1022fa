import { useEffect, useState } from 'react';

/** The header turns solid once the page has scrolled past this many pixels (spec §9). */
export const STICKY_HEADER_OFFSET_PX = 50;

export function useScrolledPast(offset = STICKY_HEADER_OFFSET_PX): boolean {
  const [scrolled, setScrolled] = useState(() => window.scrollY > offset);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > offset);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return scrolled;
}
