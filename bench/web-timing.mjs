// Issue 20's web timings: the member pages as a new member on a cheap phone meets them, under the
// two throttling profiles, cold (empty cache, no service worker) and warm (the same browser after
// one unthrottled visit: HTTP cache and, where the build has one, the service worker installed).
// For each load: the time to the first drawn shell (First Contentful Paint) and the time to the
// page's content (the dashboard's net balance, the signup's sponsor name; the login form and the
// landing page's heading). Driven by scripts/bench.mjs (BENCH_ONLY=web), see bench/README.md.
import puppeteer from 'puppeteer-core';

/** Chromium's network emulation takes bytes per second. */
const kbit = (value) => (value * 1000) / 8;

/** The two profiles of issue 20 (a phone at 390×844, 4× CPU slowdown). */
export const PROFILES = [
  { name: 'slow 3G', latencyMs: 400, downloadKbit: 400, uploadKbit: 400, cpu: 4 },
  { name: '2G', latencyMs: 2000, downloadKbit: 50, uploadKbit: 50, cpu: 4 },
];

/** The profiles named in a comma-separated list (BENCH_WEB_PROFILES); both when it is empty. */
export function chooseProfiles(list) {
  const wanted = (list ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length === 0) return PROFILES;
  const chosen = PROFILES.filter((profile) => wanted.includes(profile.name.toLowerCase()));
  if (chosen.length !== wanted.length)
    throw new Error(`BENCH_WEB_PROFILES: choose from ${PROFILES.map((p) => p.name).join(', ')}`);
  return chosen;
}

/** Issue 20's targets, in milliseconds, per profile. */
export const TARGETS = {
  shell: { 'slow 3G': 2000, '2G': 8000 },
  dashboardCold: { 'slow 3G': 5000 },
  dashboardWarm: { 'slow 3G': 1500, '2G': 3000 },
};

/** The pages: `content` is the selector whose first non-empty text is the page's content. */
export const PAGES = [
  { name: '/', path: '/', content: 'h1' },
  { name: '/login', path: '/login', content: 'input[type="password"]', empty: true },
  { name: '/signup?userid=100000', path: '/signup?userid=100000', content: '[data-testid="sponsor-status"]' },
  { name: '/dashboard (signed in)', path: '/dashboard', content: '[data-testid="net-balance"]', signedIn: true },
];

/** The pages whose path (without the query) is in a comma-separated list (BENCH_WEB_TIMING_PAGES); all when it is empty. */
export function chooseTimingPages(list) {
  const wanted = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (wanted.length === 0) return PAGES;
  const pathOf = (page) => page.path.split('?')[0];
  const unknown = wanted.filter((item) => !PAGES.some((page) => pathOf(page) === item));
  if (unknown.length)
    throw new Error(
      `BENCH_WEB_TIMING_PAGES: unknown page(s) ${unknown.join(', ')}; choose from ${PAGES.map(pathOf).join(', ')}`,
    );
  return PAGES.filter((page) => wanted.includes(pathOf(page)));
}

/**
 * Runs before any of the page's own scripts (CDP, not subject to the page's CSP): notes when the
 * content selector first holds text (or, with `empty`, first exists), on the page's clock.
 */
function watchFor(selector, empty) {
  const found = () => {
    const element = document.querySelector(selector);
    return element && (empty || /\S/.test(element.textContent ?? '')) ? element : null;
  };
  const note = () => {
    if (window.__benchContentAt !== undefined) return;
    if (found()) {
      window.__benchContentAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('DOMContentLoaded', note);
}

const VIEWPORT = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function throttle(page, profile) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: kbit(profile.downloadKbit),
    uploadThroughput: kbit(profile.uploadKbit),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  return cdp;
}

/** One measured load of `target` in `context`; resolves with the shell and content times in ms. */
async function measure(context, baseUrl, target, profile, timeoutMs, auth, waterfall) {
  const page = await context.newPage();
  try {
    await page.setViewport(VIEWPORT);
    if (target.signedIn) await seedSession(page, baseUrl, auth);
    await page.evaluateOnNewDocument(watchFor, target.content, Boolean(target.empty));
    if (profile) await throttle(page, profile);
    await page.goto(new URL(target.path, baseUrl).href, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    await page.waitForFunction(() => window.__benchContentAt !== undefined, { timeout: timeoutMs, polling: 250 });
    // First Contentful Paint: the first text or image drawn, i.e. the shell (or the page, when no shell comes first).
    const fcp = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, {
      timeout: timeoutMs,
      polling: 250,
    });
    const shellMs = await fcp.jsonValue();
    const contentMs = await page.evaluate(() => window.__benchContentAt);
    if (waterfall) {
      // What the page waited for: each request's start and end on the page's clock (BENCH_WEB_WATERFALL=1).
      const entries = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({
          name: e.name.replace(location.origin, ''),
          start: Math.round(e.startTime),
          end: Math.round(e.responseEnd),
          bytes: e.transferSize,
          worker: e.workerStart > 0,
        })),
      );
      waterfall(
        [
          `  content at ${Math.round(contentMs)} ms, shell at ${Math.round(shellMs)} ms; requests (start → end ms, bytes):`,
          ...entries.map(
            (e) =>
              `    ${String(e.start).padStart(6)} → ${String(e.end).padStart(6)}  ${String(e.bytes).padStart(7)}${e.worker ? ' sw' : ''}  ${e.name}`,
          ),
        ].join('\n'),
      );
    }
    return { shellMs, contentMs: Math.max(contentMs, shellMs) };
  } finally {
    await page.close().catch(() => {});
  }
}

/** A warm-up visit without throttling: fills the HTTP cache, installs the service worker if any. */
async function warmUp(context, baseUrl, target, auth) {
  const page = await context.newPage();
  try {
    await page.setViewport(VIEWPORT);
    if (target.signedIn) await seedSession(page, baseUrl, auth);
    await page.goto(new URL(target.path, baseUrl).href, { waitUntil: 'networkidle0', timeout: 120_000 });
    // A service worker (when the build registers one) activated with its precache filled.
    await page
      .waitForFunction(
        async () =>
          !('serviceWorker' in navigator) || (await navigator.serviceWorker.getRegistration())?.active != null,
        { timeout: 60_000, polling: 500 },
      )
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1500));
  } finally {
    await page.close().catch(() => {});
  }
}

async function signIn(baseUrl, member) {
  const response = await fetch(new URL('/api/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ uid: member.uid, password: member.password, ipaddress: '' }),
  });
  const body = await response.json();
  if (!body.token) throw new Error(`login of ${member.uid} failed: ${JSON.stringify(body)}`);
  return {
    isAuth: true,
    ipAddress: '',
    impersonated: false,
    userId: body.resultid,
    username: body.resultusername,
    jwtToken: body.token,
  };
}

/** Puts the member's session where member-web keeps it (localStorage since decision 0040; sessionStorage before). */
async function seedSession(page, baseUrl, auth) {
  // Any page of the origin that loads none of the app's files (and that no service worker answers).
  await page.goto(new URL('/api/health', baseUrl).href, { waitUntil: 'load' });
  await page.evaluate((value) => {
    window.localStorage.setItem('persist:root', value);
    window.sessionStorage.setItem('persist:root', value);
  }, JSON.stringify({ auth }));
}

/**
 * Every page × profile × cold/warm, `runs` times (round after round). A fresh incognito context
 * per cold load; warm loads reuse a context that visited the page once unthrottled. The signed-in
 * page gets the session in the measuring tab itself, before the throttled navigation (a build that
 * keeps it in sessionStorage reads it only in that tab).
 */
export async function runTimings({
  baseUrl,
  chromePath,
  member,
  log,
  runs = 1,
  pages = PAGES,
  profiles = PROFILES,
  waterfall = false,
}) {
  const auth = await signIn(baseUrl, member);
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-extensions', '--disable-quic'],
  });
  const results = [];
  try {
    for (let round = 1; round <= runs; round += 1)
      for (const profile of profiles)
        for (const target of pages) {
          const timeoutMs = profile.latencyMs >= 2000 ? 240_000 : 90_000;
          for (const temperature of ['cold', 'warm']) {
            const context = await browser.createBrowserContext();
            try {
              if (temperature === 'warm') await warmUp(context, baseUrl, target, auth);
              log(`timing ${target.name} ${profile.name} ${temperature} (run ${round} of ${runs})`);
              const figures = await measure(
                context,
                baseUrl,
                target,
                profile,
                timeoutMs,
                auth,
                waterfall ? log : undefined,
              ).catch((error) => ({
                error: error.message.split('\n')[0],
              }));
              results.push({ page: target.name, profile: profile.name, temperature, round, ...figures });
            } finally {
              await context.close().catch(() => {});
            }
          }
        }
  } finally {
    await browser.close();
  }
  return results;
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (value) => (value === undefined ? 'failed' : `${(value / 1000).toFixed(1)} s`);

/** The target a figure is held to, if any. */
function targetOf(row, what) {
  if (what === 'shell') return TARGETS.shell[row.profile];
  if (!row.page.startsWith('/dashboard')) return undefined;
  return (row.temperature === 'cold' ? TARGETS.dashboardCold : TARGETS.dashboardWarm)[row.profile];
}

/** The medians per page, profile and temperature as a table, each figure against its target. */
export function reportTimings(results) {
  const keys = [...new Set(results.map((r) => `${r.profile}|${r.page}|${r.temperature}`))];
  let misses = 0;
  const rows = keys.map((key) => {
    const [profile, page, temperature] = key.split('|');
    const runs = results.filter((r) => `${r.profile}|${r.page}|${r.temperature}` === key);
    const row = { profile, page, temperature };
    const cell = (what) => {
      const value = median(runs.map((r) => r[`${what}Ms`]));
      const target = targetOf(row, what);
      if (target === undefined) return seconds(value);
      const ok = value !== undefined && value <= target;
      if (!ok) misses += 1;
      return `${seconds(value)} (≤ ${target / 1000} s ${ok ? 'ok' : 'MISSED'})`;
    };
    return [profile, page, temperature, cell('shell'), cell('content')];
  });
  const header = ['profile', 'page', 'load', 'shell', 'content'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  const errors = results.filter((r) => r.error).map((r) => `${r.page} ${r.profile} ${r.temperature}: ${r.error}`);
  const verdict = misses === 0 ? 'PASS' : 'BELOW TARGET';
  return {
    text: [
      line(header),
      ...rows.map(line),
      ...errors,
      `targets (issue 20): shell ≤ 2 s slow 3G / ≤ 8 s 2G on every page; dashboard balance cold ≤ 5 s slow 3G, warm ≤ 1.5 s slow 3G / ≤ 3 s 2G: ${verdict}`,
    ].join('\n'),
    verdict,
  };
}
