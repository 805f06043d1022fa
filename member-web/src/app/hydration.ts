/**
 * How main.tsx starts React on the page the server sent (decision 0021).
 *
 * - No prerendered markup (every route but `/` and `/login`): render at once.
 * - Prerendered in another language than the device's (a Hindi device without the language cookie
 *   yet, see lib/i18n.ts): render anew; hydrating would meet mismatching text.
 * - `/login` prerendered in the device's language: hydrate once the page has been painted.
 * - `/` (the landing page): hydrate at the visitor's first interaction. Until then it is the
 *   prerendered page: its links are plain links (Home/About/Platform are anchors on the page,
 *   Login/Register and Join open their prerendered or routed pages), so nothing a visitor reads or
 *   follows waits for React; only the tabs, the language switch and the header's scroll colour need
 *   it, and the first press of any of them starts the hydration. React hydrates the pressed control
 *   synchronously and then delivers the click (it replays discrete events that reach markup still
 *   being hydrated), so no press is lost.
 */
export interface HydrationPlan {
  /** hydrateRoot (true) or createRoot (false). */
  hydrate: boolean;
  /** Resolves when React may start. */
  ready: Promise<void>;
  /** Whether `ready` is the visitor's first interaction (React must then hydrate inside that event). */
  onInteraction: boolean;
}

/** Pages whose prerendered markup is hydrated at the first interaction rather than at once. */
export const HYDRATE_ON_INTERACTION: readonly string[] = ['/'];

/** Events that come before any press, tap, key or scroll-wheel turn, in the capture phase. */
export const FIRST_INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

/** Resolves once the browser has painted the current frame (a task queued from rAF runs after the paint). */
export const afterPaint = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves at the first of FIRST_INTERACTION_EVENTS on the window. */
export function firstInteraction(target: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const start = () => {
      for (const type of FIRST_INTERACTION_EVENTS) target.removeEventListener(type, start, true);
      resolve();
    };
    for (const type of FIRST_INTERACTION_EVENTS) target.addEventListener(type, start, { capture: true, passive: true });
  });
}

export function hydrationPlan(page: {
  pathname: string;
  /** The language the container's markup was prerendered in (`data-language`); undefined when it is empty. */
  prerenderedIn: string | undefined;
  /** The device's language. */
  language: string;
}): HydrationPlan {
  if (page.prerenderedIn === undefined || page.prerenderedIn !== page.language)
    return { hydrate: false, ready: Promise.resolve(), onInteraction: false };
  const onInteraction = HYDRATE_ON_INTERACTION.includes(page.pathname);
  return { hydrate: true, ready: onInteraction ? firstInteraction() : afterPaint(), onInteraction };
}
