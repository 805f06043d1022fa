// After `vite build` (the app) and `vite build --ssr src/prerender.tsx` (the renderer): writes the
// HTML of the pages that must draw before the app's JavaScript runs, in each language.
//   dist/app.html             the empty shell, as Vite wrote index.html (every other route)
//   dist/index.html           `/` prerendered in English
//   dist/login/index.html     `/login` prerendered in English
//   dist/hi/index.html        `/` in Hindi, dist/hi/login/index.html `/login` in Hindi
// The API picks the page by path and the device's language cookie (src/platform/http/web-apps.ts).
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
fs.writeFileSync(path.join(dist, 'app.html'), shell);

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
const gzipBytes = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const overBudget = [];

const { renderPage } = await import(pathToFileURL(renderer).href);
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
    fs.writeFileSync(
      target,
      // Replacer functions: the markup and the CSS are inserted as they are (a `$` in them is no pattern).
      shell
        .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
        .replace('  </head>', () => `${head}  </head>`)
        .replace(CONTAINER, () => `<div id="root" data-language="${language}">${html}</div>`),
    );
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
