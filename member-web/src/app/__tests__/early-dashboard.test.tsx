import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_KEY, putEarlyAnswer } from '../../lib/early-answer';
import { keepLastFigures } from '../../lib/last-figures';
import { PERSIST_KEY, getSession } from '../../lib/session';
import { DASHBOARD_SUMMARY } from '../../testing/dashboard-summary';
import { mockApi } from '../../testing/mock-api';
import { renderApp, signInMember } from '../../testing/render-app';
import {
  drawFigures,
  EARLY_KEY,
  PRELOAD_META,
  SESSION_KEY,
  startEarlyDashboard,
  storedSession,
} from '../early-dashboard';

/** A JWT-shaped token with this `exp` (seconds). */
const tokenWithExpiry = (exp: number) =>
  `h.${btoa(JSON.stringify({ sub: '482913', exp }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.s`;

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === SESSION_KEY ? value : null) });
const session = (auth: object) => JSON.stringify({ auth });

function dashboardShell(): void {
  document.body.innerHTML = `<div id="root" data-shell="dashboard">
    <p data-shell-figure="status" data-active="सक्रिय" data-inactive="निष्क्रिय" data-testid="member-status"></p>
    <p data-shell-figure="net-balance" data-testid="net-balance"></p>
    <p data-shell-figure="as-of" data-testid="as-of" data-template="Figures as of {{time}}." hidden></p></div>`;
}

/** This window at `path`, its fetch answering `reply` (a status and body) and recording the requests. */
function fakeWindow(path: string, reply: { status: number; body: unknown } | Error) {
  const fetch = vi.fn(() =>
    reply instanceof Error
      ? Promise.reject(reply)
      : Promise.resolve({ status: reply.status, json: () => Promise.resolve(reply.body) }),
  );
  window.history.replaceState(null, '', path);
  Object.defineProperty(window, 'fetch', { value: fetch, configurable: true, writable: true });
  return { fetch, window };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const originalFetch = window.fetch;

afterEach(() => {
  Object.defineProperty(window, 'fetch', { value: originalFetch, configurable: true, writable: true });
  window.history.replaceState(null, '', '/');
  putEarlyAnswer({ uid: '', token: '', answer: Promise.resolve(undefined), taken: true });
  document.body.innerHTML = '';
});

describe("the dashboard shell's early script (issue 20 targets, decision 0040)", () => {
  it('reads the session where lib/session.ts keeps it, and leaves the answer where lib/early-answer.ts finds it', () => {
    expect(SESSION_KEY).toBe(PERSIST_KEY);
    expect(EARLY_KEY).toBe(EARLY_ANSWER_KEY);
  });

  it('takes a signed-in session with a live token, and nothing else', () => {
    const now = Date.UTC(2026, 10, 27);
    const live = tokenWithExpiry(now / 1000 + 3600);
    const expired = tokenWithExpiry(now / 1000 - 1);
    const signedIn = { isAuth: true, userId: '482913', jwtToken: live };
    expect(storedSession([storageWith(session(signedIn))], now)).toEqual({ uid: '482913', token: live });
    expect(storedSession([storageWith(null), storageWith(session(signedIn))], now)).toEqual({
      uid: '482913',
      token: live,
    });
    expect(storedSession([storageWith(session({ ...signedIn, jwtToken: expired }))], now)).toBeUndefined();
    expect(storedSession([storageWith(session({ ...signedIn, isAuth: false }))], now)).toBeUndefined();
    expect(storedSession([storageWith(session({ ...signedIn, jwtToken: '' }))], now)).toBeUndefined();
    expect(storedSession([storageWith('{not json')], now)).toBeUndefined();
    expect(storedSession([storageWith(null)], now)).toBeUndefined();
  });

  it("draws the answer's net balance and status (in the shell's language) into the shell", () => {
    dashboardShell();
    drawFigures(document, [{ ...DASHBOARD_SUMMARY, Net_Balance: '1234.5', Activestatus: 'Active' }]);
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹1234.50');
    expect(screen.getByTestId('member-status')).toHaveTextContent('सक्रिय');
    expect(screen.getByTestId('member-status')).toHaveAttribute('data-tone', 'success');

    drawFigures(document, [{ ...DASHBOARD_SUMMARY, Activestatus: 'Inactive' }]);
    expect(screen.getByTestId('member-status')).toHaveTextContent('निष्क्रिय');
    expect(screen.getByTestId('member-status')).toHaveAttribute('data-tone', 'error');

    drawFigures(document, { result: 'Please login to access this resource' });
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹900.00');
  });

  it('asks POST /api/userDashboard at once on /dashboard with the stored token, and draws the answer', async () => {
    signInMember();
    dashboardShell();
    const { fetch, window: fake } = fakeWindow('/Dashboard/', { status: 200, body: [DASHBOARD_SUMMARY] });
    startEarlyDashboard(fake);
    expect(fetch).toHaveBeenCalledWith('/api/userDashboard', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${getSession().jwtToken}` },
      body: JSON.stringify({ uid: getSession().userId }),
    });
    await flush();
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹900.00');
  });

  it("preloads the shell's listed chunks after the call has gone out, and nothing that is not an asset", () => {
    signInMember();
    document.head.innerHTML = `<meta name="${PRELOAD_META}" content="/assets/dashboard-route-X1.js https://evil.example/a.js /assets/en-Y2.js">`;
    const { fetch } = fakeWindow('/dashboard', { status: 200, body: [DASHBOARD_SUMMARY] });
    const appended: string[] = [];
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      expect(fetch).toHaveBeenCalled();
      appended.push((node as HTMLLinkElement).getAttribute('href') ?? '');
      return append(node);
    });
    startEarlyDashboard(window);
    expect(appended).toEqual(['/assets/dashboard-route-X1.js', '/assets/en-Y2.js']);
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')]).toHaveLength(2);
    document.head.innerHTML = '';
  });

  it('draws the last figures kept on this device at once, marked with their time, until the answer replaces them', async () => {
    signInMember();
    keepLastFigures('dashboard', { ...DASHBOARD_SUMMARY, Net_Balance: '12.00' }, Date.now() - 60_000);
    dashboardShell();
    let answer: (value: unknown) => void = () => undefined;
    const fetch = vi.fn(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    window.history.replaceState(null, '', '/dashboard');
    Object.defineProperty(window, 'fetch', { value: fetch, configurable: true, writable: true });
    startEarlyDashboard(window);
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹12.00');
    expect(screen.getByTestId('as-of')).toBeVisible();
    expect(screen.getByTestId('as-of').textContent).toMatch(/^Figures as of \d{1,2}:\d{2}/);

    answer({ status: 200, json: () => Promise.resolve([DASHBOARD_SUMMARY]) });
    await flush();
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹900.00');
    expect(screen.getByTestId('as-of')).not.toBeVisible();
  });

  it('asks nothing on another page or without a session, and draws nothing from a refused answer', async () => {
    signInMember();
    const other = fakeWindow('/EpinHistory', { status: 200, body: [DASHBOARD_SUMMARY] });
    startEarlyDashboard(other.window);
    expect(other.fetch).not.toHaveBeenCalled();

    dashboardShell();
    const refused = fakeWindow('/dashboard', { status: 403, body: { code: 'AUTH.PASSWORD_CHANGE_REQUIRED' } });
    startEarlyDashboard(refused.window);
    await flush();
    expect(screen.getByTestId('net-balance')).toHaveTextContent('');

    window.localStorage.clear();
    const signedOut = fakeWindow('/dashboard', { status: 200, body: [DASHBOARD_SUMMARY] });
    startEarlyDashboard(signedOut.window);
    expect(signedOut.fetch).not.toHaveBeenCalled();
  });

  it("the dashboard takes the shell's answer instead of asking again", async () => {
    signInMember();
    const api = mockApi({ 'POST /userDashboard': { data: [{ ...DASHBOARD_SUMMARY, Net_Balance: '5.00' }] } });
    const early = fakeWindow('/dashboard', { status: 200, body: [DASHBOARD_SUMMARY] });
    startEarlyDashboard(early.window);
    await flush();
    renderApp('/dashboard');
    expect(await screen.findByTestId('net-balance')).toHaveTextContent('₹900.00');
    await flush();
    expect(api.callsTo('POST /userDashboard')).toHaveLength(0);
  });

  it("asks the server itself when the shell's call failed", async () => {
    signInMember();
    const api = mockApi({ 'POST /userDashboard': { data: [{ ...DASHBOARD_SUMMARY, Net_Balance: '5.00' }] } });
    startEarlyDashboard(fakeWindow('/dashboard', new TypeError('Failed to fetch')).window);
    await flush();
    renderApp('/dashboard');
    expect(await screen.findByTestId('net-balance')).toHaveTextContent('₹5.00');
    expect(api.callsTo('POST /userDashboard')).toHaveLength(1);
  });

  it("never hands one member's answer to another session", async () => {
    signInMember();
    putEarlyAnswer({
      uid: '100001',
      token: 'jwt-of-someone-else',
      answer: Promise.resolve([{ ...DASHBOARD_SUMMARY, Net_Balance: '777.00' }]),
      settled: [{ ...DASHBOARD_SUMMARY, Net_Balance: '777.00' }],
    });
    const api = mockApi({ 'POST /userDashboard': { data: [{ ...DASHBOARD_SUMMARY, Net_Balance: '5.00' }] } });
    renderApp('/dashboard');
    expect(await screen.findByTestId('net-balance')).toHaveTextContent('₹5.00');
    expect(api.callsTo('POST /userDashboard')).toHaveLength(1);
  });
});
