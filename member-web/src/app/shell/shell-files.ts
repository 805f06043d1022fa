/**
 * Which prerendered HTML file draws a route before its code has arrived (issue 20 "never a blank
 * page"). scripts/prerender.mjs writes them, the service worker (src/sw.ts) answers navigations
 * with them from its precache, and the API picks the same ones (src/platform/http/web-apps.ts
 * keeps this mapping in step: that code may not import member-web).
 *
 *   index.html        `/`: the landing page, prerendered whole
 *   login/index.html  `/login`: the login page, prerendered whole (its button waits for the app)
 *   public.html       the other pages without a session (/signup, /ForgotPassword, …): top bar + skeleton
 *   dashboard.html    `/dashboard`: the member top bar + the places of the first figures, which
 *                     app/early-dashboard.ts fills from the member's summary before the app runs;
 *                     the dashboard's code and catalogues preloaded (decision 0040)
 *   app.html          every other member page (and Not Found): the member top bar + skeleton
 *
 * Each exists in English at these paths and in every other language under `<language>/`.
 */
export type ShellFile = 'index.html' | 'login/index.html' | 'public.html' | 'dashboard.html' | 'app.html';

/** The routes drawn without a session besides `/` and `/login` (app/routes.tsx), lower case. */
export const PUBLIC_ROUTES: readonly string[] = [
  '/signup',
  '/welcomeletter',
  '/forgotpassword',
  '/resetpassword',
  '/adminlogin',
];

/** The shell of a path (routes match case-insensitively, a trailing slash ignored). */
export function shellFileFor(pathname: string): ShellFile {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path === '/') return 'index.html';
  if (path === '/login') return 'login/index.html';
  if (path === '/dashboard') return 'dashboard.html';
  if (PUBLIC_ROUTES.includes(path)) return 'public.html';
  return 'app.html';
}

/** The file of `shell` in `language` (English at the top, the others under their code). */
export function shellPath(shell: ShellFile, language: string): string {
  return language === 'en' ? `/${shell}` : `/${language}/${shell}`;
}
