import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

const FOREIGN = 'http://evil.example';
const EXTRA = 'https://partner.example';

/** A stand-in for the two web builds, so the static files and the SPA fallback are served too. */
function fakeBuilds(): string {
  const root = mkdtempSync(join(tmpdir(), 'sahyog-builds-'));
  for (const [app, title] of [
    ['member-web', 'Sahyog'],
    ['admin-web', 'Sahyog admin'],
  ]) {
    mkdirSync(join(root, app, 'dist', 'assets'), { recursive: true });
    writeFileSync(
      join(root, app, 'dist', 'index.html'),
      `<!doctype html><title>${title}</title><script type="module" src="/assets/app.js"></script>`,
    );
    writeFileSync(join(root, app, 'dist', 'assets', 'app.js'), 'export {};');
  }
  return root;
}

/** The headers every answer must carry (helmet), whatever produced it. */
function expectSecurityHeaders(res: request.Response, https = false): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  if (https) {
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(csp).toContain('upgrade-insecure-requests');
  } else {
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  }
}

// Issue 8, point 11: security headers on every answer, and CORS only for the product's own origins.
describe('security headers and CORS', () => {
  let t: TestApp;
  let builds: string;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    builds = fakeBuilds();
    t = await startTestApp({ PUBLIC_URL: 'http://sahyog.test/', CORS_ORIGINS: ` ${EXTRA} ` }, builds);
  });
  afterAll(async () => {
    await t.close();
    rmSync(builds, { recursive: true, force: true });
  });

  it.each([
    ['an API answer', () => request(server()).get('/api/health'), 200],
    ['the liveness probe (a plain Fastify route)', () => request(server()).get('/api/health/live'), 200],
    ['a refusal', () => request(server()).post('/api/login').send({}), 400],
    [
      'a JSON nested too deep (refused before parsing)',
      () =>
        request(server())
          .post('/api/login')
          .set('Content-Type', 'application/json')
          .send('['.repeat(100) + ']'.repeat(100)),
      400,
    ],
    ['an admin answer', () => request(server()).get('/admin-api/members'), 401],
    ['an unknown API path', () => request(server()).get('/api/nope'), 404],
    ['member-web', () => request(server()).get('/'), 200],
    ['a member-web route (SPA fallback)', () => request(server()).get('/Dashboard'), 200],
    ['a member-web asset', () => request(server()).get('/assets/app.js'), 200],
    ['admin-web', () => request(server()).get('/admin/'), 200],
    ['an admin-web asset', () => request(server()).get('/admin/assets/app.js'), 200],
    ['Swagger UI', () => request(server()).get('/api/docs'), 200],
    ['the OpenAPI document', () => request(server()).get('/api/docs-json'), 200],
  ])('%s carries the security headers', async (_what, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
  });

  it('lets the web apps draw the UPI QR (data: images) and load their own styles, inline ones included (emotion)', async () => {
    const csp = String((await request(server()).get('/')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data:/);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
  });

  it('refuses a foreign origin: no Access-Control-Allow-Origin on a preflight or an answer', async () => {
    const preflight = await request(server())
      .options('/api/userDashboard')
      .set('Origin', FOREIGN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const answer = await request(server()).get('/api/health').set('Origin', FOREIGN);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['PUBLIC_URL', 'http://sahyog.test'],
    ['CORS_ORIGINS', EXTRA],
  ])('allows the origin of %s, by name (never *)', async (_source, origin) => {
    const preflight = await request(server())
      .options('/api/userDashboard')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    // A named list, not whatever the caller asks for; no cookies are used, so no credentials mode.
    expect(preflight.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Idempotency-Key');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const answer = await request(server()).get('/api/health').set('Origin', origin);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
    expect(answer.headers['access-control-expose-headers']).toBe('Content-Range, Date');
    expect(answer.headers.vary).toMatch(/Origin/);
    const live = await request(server()).get('/api/health/live').set('Origin', origin);
    expect(live.headers['access-control-allow-origin']).toBe(origin);
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://sahyog.example', CORS_ORIGINS: '' }, builds);
    try {
      for (const path of ['/api/health', '/', '/admin/'])
        expectSecurityHeaders(await request(secure.app.getHttpServer()).get(path), true);
      const old = await request(secure.app.getHttpServer()).get('/api/health').set('Origin', 'http://sahyog.test');
      expect(old.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});
