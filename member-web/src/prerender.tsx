import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/app';
import { AppProvider } from './app/provider';
import { preloadRoute } from './app/routes';

/**
 * Build-time only (scripts/prerender.mjs): the HTML of a public page as a visitor without a
 * session sees it, with emotion's styles inline, for `hydrateRoot` in main.tsx to take over.
 */
export async function renderPage(pathname: string): Promise<string> {
  await preloadRoute(pathname);
  return renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
}
