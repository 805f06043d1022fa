/**
 * Browser e2e: member-web in हिन्दी on a 390 px phone. A seeded member (100001: e-pins, activations,
 * level income) switches the login page to Hindi, signs in and walks every member screen: none
 * scrolls sideways or hides content in a sideways-scrolling box, no i18next key shows instead of a
 * text, no English text of the catalogues is left untranslated, and each screen's own content
 * (outside the top bar) is in Devanagari. Switching back to English restores the spec's exact texts.
 *
 * The catalogues are read from member-web's sources, so a new key is covered without editing this
 * file. The bilingual pieces (disclaimer, the withdrawal GH notice) mark their English with lang="en"
 * and are left out of the untranslated check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from 'playwright-core';
import {
  adminApi,
  adminToken,
  ARTIFACTS_DIR,
  MEMBER_PASSWORD,
  memberApi,
  openSession,
  registerUnder,
  step,
  type Session,
} from './support';

jest.setTimeout(300_000);

const PHONE = { width: 390, height: 844 };
const MEMBER = '100001';

/** Signed-out screens, then the signed-in ones (spec route table; routes.tsx). */
const PUBLIC_SCREENS = ['/', '/signup', '/ForgotPassword', '/ResetPassword', '/AdminLogin'];
const MEMBER_SCREENS = [
  '/dashboard',
  '/EpinHistory',
  '/UsedEpin',
  '/EpinTransfer',
  '/EpinTransferHistory',
  '/SubscriptionHistory',
  '/Activation',
  '/LevelIncome',
  '/myepinstrans',
  '/Epinledger',
  '/RequestEPins',
  '/RequestEPinsBank',
  '/FundRequestBank',
  '/FundRequestHistoryBank',
  '/OnlineFundRequest',
  '/OnlineFundRequestHistory',
  '/GatewayFundRequest',
  '/GatewayFundRequestHistory',
  '/PHRecivePayment',
  '/PHRecivePaymentPaid',
  '/PHRecivePaymentCancel',
  '/GHRecivePayment',
  '/GHRecivePaymentPaid',
  '/GHRecivePaymentCancel',
  '/help_list',
  '/Withdrawal',
  '/WithdrawalHistory',
  '/MyWallet',
  '/mywithdrawals',
  '/requestpayout',
  // Issue 12: profile, credentials, bank and wallet; team; support and news.
  '/Profile',
  '/ProfileSetting',
  '/ChangePassword',
  '/TransactionPassword',
  '/Updatebank',
  '/Ecurrency',
  '/EditBank',
  '/mycrptaddr',
  '/EditContact',
  '/NewPassword',
  '/myaccountsgen',
  '/MyTeam',
  '/MyReferral',
  '/LevelDetails',
  '/MyDirectList',
  '/Support',
  '/News',
  '/no-such-page',
];

/** Where each screen's picture goes (looked at by a person; kept by CI with the other artifacts). */
const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'hindi-phone');

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = `${name.replace(/^\//, '').replace(/[^A-Za-z0-9_-]+/g, '-') || 'root'}.png`;
  await page.screenshot({ path: path.join(SHOTS_DIR, file), fullPage: true });
}

type Json = { [key: string]: Json } | string;

/** Every catalogue key (`a.b` and `ns:a.b`) and every English text that Hindi translates differently. */
function readCatalogues(): { keys: Set<string>; english: Set<string> } {
  const src = path.resolve(__dirname, '..', '..', 'member-web', 'src');
  const dirs: Array<[string, string]> = [['common', path.join(src, 'lib', 'locales')]];
  for (const feature of fs.readdirSync(path.join(src, 'features'))) {
    const dir = path.join(src, 'features', feature, 'locales');
    if (fs.existsSync(dir)) dirs.push([feature, dir]);
  }
  const flat = (node: Json, prefix: string, out: Map<string, string>) => {
    if (typeof node === 'string') out.set(prefix, node);
    else for (const [k, v] of Object.entries(node)) flat(v, prefix ? `${prefix}.${k}` : k, out);
    return out;
  };
  const read = (dir: string, lang: string) =>
    flat(JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Json, '', new Map());
  const keys = new Set<string>();
  const english = new Set<string>();
  for (const [ns, dir] of dirs) {
    const hi = read(dir, 'hi');
    for (const [key, en] of read(dir, 'en')) {
      // A key that reads like its own text (none today) cannot be told from it.
      if (key !== en) keys.add(key).add(`${ns}:${key}`);
      const words = en.replace(/\{\{[^}]*\}\}/g, '').trim();
      if (hi.get(key) !== en && /[A-Za-z]{3}/.test(words) && !en.includes('{{')) english.add(en.trim());
    }
  }
  return { keys, english };
}

interface Seen {
  scrollWidth: number;
  innerWidth: number;
  /** Boxes that scroll sideways (or hide content sideways) inside the page. */
  sideways: string[];
  /** Visible texts and accessible names outside lang="en" parts. */
  texts: string[];
  /** Visible texts inside lang="en" parts (the bilingual pieces: a key there is as wrong as anywhere). */
  bilingual: string[];
  /** The screen's visible text outside the top bar (a <header>), bilingual parts included. */
  content: string;
}

/** What the phone shows (evaluated in the page as source text: the test's TypeScript has no DOM types). */
async function seen(page: Page): Promise<Seen> {
  return (await page.evaluate(`(() => {
    const visible = (el) => {
      if (!el || el.closest('[aria-hidden="true"]')) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
    };
    const english = (el) => el.closest('[lang="en"]') !== null;
    const texts = [];
    const bilingual = [];
    const content = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = (node.textContent || '').trim();
      if (!text || !el || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
      if (!visible(el)) continue;
      if (!english(el)) texts.push(text);
      else bilingual.push(text);
      if (!el.closest('header')) content.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!visible(el) || english(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = (el.getAttribute(name) || '').trim();
        if (value) texts.push(value);
      }
    }
    const sideways = [];
    for (const el of document.querySelectorAll('body *')) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      if (!['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) continue;
      // A button's ripple clips its growing circle by design: decoration, never content.
      if (el.classList.contains('MuiTouchRipple-root')) continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && style.textOverflow !== 'ellipsis') {
        sideways.push(el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0] + ' ' + el.scrollWidth + '>' + el.clientWidth);
      }
    }
    const root = document.scrollingElement || document.documentElement;
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, sideways, texts, bilingual, content: content.join(' ') };
  })()`)) as Seen;
}

const DEVANAGARI = /[\u0900-\u097F]/;

/** Polls `expression` in the page until it is true (a string: the page's CSP forbids waitForFunction's eval). */
async function until(page: Page, expression: string, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

const SPINNER_IN_VIEW = `[...document.querySelectorAll('[role="progressbar"]')].some((el) => el.getClientRects().length > 0)`;

/** Waits until the screen has drawn its data: no spinner in view twice in a row. */
async function settled(page: Page) {
  for (let quiet = 0; quiet < 2;) {
    await until(page, `!${SPINNER_IN_VIEW}`, 'the spinners to go');
    await page.waitForTimeout(150);
    quiet = (await page.evaluate(SPINNER_IN_VIEW)) ? 0 : quiet + 1;
  }
}

/**
 * Opens `route`: a full load for the first screen, then the app's own navigation (as a tap on a link
 * would), which keeps the walk quick; waits until the screen has drawn its data.
 */
async function open(page: Page, route: string, { reload = false } = {}) {
  if (reload) {
    await page.goto(route, { waitUntil: 'networkidle' });
  } else {
    await page.evaluate(`(() => {
      window.history.pushState({}, '', ${JSON.stringify(route)});
      window.dispatchEvent(new PopStateEvent('popstate'));
    })()`);
    await until(page, `window.location.pathname === ${JSON.stringify(route)}`, `the address ${route}`);
    await page.waitForLoadState('networkidle');
  }
  await settled(page);
}

/** The screen at `route` in Hindi fits the phone and shows no key and no untranslated catalogue text. */
async function expectHindiScreen(page: Page, route: string, catalogues: { keys: Set<string>; english: Set<string> }) {
  await open(page, route);
  const s = await seen(page);
  const where = `${route} in हिन्दी at ${PHONE.width} px`;
  const problems: string[] = [];
  if (s.scrollWidth > s.innerWidth) problems.push(`the page scrolls sideways (${s.scrollWidth} px)`);
  if (s.sideways.length) problems.push(`content scrolls or is cut sideways in: ${s.sideways.join(', ')}`);
  const keys = [...s.texts, ...s.bilingual].filter((t) => catalogues.keys.has(t));
  if (keys.length) problems.push(`i18n keys shown instead of texts: ${JSON.stringify(keys)}`);
  const untranslated = s.texts.filter((t) => catalogues.english.has(t));
  if (untranslated.length) problems.push(`English left in Hindi: ${JSON.stringify([...new Set(untranslated)])}`);
  if (!DEVANAGARI.test(s.content)) problems.push('no Devanagari outside the top bar');
  await screenshot(page, route);
  if (problems.length) throw new Error(`${where}: ${problems.join('; ')}`);
}

async function chooseLanguage(page: Page, name: 'English' | 'हिन्दी') {
  const group = page.getByRole('group', { name: /^(Language|भाषा)$/ }).first();
  await group.getByRole('button', { name, exact: true }).click();
}

describe('member-web in हिन्दी on a 390 px phone', () => {
  let s: Session;
  const catalogues = readCatalogues();

  let deep = '';

  beforeAll(async () => {
    // A ticket with a reply for /Support, news for /News, and a member at level 4 of MEMBER
    // (100001 → 100004 → 100014 → deep → deeper) so the tree has a node to expand on demand.
    const token = await adminToken({ username: 'support', password: 'Admin@123' });
    await memberApi(MEMBER, 'Helpdesk_By_User', { uid: MEMBER, query: 'मेरा PH लिंक समाप्त हो गया। अब क्या होगा?' });
    const [tickets] = await memberApi<Array<Array<{ ticket_id: string; status: string }>>>(
      MEMBER,
      'UserHelpDeskHistory',
      { uid: MEMBER },
    );
    const open = tickets.find((t) => t.status === 'open');
    if (!open) throw new Error('no open ticket to reply to');
    await adminApi(token, 'POST', `/tickets/${open.ticket_id}/reply`, {
      message: 'लिंक कतार में वापस चला गया है; आपको फिर से जोड़ा जाएगा।',
    });
    const approver = await adminToken({ username: 'approver', password: 'Admin@123' });
    await adminApi(approver, 'POST', '/news', { content: 'रविवार को रखरखाव: सुबह 6 से 8 बजे तक सेवा बंद रहेगी।' });
    deep = await registerUnder('100014', 'Gehra Sadasya');
    await registerUnder(deep, 'Aur Gehra Sadasya');
    s = await openSession();
    await s.page.setViewportSize(PHONE);
  });
  afterAll(async () => {
    await s.close();
  });

  it('walks every member screen in Hindi: it fits, shows no keys and no English; English comes back exactly', async () => {
    const { page } = s;
    expect(catalogues.keys.size).toBeGreaterThan(100);

    await step(s, 'hindi: the login page switches to Hindi', async () => {
      await open(page, '/login', { reload: true });
      await chooseLanguage(page, 'हिन्दी');
      await page.getByRole('heading', { name: 'सदस्य लॉगिन' }).waitFor();
      await expectHindiScreen(page, '/login', catalogues);
    });
    // Every screen is walked even when one fails, so one run names every problem.
    const failures: string[] = [];
    const check = (route: string) =>
      step(s, `hindi: ${route}`, () => expectHindiScreen(page, route, catalogues)).catch((e: Error) => {
        failures.push(e.message.split('\n')[0]);
      });
    for (const route of PUBLIC_SCREENS) await check(route);

    await step(s, 'hindi: sign in and accept the disclaimer', async () => {
      await open(page, '/login', { reload: true });
      await page.getByLabel('यूज़र आईडी').fill(MEMBER);
      await page.getByLabel('पासवर्ड', { exact: true }).fill(MEMBER_PASSWORD);
      const summary = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/userDashboard' && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'लॉगिन', exact: true }).click();
      await page.waitForURL('**/Disclaimer');
      await expectHindiScreen(page, '/Disclaimer', catalogues);
      await page.getByRole('button', { name: 'स्वीकार करें', exact: true }).click();
      await page.waitForURL('**/dashboard');
      const [row] = (await (await summary).json()) as Array<{ isagree: unknown }>;
      // The popup over the dashboard until the member agrees once (another test may have agreed).
      if (String(row?.isagree) !== '1') {
        const agree = page.getByRole('button', { name: 'सहमत हूँ', exact: true });
        await agree.click();
        await agree.waitFor({ state: 'hidden' });
      }
    });

    for (const route of MEMBER_SCREENS) await check(route);

    await step(s, 'hindi: /MyTeam as a tree, a level-3 member expanded', async () => {
      await open(page, '/MyTeam');
      await page.getByRole('button', { name: 'वृक्ष', exact: true }).click();
      await page.getByTestId(`tree-node-${deep}`).waitFor();
      await page.getByRole('button', { name: `${deep} की टीम दिखाएँ`, exact: true }).click();
      await page.getByRole('button', { name: `${deep} की टीम छिपाएँ`, exact: true }).waitFor();
      await settled(page);
      const s2 = await seen(page);
      await screenshot(page, 'MyTeam-tree');
      expect([s2.scrollWidth, s2.sideways]).toEqual([PHONE.width, []]);
      expect(s2.texts.filter((t) => catalogues.english.has(t) || catalogues.keys.has(t))).toEqual([]);
    });

    expect(failures).toEqual([]);

    await step(s, 'hindi: back to English on the dashboard', async () => {
      await open(page, '/dashboard');
      await chooseLanguage(page, 'English');
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      await page.getByRole('button', { name: 'USER 299 HELP', exact: true }).waitFor();
      await page.getByText('Net Balance', { exact: true }).waitFor();
      await page.getByText('PH LOGS', { exact: true }).waitFor();
    });
    await step(s, 'hindi: English stays on the e-pin list and the withdrawal screen', async () => {
      await open(page, '/EpinHistory');
      await page.getByRole('heading', { name: 'Unused Epin List', exact: true }).waitFor();
      expect(await page.getByTestId('card-row').first().innerText()).toContain('Epin Status');
      await open(page, '/Withdrawal');
      await page.getByRole('heading', { name: 'Withdrawal', exact: true }).waitFor();
      await page.getByText('Withdrawal Balance', { exact: false }).first().waitFor();
      const content = (await seen(page)).content;
      // Only the bilingual GH notice is in Devanagari on an English screen.
      expect(content.replace(/निकासी का GH 48 घंटों के भीतर दिया जाएगा।/, '')).not.toMatch(DEVANAGARI);
    });
  });
});
