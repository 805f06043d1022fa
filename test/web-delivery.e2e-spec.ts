import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

// Issue 10 §2: how the apps reach a phone — compression, cache headers, favicon, prerendered pages.

/** Text large enough to be worth compressing (every answer under 1 KiB goes as it is). */
const filler = (what: string) => `/* ${what} */` + ' console.log("sahyog");'.repeat(200);
const SCRIPT = `export const app = 1;${filler('hashed bundle')}`;
/** A real 1x1 ICO would do as well: the point is that an icon, not the HTML page, answers. */
const ICON = Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0, 4, 0, 0, 0, 22, 0, 0, 0, 0, 0, 0, 0]);
const page = (name: string) =>
  `<!doctype html><title>Sahyog</title><script type="module" src="/assets/index-AbC123.js"></script>` +
  `<div id="root">${name}<!-- ${filler(name)} --></div>`;

/** Stand-ins for the two builds as `npm run build` leaves them: prerendered pages, shell, hashed assets with .br/.gz twins, favicon. */
function fakeBuilds(): string {
  const root = mkdtempSync(join(tmpdir(), 'sahyog-web-'));
  const write = (file: string, data: string | Buffer, twins = false) => {
    const full = join(root, file);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, data);
    if (twins) {
      writeFileSync(`${full}.br`, brotliCompressSync(data));
      writeFileSync(`${full}.gz`, gzipSync(data));
    }
  };
  write('member-web/dist/index.html', page('LANDING PRERENDERED'), true);
  write('member-web/dist/login/index.html', page('LOGIN PRERENDERED'), true);
  write('member-web/dist/hi/index.html', page('LANDING IN HINDI'), true);
  write('member-web/dist/hi/login/index.html', page('LOGIN IN HINDI'), true);
  write('member-web/dist/app.html', page('MEMBER SHELL'));
  write('member-web/dist/public.html', page('PUBLIC SHELL'));
  write('member-web/dist/hi/app.html', page('MEMBER SHELL IN HINDI'));
  write('member-web/dist/hi/public.html', page('PUBLIC SHELL IN HINDI'));
  write('member-web/dist/dashboard.html', page('DASHBOARD SHELL'));
  write('member-web/dist/hi/dashboard.html', page('DASHBOARD SHELL IN HINDI'));
  write('member-web/dist/sw.js', SCRIPT, true);
  write('member-web/dist/manifest.webmanifest', JSON.stringify({ name: 'Sahyog', start_url: '/dashboard' }));
  write('member-web/dist/assets/index-AbC123.js', SCRIPT, true);
  write('member-web/dist/assets/tiny-XyZ789.js', 'export {};');
  write('member-web/dist/favicon.ico', ICON);
  write('member-web/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('admin-web/dist/index.html', page('ADMIN SHELL'), true);
  write('admin-web/dist/assets/index-Adm456.js', SCRIPT, true);
  write('admin-web/dist/favicon.ico', ICON);
  return root;
}

describe('web delivery: compression, cache headers, favicon, prerendered pages', () => {
  let t: TestApp;
  let builds: string;
  const server = () => t.app.getHttpServer();
  const get = (path: string, encoding?: string) => {
    const req = request(server()).get(path);
    return encoding === undefined ? req : req.set('Accept-Encoding', encoding);
  };

  beforeAll(async () => {
    builds = fakeBuilds();
    t = await startTestApp({}, builds);
  });
  afterAll(async () => {
    await t.close();
    rmSync(builds, { recursive: true, force: true });
  });

  describe('hashed assets', () => {
    it.each([
      ['/assets/index-AbC123.js', 'br'],
      ['/assets/index-AbC123.js', 'gzip'],
      ['/admin/assets/index-Adm456.js', 'br'],
      ['/admin/assets/index-Adm456.js', 'gzip'],
    ])('%s goes as its precompressed %s twin, cached for a year, immutable', async (path, encoding) => {
      const res = await get(path, `${encoding}, deflate`);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.text).toBe(SCRIPT); // supertest decodes: the twin holds exactly the file
    });

    it('prefers brotli when the browser takes both (what Chromium asks for)', async () => {
      const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.text).toBe(SCRIPT);
    });

    it('sends the file itself to a client that accepts no encoding', async () => {
      const res = await get('/assets/index-AbC123.js', 'identity');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.text).toBe(SCRIPT);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('does not serve the twins under their own names', async () => {
      const res = await get('/assets/index-AbC123.js.br', 'identity');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.text).not.toContain('export const app');
    });

    it('leaves a tiny file uncompressed', async () => {
      const res = await get('/assets/tiny-XyZ789.js', 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.text).toBe('export {};');
    });
  });

  describe('HTML pages: prerendered where they exist, never cached without asking', () => {
    it.each([
      ['/', 'LANDING PRERENDERED'],
      ['/login', 'LOGIN PRERENDERED'],
      ['/Login', 'LOGIN PRERENDERED'],
      ['/login?next=1', 'LOGIN PRERENDERED'],
      ['/dashboard', 'DASHBOARD SHELL'],
      ['/Dashboard/', 'DASHBOARD SHELL'],
      ['/EpinHistory', 'MEMBER SHELL'],
      ['/no-such-page', 'MEMBER SHELL'],
      ['/signup?userid=100000', 'PUBLIC SHELL'],
      ['/SignUp/', 'PUBLIC SHELL'],
      ['/ForgotPassword', 'PUBLIC SHELL'],
      ['/WelcomeLetter', 'PUBLIC SHELL'],
      ['/admin/', 'ADMIN SHELL'],
      ['/admin/members/12', 'ADMIN SHELL'],
    ])('GET %s answers its page, compressed, with Cache-Control: no-cache', async (path, marker) => {
      const res = await get(path, 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.text).toContain(marker);
    });

    it.each([
      ['/', 'sahyog.language=hi', 'LANDING IN HINDI'],
      ['/login', 'theme=dark; sahyog.language=hi', 'LOGIN IN HINDI'],
      ['/Login?x=1', 'sahyog.language=hi; theme=dark', 'LOGIN IN HINDI'],
      ['/', 'sahyog.language=en', 'LANDING PRERENDERED'],
      ['/login', 'sahyog.language=fr', 'LOGIN PRERENDERED'],
      ['/login', 'other.language=hi', 'LOGIN PRERENDERED'],
      ['/dashboard', 'sahyog.language=hi', 'DASHBOARD SHELL IN HINDI'],
      ['/EpinHistory', 'sahyog.language=hi', 'MEMBER SHELL IN HINDI'],
      ['/signup?userid=100000', 'sahyog.language=hi', 'PUBLIC SHELL IN HINDI'],
      ['/dashboard', 'sahyog.language=en', 'DASHBOARD SHELL'],
    ])('GET %s with Cookie %s answers the page prerendered in that language (%s)', async (path, cookie, marker) => {
      const res = await get(path, 'br, gzip').set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.text).toContain(marker);
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('sends a page gzip-encoded to a browser without brotli, and as it is to one without either', async () => {
      const gz = await get('/login', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.text).toContain('LOGIN PRERENDERED');
      const plain = await get('/login', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toContain('LOGIN PRERENDERED');
    });
  });

  describe('installable app (issue 20)', () => {
    it('serves the web app manifest at /manifest.webmanifest, revalidated', async () => {
      const res = await get('/manifest.webmanifest');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(res.text)).toMatchObject({ start_url: '/dashboard' });
    });

    it('serves the service worker as a script, revalidated at each check, under a CSP that lets it run', async () => {
      const res = await get('/sw.js', 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // The worker runs from 'self' (worker-src falls back to script-src) and fetches only 'self'.
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/connect-src 'self'/);
    });
  });

  describe('favicon', () => {
    it.each(['/favicon.ico', '/admin/favicon.ico'])('%s answers the icon, not the HTML page', async (path) => {
      const res = await get(path).responseType('blob'); // the body as bytes
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
      expect(Buffer.compare(res.body as Buffer, ICON)).toBe(0);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('serves the SVG icon with its type', async () => {
      const res = await get('/favicon.svg');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    });
  });

  describe('JSON answers', () => {
    it.each(['br', 'gzip'])('a large one (the OpenAPI document) is compressed with %s on the fly', async (encoding) => {
      const res = await get('/api/docs-json', encoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect((res.body as { openapi?: string }).openapi).toMatch(/^3\./);
    });

    it('a tiny one goes as it is', async () => {
      const res = await get('/api/health', 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    });

    it('a refusal with a JSON body is still read as JSON by the client', async () => {
      const res = await request(server()).post('/api/login').set('Accept-Encoding', 'br, gzip').send({});
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof (res.body as { result?: unknown }).result).toBe('string');
    });

    it('request bodies are read as sent: a gzip-encoded body is not inflated', async () => {
      const res = await request(server())
        .post('/api/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(gzipSync(JSON.stringify({ uid: '100001', password: 'x', ipaddress: '' })));
      expect(res.status).toBe(400);
    });
  });
});
