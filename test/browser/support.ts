/**
 * Browser e2e support: Debian's chromium through playwright-core, one fresh profile per
 * session, a screenshot under .test-artifacts/ when a step fails.
 * scripts/test.mjs provides BASE_URL (a running api + worker on a migrated, seeded database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = process.env.ARTIFACTS_DIR || path.resolve(__dirname, '..', '..', '.test-artifacts');

/** Seeded demo data (node dist/cli/seed.js). */
export const ROOT_MEMBER = '100000';
export const MEMBER_PASSWORD = 'Member@123';
export const SUPERADMIN = { username: 'superadmin', password: 'Admin@123' };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests, attached to a failure for diagnosis. */
  diagnostics: string[];
  close(): Promise<void>;
}

/** A new chromium with its own fresh --user-data-dir (nothing shared between sessions). */
export async function openSession(): Promise<Session> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahyog-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    baseURL: BASE_URL,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const diagnostics: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') diagnostics.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => diagnostics.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) diagnostics.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return {
    context,
    page,
    diagnostics,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `fn`; when it throws, saves a full-page screenshot named after the step under
 * .test-artifacts/ and rethrows with the screenshot path and the page's diagnostics.
 */
export async function step<T>(session: Session, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80)}.png`);
    await session.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    const e = error as Error;
    const wrapped = new Error(
      `[${name}] ${e.message}\nscreenshot: ${file}\nurl: ${session.page.url()}` +
        (session.diagnostics.length ? `\npage diagnostics:\n  ${session.diagnostics.slice(-10).join('\n  ')}` : ''),
    );
    wrapped.stack = `${wrapped.message}\n${(e.stack ?? '').split('\n').slice(1).join('\n')}`;
    throw wrapped;
  }
}

/** Signs in to admin-web through react-admin's login form; resolves once the form is gone. */
export async function adminLogin(page: Page, admin = SUPERADMIN): Promise<void> {
  await page.goto('/admin/');
  await page.locator('input[name=username]').fill(admin.username);
  await page.locator('input[name=password]').fill(admin.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.locator('input[name=username]').waitFor({ state: 'detached' });
}

/** react-toastify toasts (member-web shows server answers and validation messages this way). */
export function toast(page: Page, text: string) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const exact = new RegExp('^\\s*' + escaped + '\\s*$');
  return page.locator('.Toastify__toast').filter({ hasText: exact }).first();
}

/** Any toast's texts currently shown (for failure messages). */
export async function toastTexts(page: Page): Promise<string[]> {
  return (await page.locator('.Toastify__toast').allInnerTexts()).map((t) => t.trim());
}

/** An admin's bearer token from POST /admin-api/auth/login. */
export async function adminToken(admin: { username: string; password: string } = SUPERADMIN): Promise<string> {
  const response = await fetch(`${BASE_URL}/admin-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`${admin.username} login failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** One admin-api call with a token; a non-2xx answer throws with its body. */
export async function adminApi<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${BASE_URL}/admin-api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /admin-api${url}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** One member-contract call (POST /api/<path>) as `uid`, signed in through /api/login. */
export async function memberApi<T>(uid: string, path: string, body: unknown): Promise<T> {
  const login = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uid, password: MEMBER_PASSWORD, ipaddress: '' }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`member ${uid} could not log in`);
  const response = await fetch(`${BASE_URL}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/**
 * Opens /login and waits until React has hydrated the prerendered form (React puts its props on the
 * element): a tap or a fill before that is lost or submits the form natively (issue 20 §2: that early
 * tap is its own test's subject).
 */
export async function openLoginPage(page: Page): Promise<void> {
  await page.goto('/login');
  // Polled with page.evaluate, which the page's CSP does not govern (waitForFunction's predicate is
  // evaluated in the page, and script-src 'self' forbids that).
  const hydrated =
    "(() => { const f = document.querySelector('input[name=uid]'); return f !== null && Object.keys(f).some((k) => k.startsWith('__reactProps')); })()";
  for (const deadline = Date.now() + HYDRATION_WAIT_MS; !(await page.evaluate<boolean>(hydrated));) {
    if (Date.now() > deadline) throw new Error(`the /login form was not live after ${HYDRATION_WAIT_MS} ms`);
    await page.waitForTimeout(100);
  }
}

/** How long a test waits for React to hydrate the prerendered /login (seconds on a loaded 2-core machine). */
const HYDRATION_WAIT_MS = 30_000;

/**
 * Signs a member in through /login (accepting the disclaimer page and the dashboard's popup when
 * they show) and waits for the dashboard to name them.
 */
export async function memberLogin(page: Page, uid: string, password = MEMBER_PASSWORD): Promise<void> {
  await openLoginPage(page);
  await page.locator('input[name=uid]').fill(uid);
  await page.locator('input[name=password]').fill(password);
  const summary = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/userDashboard' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/(dashboard|Disclaimer)$/);
  if (page.url().endsWith('/Disclaimer')) {
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(/\/dashboard$/);
  }
  const [row] = (await (await summary).json()) as Array<{ isagree: unknown }>;
  await page.getByTestId('member-uid').filter({ hasText: uid }).waitFor({ timeout: 20_000 });
  if (String(row?.isagree) !== '1') {
    const agree = page.getByRole('button', { name: 'Agree', exact: true });
    await agree.click();
    await agree.waitFor({ state: 'hidden' });
  }
}

/** Waits for a toast with exactly `text`; the failure names the toasts that did show. */
export async function expectToast(page: Page, text: string): Promise<void> {
  try {
    await toast(page, text).waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    throw new Error(`expected the toast "${text}"; toasts shown: ${JSON.stringify(await toastTexts(page))}`);
  }
}

/** Registers a member under `sponsor` through the API (set-up, not the flow under test); returns the new uid. */
export async function registerUnder(sponsor: string, name = 'Downline Buyer'): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/registrationWeb`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      sid: sponsor,
      name,
      email: 'downline@example.com',
      password: MEMBER_PASSWORD,
      mobile: '9876501234',
      countryid: '101',
      city: 'Nashik',
      state: 'Maharashtra',
      upinumber: 'down@upi',
    }),
  });
  const body = (await res.json()) as { result: string; uid_output: string };
  if (body.result !== 'Registration Successfull') throw new Error(`registration failed: ${body.result}`);
  return body.uid_output;
}

/** The demo's second superadmin: the checker of a superadmin's four-eyes requests (decision 0034). */
export const SECOND_SUPERADMIN = { username: 'superadmin2', password: 'Admin@123' };

/**
 * An admin call that may be a four-eyes request (decision 0034): when it answers 202
 * AwaitingSecondApproval, `checker` (by default the second superadmin, who may approve anything) approves
 * it; answers what the action answered.
 */
export async function adminApiApproved<T>(
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  body?: unknown,
  checker: { username: string; password: string } = SECOND_SUPERADMIN,
): Promise<T> {
  const answer = await adminApi<{ status?: string; id?: string }>(token, method, url, body);
  if (answer?.status !== 'AwaitingSecondApproval') return answer as T;
  const approved = await adminApi<{ result: T }>(await adminToken(checker), 'POST', `/four-eyes/${answer.id}/approve`);
  return approved.result;
}

/** Approves (as `checker`) the newest pending four-eyes request of `action` made by `maker`; answers its id. */
export async function approvePending(
  action: string,
  maker: string,
  checker: { username: string; password: string } = SECOND_SUPERADMIN,
): Promise<string> {
  const token = await adminToken(checker);
  const filter = encodeURIComponent(JSON.stringify({ status: 'Pending', action, maker }));
  const [request] = await adminApi<Array<{ id: string }>>(token, 'GET', `/four-eyes?filter=${filter}`);
  if (!request) throw new Error(`no pending ${action} by ${maker}`);
  await adminApi(token, 'POST', `/four-eyes/${request.id}/approve`);
  return request.id;
}
