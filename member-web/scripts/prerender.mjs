// After `vite build` (the app) and `vite build --ssr src/prerender.tsx` (the renderer): writes the
// HTML of the pages that must draw before the app's JavaScript runs.
//   dist/app.html          the empty shell, as Vite wrote index.html (every other route)
//   dist/index.html        `/` prerendered
//   dist/login/index.html  `/login` prerendered
// The API picks the page by path (src/platform/http/web-apps.ts).
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
  { route: '/', file: 'index.html', source: 'src/features/landing/components/landing-page.tsx' },
  { route: '/login', file: path.join('login', 'index.html'), source: 'src/features/auth/components/login-page.tsx' },
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

const { renderPage } = await import(pathToFileURL(renderer).href);
for (const page of PAGES) {
  const html = await renderPage(page.route);
  if (!html) throw new Error(`prerendering ${page.route} gave no markup`);
  // The page's own chunks load beside the entry instead of after it (main.tsx waits for them to hydrate).
  const own = [...closure(page.source)].filter((file) => !entry.has(file));
  const preload = own.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
  const target = path.join(dist, page.file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(
    target,
    shell.replace('  </head>', `${preload}  </head>`).replace(CONTAINER, `<div id="root">${html}</div>`),
  );
  const initial = [...entry, ...own].reduce((total, file) => total + gzipBytes(file), 0);
  const budget =
    page.route === '/'
      ? ` (budget ${INITIAL_JS_BUDGET_BYTES / 1024} KiB${initial > INITIAL_JS_BUDGET_BYTES ? ': OVER' : ''})`
      : '';
  console.log(
    `prerendered ${page.route} -> dist/${page.file}: ${(html.length / 1024).toFixed(1)} KiB of markup; ` +
      `initial JavaScript ${[...entry, ...own].length} files, ${(initial / 1024).toFixed(1)} KiB gzip${budget}`,
  );
}
fs.rmSync(path.join(root, 'dist-prerender'), { recursive: true, force: true });
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
