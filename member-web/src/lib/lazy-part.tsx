import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { isOnline, subscribeConnection } from './connection';

export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Fetches the part's code; resolves once it renders without suspending. */
  preload(): Promise<void>;
}

const registered: Array<() => Promise<void>> = [];

/** What a lazy component shows when its code could not be fetched: `retry` fetches it again. */
export type LoadFailure = (retry: () => void) => ReactNode;

/**
 * Catches a chunk that could not be fetched (offline, a dropped connection) and shows `failed`
 * instead of unmounting the whole app (a blank page for good, issue 20); tries again by itself
 * when the connection comes back (lib/connection.ts).
 */
class ChunkBoundary extends Component<
  { failed: LoadFailure; onRetry: () => void; children: ReactNode },
  { error: boolean }
> {
  state = { error: false };
  private unsubscribe: (() => void) | undefined;

  static getDerivedStateFromError(): { error: boolean } {
    return { error: true };
  }

  componentDidMount(): void {
    this.unsubscribe = subscribeConnection(() => {
      if (this.state.error && isOnline()) this.retry();
    });
  }

  componentWillUnmount(): void {
    this.unsubscribe?.();
  }

  componentDidCatch(error: unknown): void {
    console.error('could not load a part of the app', error);
  }

  retry = (): void => {
    this.setState({ error: false });
    this.props.onRetry();
  };

  render(): ReactNode {
    return this.state.error ? this.props.failed(this.retry) : this.props.children;
  }
}

/**
 * A component in a chunk of its own, fetched when it first renders (or on `preload()`), showing
 * `fallback` meanwhile, and `failed` (nothing by default) if the code cannot be fetched, until a
 * retry or the connection's return fetches it again. Once the code is in, it renders directly,
 * without a Suspense boundary, so a prerendered page and the hydrating client draw the same tree.
 * The choice is made once per mounted component, never switched under it. Pages
 * (app/lazy-page.tsx) and lazy parts are made with it.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
  failed: LoadFailure = () => null,
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
  const lazyLoad = () =>
    lazy(async () => {
      await preload();
      return { default: loaded as ComponentType<P> };
    });
  function Deferred(props: P) {
    const [Ready] = useState(() => loaded);
    // React.lazy keeps a failed load's error for good: each retry gets a lazy of its own.
    const [Lazy, setLazy] = useState(lazyLoad);
    if (Ready) return <Ready {...props} />;
    return (
      <ChunkBoundary failed={failed} onRetry={() => setLazy(() => lazyLoad())}>
        <Suspense fallback={fallback}>
          <Lazy {...props} />
        </Suspense>
      </ChunkBoundary>
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
