import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { SpaFallback } from './all-exceptions.filter';

/** Vite names every file under assets/ by its content hash: a new build never reuses a name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML pages, favicon) may be stored but is revalidated before each use. */
export const REVALIDATE = 'no-cache';

/** Answers smaller than this go uncompressed: the encoding would cost more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * brotli and gzip on the fly for every answer that is not encoded yet (JSON, the SPA's HTML pages,
 * Swagger): the static files come precompressed from the builds and are left alone. Brotli at
 * quality 5 on the fly (11, the library's default, costs ~10x the CPU for a few % more).
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

function readIfPresent(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * The HTML page for a GET/HEAD that no route or file answered: admin-web's index.html under
 * /admin; member-web's prerendered landing page for `/`, its prerendered login page for `/login`
 * (member-web matches routes case-insensitively), and its empty shell (`app.html`) for every other
 * route. A build without the prerendered pages (or tests' stand-ins) falls back to index.html.
 */
export function spaFallback(root: string): SpaFallback | undefined {
  const member = join(root, 'member-web', 'dist');
  const landing = readIfPresent(join(member, 'index.html'));
  const shell = readIfPresent(join(member, 'app.html')) ?? landing;
  const login = readIfPresent(join(member, 'login', 'index.html')) ?? shell;
  const admin = readIfPresent(join(root, 'admin-web', 'dist', 'index.html'));
  if (!shell && !admin) return undefined;
  return (method, url) => {
    if (method !== 'GET' && method !== 'HEAD') return null;
    const path = url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/admin-api')) return null;
    if (path === '/admin' || path.startsWith('/admin/')) return admin;
    if (path === '/') return landing;
    if (/^\/login\/?$/i.test(path)) return login;
    return shell;
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
