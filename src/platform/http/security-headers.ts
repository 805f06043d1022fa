import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../../config/config';

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
 * Security headers on every answer (API, static files, the SPA fallback, errors) through helmet,
 * and CORS limited to PUBLIC_URL's origin and CORS_ORIGINS: a browser on any other origin gets no
 * Access-Control-Allow-Origin, so it can neither read an answer nor send a bearer token in a
 * preflighted call.
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // Cross-origin isolation would refuse the admin-set QR images hosted elsewhere.
    crossOriginEmbedderPolicy: false,
  });
  // Date: member-web counts payment windows on the server's clock (readable cross-origin only if exposed).
  // The request headers the two apps send, by name (not a reflection of whatever a caller asks for).
  app.enableCors({
    origin: config.corsOrigins,
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Content-Range', 'Date'],
  });
}
