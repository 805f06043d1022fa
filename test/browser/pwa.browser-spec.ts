/**
 * Browser e2e of issue 20's installable, offline-tolerant member app and "never a blank page":
 * - the early tap: /login with the app's scripts held back; typing and pressing LOGIN puts nothing
 *   in any URL, keeps what was typed, says it is getting ready, and logs in once the scripts arrive;
 * - the offline round trip: a signed-in member's dashboard installs the service worker; offline, a
 *   menu tap still draws its screen (code from the precache), whose list says it could not load
 *   (never "No Data Found"), a banner says offline, and a reload draws the dashboard from the cache
 *   with the last figures and their time; back online, everything recovers by itself;
 * - the manifest and every route's prerendered shell (top bar and skeleton, in the device's
 *   language) before any script has run.
 */
import type { Page, Route } from 'playwright-core';
import { BASE_URL, MEMBER_PASSWORD, memberLogin, openSession, step, type Session } from './support';

jest.setTimeout(240_000);

const PHONE = { width: 390, height: 844 };

/** Polls `expression` in the page (page.evaluate: the page's CSP forbids waitForFunction's eval). */
async function until(page: Page, expression: string, what: string, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await page.evaluate<boolean>(expression));) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await page.waitForTimeout(200);
  }
}

describe('issue 20: the installable, offline-tolerant member app', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openSession();
    await s.page.setViewportSize(PHONE);
  });
  afterEach(async () => {
    await s.close();
  });

  it('a tap on LOGIN before the scripts run never puts the password in a URL, and logs in once they arrive', async () => {
    const { page } = s;
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    // The app's scripts are held back until released: the prerendered page is all there is.
    const held: Route[] = [];
    let release = false;
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      (route) => (release ? route.continue() : void held.push(route)),
    );
    await step(s, 'the prerendered /login draws without its scripts', async () => {
      await page.goto('/login', { waitUntil: 'commit' });
      await page.locator('input[name=uid]').waitFor();
    });
    await step(
      s,
      'type and tap LOGIN before the app runs: nothing is submitted, the fields keep their text',
      async () => {
        await page.locator('input[name=uid]').fill('100003');
        await page.locator('input[name=password]').fill(MEMBER_PASSWORD);
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await page.getByText('Getting ready').waitFor({ state: 'visible' });
        await page.keyboard.press('Enter');
        await page.waitForTimeout(1500);
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(page.url()).not.toContain('password');
        expect(await page.locator('input[name=uid]').inputValue()).toBe('100003');
        expect(await page.locator('input[name=password]').inputValue()).toBe(MEMBER_PASSWORD);
      },
    );
    await step(s, 'the scripts arrive: the held tap logs the member in', async () => {
      release = true;
      for (const route of held.splice(0)) await route.continue();
      await page.waitForURL(/\/(Disclaimer|dashboard)$/, { timeout: 60_000 });
    });
    const leaked = urls.filter((url) => url.includes(encodeURIComponent(MEMBER_PASSWORD)) || url.includes('password='));
    expect(leaked).toEqual([]);
  });

  it('the offline round trip: load, go offline, navigate, reload, come back', async () => {
    const { page, context } = s;
    await step(s, 'sign in; the dashboard shows the balance', () => memberLogin(page, '100001'));
    const balance = (await page.getByTestId('net-balance').innerText()).trim();
    await step(s, 'the service worker is installed and controls the page', async () => {
      await until(
        page,
        '(async () => !!navigator.serviceWorker.controller && (await navigator.serviceWorker.ready).active?.state === "activated")()',
        'service worker',
        90_000,
      );
    });

    await step(s, 'offline, a menu tap draws the screen; its list says it failed, with a retry', async () => {
      await context.setOffline(true);
      await page.getByTestId('connection-banner').getByText('You are offline.').waitFor();
      // An in-app navigation (a link of the top bar would need a menu of dash's; the route's code is what matters).
      await navigateInApp(page, '/WithdrawalHistory');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText('This could not be loaded').waitFor();
      expect(await page.getByText('No Data Found').count()).toBe(0);
      await page.getByRole('button', { name: 'Retry' }).first().waitFor();
    });

    await step(
      s,
      'offline, a reload draws the dashboard from the cache with the last figures and their time',
      async () => {
        await page.goto('/dashboard');
        await page.getByTestId('net-balance').filter({ hasText: balance }).waitFor();
        await page
          .getByTestId('connection-banner')
          .getByText(/Figures as of/)
          .waitFor();
      },
    );

    await step(s, 'back online: the banner goes and the figures refresh by themselves', async () => {
      const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/userDashboard');
      await context.setOffline(false);
      expect((await refreshed).status()).toBe(200);
      await page.getByTestId('connection-banner').waitFor({ state: 'detached' });
      await navigateInApp(page, '/WithdrawalHistory');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByText('This could not be loaded').count()).toBe(0);
    });
  });

  it('serves the manifest, and every route draws its shell before any script runs, in the device language', async () => {
    const manifest = (await (await fetch(`${BASE_URL}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/dashboard' });
    expect((manifest.icons as unknown[]).length).toBeGreaterThanOrEqual(2);

    const { page, context } = s;
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      (route) => route.abort(),
    );
    for (const [path, text] of [
      ['/dashboard', 'REGISTER'],
      ['/signup?userid=100000', 'Sahyog'],
      ['/EpinHistory', 'REGISTER'],
    ] as const)
      await step(s, `${path} draws its shell without scripts`, async () => {
        await page.goto(path, { waitUntil: 'commit' });
        await page.locator('[data-shell-skeleton]').waitFor();
        await page.getByText(text, { exact: true }).first().waitFor();
      });
    await context.addCookies([{ name: 'sahyog.language', value: 'hi', url: BASE_URL }]);
    await step(s, 'a Hindi device gets the shell in Hindi', async () => {
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await page.locator('[data-shell-skeleton]').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    });
  });
});

/** An in-app navigation, as the router's own links make it: history.pushState and a popstate event (runs in the page). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const w = globalThis as unknown as {
      history: { pushState(state: unknown, unused: string, url: string): void };
      dispatchEvent(event: unknown): boolean;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState({}, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, path);
}
