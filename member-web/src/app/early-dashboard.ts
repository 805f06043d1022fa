import type { EarlyAnswer } from '../lib/early-answer';
import { figuresTime } from '../lib/figures-time';
import { formatAmount } from '../lib/money';

/**
 * The dashboard shell's first script (dashboard.html, scripts/prerender.mjs; decision 0040): a
 * module of its own, a few hundred bytes, that runs as soon as it has arrived — long before the
 * app's code on a slow connection. For a member with a session it asks POST /api/userDashboard at
 * once and, when the answer comes, writes the status and net balance into the shell's places for
 * them; the app takes the same answer (lib/early-answer.ts) instead of asking again, and replaces
 * the shell with the screen when it runs.
 *
 * It imports nothing of the app but the money formatting and the figures' time (no React, no i18n,
 * no HTTP client): the session is read from storage as lib/session.ts keeps it, and the shell
 * carries the status words in its language.
 * Anything unexpected — no session, an expired token, a failed or non-200 answer — leaves the shell
 * as it is and the app's own call, with its usual handling (forced logout, retry, offline), decides.
 */

/** lib/early-answer.ts EARLY_ANSWER_KEY: where the app finds the answer (a test keeps the two equal). */
export const EARLY_KEY = '__sahyogEarlyDashboard';

/** lib/session.ts PERSIST_KEY (a test keeps the two equal). */
export const SESSION_KEY = 'persist:root';

export interface StoredSession {
  uid: string;
  token: string;
}

/** The session lib/session.ts would read: signed in, with a token whose `exp` has not passed. */
export function storedSession(storage: Pick<Storage, 'getItem'>[], now = Date.now()): StoredSession | undefined {
  try {
    const raw = storage.map((place) => place.getItem(SESSION_KEY)).find((value) => value);
    if (!raw) return undefined;
    const auth = (JSON.parse(raw) as { auth?: { isAuth?: unknown; userId?: unknown; jwtToken?: unknown } }).auth;
    if (!auth || auth.isAuth !== true || typeof auth.userId !== 'string' || typeof auth.jwtToken !== 'string')
      return undefined;
    if (!auth.userId || !auth.jwtToken) return undefined;
    const exp = tokenExpiry(auth.jwtToken);
    if (exp !== undefined && exp * 1000 <= now) return undefined;
    return { uid: auth.userId, token: auth.jwtToken };
  } catch {
    return undefined;
  }
}

/** The token's `exp` as lib/session.ts reads it: undefined when it has none or is no JWT (no expiry known). */
function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** The shell's places for the first figures (app/shell/shells.tsx DashboardShell). */
export const FIGURE = { status: 'status', netBalance: 'net-balance', asOf: 'as-of' } as const;

/** Where lib/last-figures.ts keeps the member's last summary (`sahyog.last:<uid>:dashboard`; a test keeps them in step). */
const lastFiguresKey = (uid: string) => `sahyog.last:${uid}:dashboard`;

/**
 * The member's last figures kept on this device, drawn at once and marked with their time (as the
 * dashboard draws them, decision 0040 "Last figures"), until the fresh answer replaces them.
 */
export function drawLastFigures(window: Window, uid: string): void {
  try {
    const raw = window.localStorage.getItem(lastFiguresKey(uid));
    if (!raw) return;
    const kept = JSON.parse(raw) as { value?: { uid?: unknown }; at?: unknown };
    if (typeof kept.at !== 'number' || !kept.value || kept.value.uid !== uid) return;
    const note = window.document.querySelector<HTMLElement>(`[data-shell-figure="${FIGURE.asOf}"]`);
    if (!note) return;
    drawFigures(window.document, [kept.value]);
    note.textContent = (note.dataset.template ?? '').replace(
      '{{time}}',
      figuresTime(kept.at, window.document.documentElement.lang),
    );
    note.hidden = false;
  } catch {
    // Nothing kept, or unreadable: the shell waits for the answer.
  }
}

/** Writes the answer's status and net balance into the shell, if the shell is still there. */
export function drawFigures(document: Document, body: unknown): void {
  const row = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined;
  if (!row || typeof row !== 'object') return;
  const balance = document.querySelector<HTMLElement>(`[data-shell-figure="${FIGURE.netBalance}"]`);
  const status = document.querySelector<HTMLElement>(`[data-shell-figure="${FIGURE.status}"]`);
  const net = row.Net_Balance;
  if (balance) balance.textContent = formatAmount(typeof net === 'string' || typeof net === 'number' ? net : '', 'INR');
  if (status) {
    const active = row.Activestatus === 'Active';
    const known = active || row.Activestatus === 'Inactive' || row.Activestatus === '';
    status.textContent = known
      ? (status.dataset[active ? 'active' : 'inactive'] ?? '')
      : typeof row.Activestatus === 'string'
        ? row.Activestatus
        : '';
    status.dataset.tone = active ? 'success' : 'error';
  }
}

/** The `<meta>` listing the dashboard's chunks and catalogues (scripts/prerender.mjs writes it). */
export const PRELOAD_META = 'sahyog-preload';

/**
 * Preloads the chunks the shell lists, once the call has gone out: on HTTP/1.1 (six connections) the
 * two dozen preloads would otherwise queue the call behind them.
 */
export function preloadListed(document: Document): void {
  const listed = document.querySelector<HTMLMetaElement>(`meta[name="${PRELOAD_META}"]`)?.content ?? '';
  for (const href of listed.split(' ')) {
    if (!/^\/assets\/[\w.-]+\.js$/.test(href)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Asks for the member's summary and hands the answer to the shell and to the app. */
export function startEarlyDashboard(window: Window): void {
  if (window.location.pathname.toLowerCase().replace(/(.)\/+$/, '$1') !== '/dashboard') return;
  try {
    askForFigures(window);
  } finally {
    preloadListed(window.document);
  }
}

function askForFigures(window: Window): void {
  const session = storedSession([window.localStorage, window.sessionStorage]);
  if (!session) return;
  drawLastFigures(window, session.uid);
  const answer = window
    .fetch('/api/userDashboard', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ uid: session.uid }),
    })
    .then((response) => (response.status === 200 ? (response.json() as Promise<unknown>) : undefined));
  const early: EarlyAnswer = { ...session, answer };
  (window as unknown as Record<string, EarlyAnswer>)[EARLY_KEY] = early;
  answer
    .then((body) => {
      if (body === undefined) return;
      early.settled = body;
      drawFigures(window.document, body);
      const note = window.document.querySelector<HTMLElement>(`[data-shell-figure="${FIGURE.asOf}"]`);
      if (note) note.hidden = true;
    })
    .catch(() => {
      // No answer: the app asks again itself and shows what it gets (offline, last figures, retry).
    });
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') startEarlyDashboard(window);
