import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { SpaFallback } from './all-exceptions.filter';

/** Vite names every file under assets/ by its content hash: a new build never reuses a name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML pages, favicon) may be stored but is revalidated before each use. */
export const REVALIDATE = 'no-cache';

/** Answers smaller than this go uncompressed: the encoding would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * brotli and gzip on the fly for the routes registered after this (the API's JSON, Swagger): the
 * static files are registered before it and come precompressed from the builds, the HTML pages are
 * compressed once at start-up (spaFallback). Brotli at quality 5 on the fly (11, the library's
 * default, costs ~10x the CPU for a few % more). Must be registered after registerWebApps.
 */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  const compress = (await import('@fastify/compress')).default;
  await app.register(compress, {
    globalCompression: true,
    // Request bodies are taken as sent, as before: no compressed uploads to inflate.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

type Encoding = 'br' | 'gzip';

/** The encoding to send, by the request's Accept-Encoding (brotli first; `q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const wants = (encoding: Encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** member-web's pages in one language. */
interface Pages {
  landing: Page | null;
  login: Page | null;
  publicShell: Page | null;
  shell: Page | null;
  /** The member shell with the dashboard's figures' places and its code preloaded (`dashboard.html`). */
  dashboard: Page | null;
}

function readPage(file: string): Page | null {
  if (!existsSync(file)) return null;
  const identity = readFileSync(file);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The page names the build's hashed scripts: a browser must ask again after each release.
  'Cache-Control': REVALIDATE,
  // The prerendered pages differ by the language cookie too (a cache must not hand one to the other).
  Vary: 'Accept-Encoding, Cookie',
};

/** member-web's language cookie (member-web/src/lib/i18n.ts LANGUAGE_COOKIE) and its languages besides English. */
export const LANGUAGE_COOKIE = 'sahyog.language';
const OTHER_LANGUAGES = ['hi'] as const;
type OtherLanguage = (typeof OTHER_LANGUAGES)[number];

/** The language a device chose, from its Cookie header; undefined for English or none. */
function languageOf(cookie: string | undefined): OtherLanguage | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    const chosen = OTHER_LANGUAGES.find((language) => language === value);
    if (name === LANGUAGE_COOKIE && chosen) return chosen;
  }
  return undefined;
}

/**
 * member-web's routes drawn without a session besides `/` and `/login`, lower case: they get the
 * public shell. Keep in step with member-web/src/app/shell/shell-files.ts (which the service worker
 * uses for the same choice; this code may not import member-web).
 */
export const MEMBER_WEB_PUBLIC_ROUTES: readonly string[] = [
  '/signup',
  '/welcomeletter',
  '/forgotpassword',
  '/resetpassword',
  '/adminlogin',
];

/**
 * The HTML page for a GET/HEAD that no route or file answered: admin-web's index.html under
 * /admin; member-web's prerendered landing page for `/`, its prerendered login page for `/login`
 * (member-web matches routes case-insensitively), the public shell (`public.html`: the card frame
 * and a skeleton) for the other pages without a session, the dashboard's shell (`dashboard.html`:
 * the member shell with the places of the first figures, which it fills from its first answer before
 * the app runs, decision 0040) for `/dashboard`, and the member shell (`app.html`: the top
 * bar and a skeleton) for every other route (issue 20: never a blank page), each in the language of
 * the device's `sahyog.language` cookie (`hi/…`, English otherwise). A build without the
 * prerendered pages (or tests' stand-ins) falls back to index.html, and one without a page's Hindi
 * variant to its English page. Each page is read and compressed once, at start-up.
 */
export function spaFallback(root: string): SpaFallback | undefined {
  const member = join(root, 'member-web', 'dist');
  const landing = readPage(join(member, 'index.html'));
  const shell = readPage(join(member, 'app.html')) ?? landing;
  const login = readPage(join(member, 'login', 'index.html')) ?? shell;
  const publicShell = readPage(join(member, 'public.html')) ?? shell;
  const dashboard = readPage(join(member, 'dashboard.html')) ?? shell;
  const translated = new Map<OtherLanguage, Pages>(
    OTHER_LANGUAGES.map((language) => [
      language,
      {
        landing: readPage(join(member, language, 'index.html')) ?? landing,
        login: readPage(join(member, language, 'login', 'index.html')) ?? login,
        publicShell: readPage(join(member, language, 'public.html')) ?? publicShell,
        shell: readPage(join(member, language, 'app.html')) ?? shell,
        dashboard:
          readPage(join(member, language, 'dashboard.html')) ??
          readPage(join(member, language, 'app.html')) ??
          dashboard,
      },
    ]),
  );
  const admin = readPage(join(root, 'admin-web', 'dist', 'index.html'));
  if (!shell && !admin) return undefined;
  const pageFor = (path: string, cookie: string | undefined): Page | null => {
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/admin-api')) return null;
    if (path === '/admin' || path.startsWith('/admin/')) return admin;
    const language = languageOf(cookie);
    const pages = (language && translated.get(language)) || { landing, login, publicShell, shell, dashboard };
    if (path === '/') return pages.landing;
    if (/^\/login\/?$/i.test(path)) return pages.login;
    if (/^\/dashboard\/?$/i.test(path)) return pages.dashboard;
    if (MEMBER_WEB_PUBLIC_ROUTES.includes(path.toLowerCase().replace(/(.)\/+$/, '$1'))) return pages.publicShell;
    return pages.shell;
  };
  return ({ method, url, acceptEncoding, cookie }) => {
    if (method !== 'GET' && method !== 'HEAD') return null;
    const page = pageFor(url.split('?')[0], cookie);
    if (!page) return null;
    const encoding = page.identity.length >= COMPRESS_THRESHOLD_BYTES ? pickEncoding(acceptEncoding) : null;
    if (!encoding) return { body: page.identity, headers: HTML_HEADERS };
    return { body: page[encoding], headers: { ...HTML_HEADERS, 'Content-Encoding': encoding } };
  };
}

/** Cache-Control of a built file: hashed assets (the build's assets/ folder) forever, the rest revalidated. */
function cacheHeaders(dist: string): (reply: FastifyReply, path: string) => void {
  const assets = join(dist, 'assets') + sep;
  return (reply, path) => void reply.header('Cache-Control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
}

/**
 * Serves member-web's build at `/` and admin-web's at `/admin/`: every built file by its path,
 * the `.br` / `.gz` twin the build wrote beside it when the browser accepts one (preCompressed).
 * Registered before registerCompression, so a file is never compressed again on the fly (files
 * without a twin are under 1 KiB or do not shrink).
 */
export async function registerWebApps(app: NestFastifyApplication, root: string): Promise<void> {
  const memberDist = join(root, 'member-web', 'dist');
  const adminDist = join(root, 'admin-web', 'dist');
  if (!existsSync(memberDist) && !existsSync(adminDist)) return;
  const fastifyStatic = (await import('@fastify/static')).default;
  const common = {
    wildcard: false,
    index: false as const,
    preCompressed: true,
    // The compressed twins are served in place of their file, not by their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
  };
  if (existsSync(memberDist))
    await app.register(fastifyStatic, {
      ...common,
      root: memberDist,
      prefix: '/',
      setHeaders: cacheHeaders(memberDist),
    });
  if (existsSync(adminDist))
    await app.register(fastifyStatic, {
      ...common,
      root: adminDist,
      prefix: '/admin/',
      decorateReply: false,
      setHeaders: cacheHeaders(adminDist),
    });
}
