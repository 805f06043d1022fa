import { StrictMode, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/app';
import { AppProvider } from './app/provider';
import { preloadRoute } from './app/routes';
import { DashboardShell, MemberShell, PublicShell } from './app/shell/shells';
import { i18n, i18nReady, loadNamespaces, type Language } from './lib/i18n';

/**
 * emotion's cache key: MUI's default, the one the browser's cache uses, so the client finds the
 * prerendered rules (`<style data-emotion="css …">` lists the ids it holds) and inserts none again.
 */
export const EMOTION_KEY = 'css';

export interface PrerenderedPage {
  /** The markup for `#root`. */
  html: string;
  /** One `<style>` per emotion chunk (globals, then the page's rules) for `<head>`. */
  styles: string;
}

/**
 * Build-time only (scripts/prerender.mjs): the HTML of a public page as a visitor without a
 * session sees it, in `language`, with emotion's rules extracted into `<style>` elements for
 * `<head>` (@emotion/server) instead of a `<style>` before every element, for main.tsx to hydrate.
 */
export async function renderPage(pathname: string, language: Language): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(language);
  await preloadRoute(pathname);
  return render(pathname, <AppRoutes />);
}

/** The shells a route draws before its code is in (app/shell/shell-files.ts): the member pages' or the public ones'. */
export type ShellKind = 'member' | 'dashboard' | 'public';

/** Build-time only: the HTML of a shell in `language`, for main.tsx to replace (never hydrate). */
export async function renderShell(kind: ShellKind, language: Language): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(language);
  if (kind === 'public') return render('/signup', <PublicShell />);
  if (kind === 'member') return render('/dashboard', <MemberShell />);
  await loadNamespaces(['dashboard']);
  return render('/dashboard', <DashboardShell />);
}

function render(pathname: string, routes: ReactNode): PrerenderedPage {
  const cache = createCache({ key: EMOTION_KEY });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <StrictMode>
        <AppProvider>
          <StaticRouter location={pathname}>{routes}</StaticRouter>
        </AppProvider>
      </StrictMode>
    </CacheProvider>,
  );
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}
