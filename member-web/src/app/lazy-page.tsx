import { lazy, Suspense, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import { Spinner } from '../components/ui/spinner';
import { loadNamespaces } from '../lib/i18n';

/**
 * What a route shows while its code is on the way: a spinner drawn with CSS (MUI's
 * CircularProgress would put its own code into every page's first load; decision 0021).
 */
export function PageLoading() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 8 }}
    >
      <Spinner label="Loading" />
    </Box>
  );
}

export interface LazyPage {
  (): React.JSX.Element;
  /** Fetches the page's code and catalogues; resolves once it can render without suspending. */
  preload(): Promise<void>;
}

/**
 * A route's page in its own chunk (React.lazy + Suspense with a loading state), loaded together
 * with the i18n namespaces it reads (lib/i18n.ts: each catalogue is a chunk of its own, in the
 * current language). Once both are in (a visit, or `preload()` before the first render, as the
 * prerender and the hydration do), the page renders at once without a Suspense boundary, so the
 * prerendered HTML and the hydrating client draw the same tree. The choice is made once per
 * mounted page, never switched under it.
 */
export function lazyPage(load: () => Promise<ComponentType>, namespaces: readonly string[]): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), loadNamespaces(namespaces)]).then(
      ([component]) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk (offline) may be fetched again on the next visit
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });
  function Page() {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready />;
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  }
  Page.preload = preload;
  return Page;
}
