// After `vite build` (the app) and `vite build --ssr src/prerender.tsx` (the renderer): writes the
// HTML of the pages that must draw before the app's JavaScript runs, in each language
// (src/app/shell/shell-files.ts), then the service worker's precache list.
//   dist/index.html           `/` prerendered in English
//   dist/login/index.html     `/login` prerendered in English
//   dist/dashboard.html       `/dashboard`: the member top bar + the places of the first figures, filled by
//                             its early script (src/app/early-dashboard.ts) before the app runs
//   dist/app.html             every other member route (and Not Found): the member top bar + a skeleton
//   dist/public.html          the other routes without a session (/signup, …): their card + a skeleton
//   dist/hi/…                 the same five in Hindi
// The API picks the page by path and the device's language cookie (src/platform/http/web-apps.ts),
// the service worker (src/sw.ts) by path and the language the app noted for it.
// Each page carries emotion's rules as <style> elements in <head> (one per chunk, not one per
// element), `data-language` on #root (main.tsx hydrates only onto the device's language), and
// <link rel="modulepreload"> for the page's own chunks and its catalogues in that language.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production server renderer (the development one is slower and adds nothing to the HTML).
process.env.NODE_ENV ??= 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const renderer = path.join(root, 'dist-prerender', 'prerender.js');
const PAGES = [
  {
    route: '/',
    file: 'index.html',
    source: 'src/features/landing/components/landing-page.tsx',
    namespaces: ['landing'],
  },
  {
    route: '/login',
    file: path.join('login', 'index.html'),
    source: 'src/features/auth/components/login-page.tsx',
    namespaces: ['auth'],
  },
];
/** English at the paths above, every other language under `<language>/` (src/lib/i18n.ts LANGUAGES). */
const LANGUAGES = ['en', 'hi'];
const fileIn = (language, file) => (language === 'en' ? file : path.join(language, file));
/** The catalogue chunks a page reads in `language` (English `common` is bundled into the entry). */
const catalogues = (language, namespaces) => [
  ...(language === 'en' ? [] : [`src/lib/locales/${language}.json`]),
  ...namespaces.map((namespace) => `src/features/${namespace}/locales/${language}.json`),
];
/** Issue 10: the JavaScript `/` needs before it is interactive, gzip. */
const INITIAL_JS_BUDGET_BYTES = 150 * 1024;
const CONTAINER = '<div id="root"></div>';

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(CONTAINER)) throw new Error(`dist/index.html has no ${CONTAINER}`);
if (!shell.includes('</head>')) throw new Error('dist/index.html has no </head>');
/** The shells (src/prerender.tsx renderShell), replaced by the route when the app starts (main.tsx). */
/** What every member page loads besides the entry: the member layout and the shared catalogues (app/lazy-page.tsx). */
const MEMBER_PAGE = { sources: ['src/components/layouts/member-layout.tsx'], namespaces: ['forms', 'not-found'] };
/** The dashboard's code and the catalogues it renders with (app/routes.tsx DASHBOARD_NAMESPACES). */
const DASHBOARD_PAGE = {
  sources: [...MEMBER_PAGE.sources, 'src/app/dashboard-route.tsx'],
  namespaces: [...MEMBER_PAGE.namespaces, 'dashboard', 'disclaimer-popup', 'help-links', 'withdrawals'],
};
/** The dashboard shell's first script (src/app/early-dashboard.ts): asks for the member's figures at once. */
const EARLY_DASHBOARD = 'src/app/early-dashboard.ts';
/**
 * The shells, each with what its routes load before their first render preloaded beside the entry
 * (no waterfall: entry, then the route's chunks, then the call), and the dashboard's with its early script.
 */
const SHELLS = [
  { kind: 'member', file: 'app.html', page: MEMBER_PAGE },
  { kind: 'dashboard', file: 'dashboard.html', page: DASHBOARD_PAGE, early: EARLY_DASHBOARD },
  { kind: 'public', file: 'public.html', page: { sources: [], namespaces: [] } },
];

// Vite's manifest: which chunks each module's chunk imports statically.
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}
const entry = closure('index.html');
/**
 * The manifest key of a lazily loaded source: its path, or, when Rollup merged it with the modules
 * only it imports into a chunk without a facade (e.g. app/dashboard-route.tsx), that chunk by its name.
 */
function chunkOf(source) {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  const found = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && manifest[key].name === name);
  if (found.length !== 1) throw new Error(`${source} is not in Vite's manifest (${found.length} chunks named ${name})`);
  return found[0];
}
const gzipBytes = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const overBudget = [];

const { renderPage, renderShell } = await import(pathToFileURL(renderer).href);
/**
 * index.html with `language`, `head` before </head> (vite-plugin-pwa's manifest link sits right
 * before it, on the same line) and `root` as #root (replacer functions: a `$` in them is no pattern). */
const htmlPage = (language, head, root) =>
  shell
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    .replace('</head>', () => `${head}</head>`)
    .replace(CONTAINER, () => root);
/** `<link rel="modulepreload">` for the chunks of these sources and catalogues that the entry does not hold. */
function preloadsOf(language, { sources, namespaces }) {
  const own = new Set();
  for (const key of [...sources.map(chunkOf), ...catalogues(language, namespaces)]) closure(key, own);
  return [...own].filter((file) => !entry.has(file));
}
const preloadLink = (file) => `<link rel="modulepreload" crossorigin href="/${file}">`;
const ENTRY_SCRIPT = '<script type="module" crossorigin src=';
/** src/app/early-dashboard.ts PRELOAD_META: the chunks the early script preloads once its call is out. */
const PRELOAD_META = 'sahyog-preload';
for (const language of LANGUAGES)
  for (const { kind, file, page, early } of SHELLS) {
    const { html, styles } = await renderShell(kind, language);
    if (!html) throw new Error(`prerendering the ${kind} shell (${language}) gave no markup`);
    const target = path.join(dist, fileIn(language, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const root = `<div id="root" data-language="${language}" data-shell="${kind}">${html}</div>`;
    const own = preloadsOf(language, page);
    // With an early script, the route's chunks are preloaded by it, after its call has gone out: on HTTP/1.1
    // (6 connections) two dozen preloads in the HTML would queue the call behind them.
    const head = early
      ? [styles, `<meta name="${PRELOAD_META}" content="${own.map((file) => `/${file}`).join(' ')}">`]
      : [styles, ...own.map(preloadLink)];
    let document = htmlPage(language, head.map((line) => `    ${line}\n`).join(''), root);
    if (early) {
      // Before the entry's script: asked for first, and (a module script without async runs in document order)
      // run before the entry, whose evaluation at 4× CPU is seconds of main thread (async lost that race, warm).
      const [script, ...imports] = [...closure(early)];
      // It must run long before the app: nothing of the entry (React, i18n, the HTTP client) in its imports.
      if (imports.some((f) => entry.has(f))) throw new Error(`${early} imports the app's entry chunk`);
      const tags = [`<script type="module" crossorigin src="/${script}"></script>`, ...imports.map(preloadLink)];
      if (!document.includes(ENTRY_SCRIPT)) throw new Error('dist/index.html has no entry script');
      document = document.replace(ENTRY_SCRIPT, () => `${tags.join('\n    ')}\n    ${ENTRY_SCRIPT}`);
    }
    fs.writeFileSync(target, document);
    console.log(
      `prerendered the ${kind} shell (${language}) -> dist/${fileIn(language, file)}: ` +
        `${(html.length / 1024).toFixed(1)} KiB of markup, ${(styles.length / 1024).toFixed(1)} KiB of CSS`,
    );
  }
for (const language of LANGUAGES)
  for (const page of PAGES) {
    const { html, styles } = await renderPage(page.route, language);
    if (!html) throw new Error(`prerendering ${page.route} (${language}) gave no markup`);
    // The page's own chunks and catalogues load beside the entry instead of after it (main.tsx waits for them).
    const own = new Set();
    for (const key of [page.source, ...catalogues(language, page.namespaces)]) closure(key, own);
    const preloads = [...own].filter((file) => !entry.has(file));
    const head = [styles, ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)]
      .map((line) => `    ${line}\n`)
      .join('');
    const target = path.join(dist, fileIn(language, page.file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, htmlPage(language, head, `<div id="root" data-language="${language}">${html}</div>`));
    const initial = [...entry, ...preloads];
    const bytes = initial.reduce((total, file) => total + gzipBytes(file), 0);
    const budget =
      page.route === '/'
        ? ` (budget ${INITIAL_JS_BUDGET_BYTES / 1024} KiB${bytes > INITIAL_JS_BUDGET_BYTES ? ': OVER' : ''})`
        : '';
    if (page.route === '/' && bytes > INITIAL_JS_BUDGET_BYTES) overBudget.push(`${page.route} (${language})`);
    if (/<style[\s>]/.test(html)) throw new Error(`${page.route} (${language}): a <style> element in the markup`);
    console.log(
      `prerendered ${page.route} (${language}) -> dist/${fileIn(language, page.file)}: ` +
        `${(html.length / 1024).toFixed(1)} KiB of markup, ${(styles.length / 1024).toFixed(1)} KiB of CSS; ` +
        `initial JavaScript ${initial.length} files, ${(bytes / 1024).toFixed(1)} KiB gzip${budget}`,
    );
  }
if (overBudget.length)
  throw new Error(
    `initial JavaScript over the ${INITIAL_JS_BUDGET_BYTES / 1024} KiB gzip budget of issue 10: ${overBudget.join(', ')}`,
  );
fs.rmSync(path.join(root, 'dist-prerender'), { recursive: true, force: true });
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

// The service worker's precache (src/sw.ts): every file of the build but the worker itself and the
// compressed twins, i.e. each route's code and catalogues, the pages and shells, icons, manifest.
// Hashed files under assets/ are fetched by their name; the others carry a revision.
const { injectManifest } = await import('workbox-build');
const precache = await injectManifest({
  swSrc: path.join(dist, 'sw.js'),
  swDest: path.join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['**/*.{js,css,html,json,svg,ico,png,webmanifest}'],
  globIgnores: ['sw.js', '**/*.br', '**/*.gz'],
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
});
for (const warning of precache.warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: precaches ${precache.count} files, ${(precache.size / 1024).toFixed(0)} KiB`);
