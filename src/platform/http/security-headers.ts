import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequire } from 'node:module';
import type { AppConfig } from '../../config/config';

/** A connect-style helmet middleware: it only sets and removes response headers. */
type HelmetMiddleware = (
  request: unknown,
  response: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: (error?: unknown) => void,
) => void;

/** helmet itself, as @fastify/helmet (our dependency) resolves it: the same code and version that plugin runs. */
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as (options: object) => HelmetMiddleware;

/** How long a browser keeps to https once it saw the site over it (180 days, helmet's default). */
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of every answer (decision 0014). The two web apps and Swagger UI load
 * only their own scripts (Vite builds have no inline script); styles may be inline because MUI's
 * emotion injects <style> elements at run time (a nonce would need index.html templated per
 * request); images may be data: (the UPI QR is drawn as a data: URL) or any http(s) address (a
 * payment option's QR image link is set by an admin and lives elsewhere); nothing may frame a page.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // On plain http (local use) an upgrade would send the apps' own requests to an https port that is not there.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The headers helmet sets with our options, worked out once: helmet's options here are fixed for the
 * process (no nonces, nothing per request), so every answer gets the same headers. @fastify/helmet
 * built a new helmet middleware — parsing the CSP directives again — in two hooks on every request,
 * ~5 % of a cheap request's CPU (decision 0051).
 */
export function securityHeaders(https: boolean): [string, string][] {
  const headers = new Map<string, [string, string]>();
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // Cross-origin isolation would refuse the admin-set QR images hosted elsewhere.
    crossOriginEmbedderPolicy: false,
  })(
    {},
    {
      setHeader: (name, value) => headers.set(name.toLowerCase(), [name, String(value)]),
      removeHeader: (name) => headers.delete(name.toLowerCase()),
    },
    (error) => {
      if (error) throw error;
    },
  );
  return [...headers.values()];
}

/**
 * Security headers on every answer (API, static files, the SPA fallback, errors): helmet's, set
 * on the raw response as helmet sets them; and CORS limited to PUBLIC_URL's origin and
 * CORS_ORIGINS: a browser on any other origin gets no Access-Control-Allow-Origin, so it can
 * neither read an answer nor send a bearer token in a preflighted call.
 */
export function registerSecurityHeaders(app: NestFastifyApplication, config: AppConfig): void {
  const headers = securityHeaders(config.publicUrl.startsWith('https:'));
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  // Date: member-web counts payment windows on the server's clock (readable cross-origin only if exposed).
  // The request headers the two apps send, by name (not a reflection of whatever a caller asks for).
  app.enableCors({
    origin: config.corsOrigins,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Content-Range', 'Date'],
  });
}
