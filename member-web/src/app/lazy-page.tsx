import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/ui/spinner';
import { loadNamespaces } from '../lib/i18n';
import { lazyComponent, type LazyPart } from '../lib/lazy-part';

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

/**
 * A route whose code could not be fetched (offline, a dropped connection, issue 20): says so with
 * a retry, in place of the page (the top bar stays); it is fetched again by itself when the
 * connection comes back (lib/lazy-part.tsx).
 */
function PageLoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Box
      role="alert"
      sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 8, px: 2, textAlign: 'center' }}
      data-testid="page-load-failed"
    >
      <Box component="p" sx={{ m: 0, typography: 'body1' }}>
        {t('connection.pageFailed')}
      </Box>
      <Box
        component="button"
        type="button"
        onClick={retry}
        sx={{
          font: 'inherit',
          fontWeight: 600,
          px: 2,
          py: 1,
          borderRadius: 1,
          border: '1px solid',
          borderColor: 'primary.main',
          color: 'primary.main',
          bgcolor: 'background.paper',
          cursor: 'pointer',
        }}
      >
        {t('connection.retry')}
      </Box>
    </Box>
  );
}

export type LazyPage = LazyPart<object>;

/**
 * Shared texts that pages use but the first screen does not (forms' refusals, copy and confirm
 * sheets; the not-found page): catalogues of their own, loaded with every page rather than with
 * `common`, which keeps the Hindi first load within its 150 KiB budget (issue 10).
 */
export const PAGE_SHARED_NAMESPACES = ['forms', 'not-found'] as const;

/**
 * A route's page in its own chunk (a loading state meanwhile), loaded together with the i18n
 * namespaces it reads (lib/i18n.ts: each catalogue is a chunk of its own, in the current language).
 * Once both are in (a visit, or `preload()` before the first render, as the prerender and the
 * hydration do), the page renders at once without a Suspense boundary (lib/lazy-part.tsx).
 */
export function lazyPage(load: () => Promise<ComponentType>, namespaces: readonly string[]): LazyPage {
  return lazyComponent<object>(
    () =>
      Promise.all([load(), loadNamespaces([...namespaces, ...PAGE_SHARED_NAMESPACES])]).then(
        ([component]) => component,
      ),
    <PageLoading />,
    (retry) => <PageLoadFailed retry={retry} />,
  );
}
