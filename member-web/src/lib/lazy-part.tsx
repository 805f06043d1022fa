import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Fetches the part's code; resolves once it renders without suspending. */
  preload(): Promise<void>;
}

const registered: Array<() => Promise<void>> = [];

/**
 * A component in a chunk of its own, fetched when it first renders (or on `preload()`), showing
 * `fallback` meanwhile. Once the code is in, it renders directly, without a Suspense boundary, so a
 * prerendered page and the hydrating client draw the same tree. The choice is made once per mounted
 * component, never switched under it. Pages (app/lazy-page.tsx) and lazy parts are made with it.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): LazyPart<P> {
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
  function Deferred(props: P) {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Deferred.preload = preload;
  return Deferred;
}

/**
 * A piece of a screen that its first paint does not need (a dialog, a menu's popup, the sections
 * below the fold), in its own chunk (decision 0030): the screen draws without it (nothing meanwhile).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const part = lazyComponent(load, null);
  registered.push(part.preload);
  return part;
}

/**
 * Loads the code of every lazy part defined so far (the component tests draw whole screens and
 * look at them at once; app/routes.tsx's preloadAllPages calls it once every page is loaded).
 */
export async function preloadAllParts(): Promise<void> {
  await Promise.all(registered.map((preload) => preload()));
}
