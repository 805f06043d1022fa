/**
 * Browser e2e of issue 8, point 11: the built member-web, admin-web and Swagger UI load and work in
 * Chromium with the server's Content-Security-Policy on, and the browser reports no violation —
 * while the policy is really enforced (an injected inline script does not run).
 */
import { type Page } from 'playwright-core';
import { MEMBER_PASSWORD, ROOT_MEMBER, adminLogin, openSession, step, type Session } from './support';

jest.setTimeout(120_000);

/** A 1×1 PNG, as the UPI QR is drawn: a data: URL. */
const DATA_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// The page-side code is text (this project's test types have no DOM): it runs in Chromium, not in Node.
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' (' + e.sourceFile + ':' + e.lineNumber + ')'));
`;
const LOAD_IMAGE = (src: string) => `new Promise((resolve) => {
  const img = document.createElement('img');
  img.onload = () => resolve(img.naturalWidth);
  img.onerror = () => resolve(-1);
  img.src = ${JSON.stringify(src)};
  document.body.appendChild(img);
})`;
const INJECT_INLINE_SCRIPT = `(() => {
  const script = document.createElement('script');
  script.textContent = 'window.__inlineRan = true;';
  document.body.appendChild(script);
  return window.__inlineRan === true;
})()`;

/** Every CSP violation the pages of this session report, from the DOM event and from the console. */
async function watchViolations(s: Session): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  s.page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) fromConsole.push(m.text());
  });
  await s.context.addInitScript({ content: RECORD_VIOLATIONS });
  return async () => [...fromConsole, ...((await s.page.evaluate('window.__cspViolations || []')) as string[])];
}

async function open(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  const csp = res?.headers()['content-security-policy'] ?? '';
  if (!csp.includes("script-src 'self'") || !csp.includes("frame-ancestors 'none'"))
    throw new Error(`${path} came without the CSP: "${csp}"`);
}

describe('the built apps under the Content-Security-Policy', () => {
  let s: Session;
  let violations: () => Promise<string[]>;

  beforeEach(async () => {
    s = await openSession();
    violations = await watchViolations(s);
  });
  afterEach(() => s.close());

  it('member-web: landing, signup, login and dashboard, a data: image; no violation', async () => {
    const { page } = s;
    await step(s, 'csp-member-landing', async () => {
      await open(page, '/');
      await page.getByRole('link', { name: /login/i }).first().waitFor();
      expect(await violations()).toEqual([]);
    });
    await step(s, 'csp-member-signup', async () => {
      await open(page, `/signup?userid=${ROOT_MEMBER}`);
      await page.getByText('Sahyog Foundation').first().waitFor();
      expect(await violations()).toEqual([]);
    });
    await step(s, 'csp-member-login', async () => {
      await open(page, '/login');
      await page.locator('input[name=uid]').fill(ROOT_MEMBER);
      await page.locator('input[name=password]').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL('**/Disclaimer');
      expect(await violations()).toEqual([]);
    });
    await step(s, 'csp-member-data-image', async () => {
      expect(await page.evaluate(LOAD_IMAGE(DATA_PNG))).toBe(1);
      expect(await violations()).toEqual([]);
    });
  });

  it('the policy is enforced: an injected inline script does not run, and the browser reports it', async () => {
    await step(s, 'csp-enforced', async () => {
      await open(s.page, '/login');
      expect(await s.page.evaluate(INJECT_INLINE_SCRIPT)).toBe(false);
      // The violation event is dispatched asynchronously.
      let reported: string[] = [];
      for (let i = 0; i < 20 && !reported.some((v) => v.startsWith('script-src')); i++) {
        await s.page.waitForTimeout(100);
        reported = await violations();
      }
      expect(reported.some((v) => v.startsWith('script-src'))).toBe(true);
    });
  });

  it('admin-web: login and the members list; no violation', async () => {
    const { page } = s;
    await step(s, 'csp-admin-login', async () => {
      await open(page, '/admin/');
      await adminLogin(page);
    });
    await step(s, 'csp-admin-members', async () => {
      await page.goto('/admin/#/members');
      // Any member row (the list is newest first: which ids show depends on what other tests registered).
      await page
        .locator('tbody tr')
        .filter({ hasText: /\b\d{6}\b/ })
        .first()
        .waitFor();
      expect(await violations()).toEqual([]);
    });
  });

  it('Swagger UI at /api/docs renders the contract; no violation', async () => {
    await step(s, 'csp-swagger', async () => {
      await open(s.page, '/api/docs');
      await s.page.getByText('Sahyog member contract').first().waitFor();
      await s.page.locator('.opblock').first().waitFor();
      expect(await violations()).toEqual([]);
    });
  });
});
