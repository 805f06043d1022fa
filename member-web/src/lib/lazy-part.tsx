import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Fetches the part's code; resolves once it renders without suspending. */
  preload(): Promise<void>;
}

const registered: Array<() => Promise<void>> = [];

/**
 * A piece of a screen that its first paint does not need (a dialog, a menu's popup, the sections
 * below the fold), in its own chunk (decision 0030): the screen draws without it, and the part's
 * code is fetched when it first renders (or on `preload()`), drawing nothing meanwhile. Once the
 * code is in, the part renders directly, without a Suspense boundary, as app/lazy-page.tsx does for
 * pages. The choice is made once per mounted part, never switched under it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk (offline) may be fetched again on the next render
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Part(props: P) {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Part.preload = preload;
  registered.push(preload);
  return Part;
}

/**
 * Loads the code of every lazy part defined so far (the component tests draw whole screens and
 * look at them at once; app/routes.tsx's preloadAllPages calls it once every page is loaded).
 */
export async function preloadAllParts(): Promise<void> {
  await Promise.all(registered.map((preload) => preload()));
}
