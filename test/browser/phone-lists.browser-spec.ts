/**
 * Browser e2e at a phone's width (390 px): every list screen of member-web shows each row's status
 * and action inside the viewport, and the page never scrolls sideways. A fresh member makes the rows
 * through the screens themselves at that width: a UPI e-pin order (paid at the local double), a
 * USDT order, a bank request, a self-activation, a downline activation and an e-pin transfer.
 */
import { type Page } from 'playwright-core';
import {
  BASE_URL,
  MEMBER_PASSWORD,
  SUPERADMIN,
  openLoginPage,
  openSession,
  step,
  toast,
  toastTexts,
  type Session,
} from './support';

jest.setTimeout(300_000);

const PHONE = { width: 390, height: 844 };

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function register(sponsor: string, name: string): Promise<string> {
  const body = await api<{ result: string; uid_output: string }>('/api/registrationWeb', {
    sid: sponsor,
    name,
    email: 'phone@example.com',
    password: MEMBER_PASSWORD,
    mobile: '9876509876',
    countryid: '101',
    city: 'Nashik',
    state: 'Maharashtra',
    upinumber: 'phone@upi',
  });
  if (body.result !== 'Registration Successfull') throw new Error(body.result);
  return body.uid_output;
}

async function markPaid(clientid: string): Promise<void> {
  const { token } = await api<{ token: string }>('/admin-api/auth/login', SUPERADMIN);
  await api(`/admin-api/payment-double/orders/${encodeURIComponent(clientid)}/mark-paid`, {}, token);
}

async function expectToast(page: Page, text: string) {
  await toast(page, text)
    .waitFor({ timeout: 20_000 })
    .catch(async () => {
      throw new Error(`expected the toast "${text}"; toasts: ${JSON.stringify(await toastTexts(page))}`);
    });
}

async function login(page: Page, uid: string) {
  await openLoginPage(page);
  await page.locator('input[name=uid]').fill(uid);
  await page.locator('input[name=password]').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/Disclaimer');
}

/** Waits until the list at `path` shows cards (at least `min`) or, with `min` 0, its empty state. */
async function openList(page: Page, path: string, min: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(path);
    await page.locator('[data-testid="card-row"], [data-testid="table-empty"]').first().waitFor();
    const cards = await page.getByTestId('card-row').count();
    if (cards >= min) return cards;
    if (Date.now() > deadline) throw new Error(`${path}: expected at least ${min} rows, the list shows ${cards}`);
    await page.waitForTimeout(1_000);
  }
}

interface Box {
  left: number;
  right: number;
}

interface Layout {
  scrollWidth: number;
  cards: Array<{ card: Box; status: Box | null; action: Box | null }>;
  empty: Box | null;
  hasTable: boolean;
}

/**
 * What the phone shows: the page's scroll width, and each card's (and its status/action's) horizontal
 * extent. Evaluated in the page (as source text: the test's TypeScript has no DOM types).
 */
async function layout(page: Page): Promise<Layout> {
  return (await page.evaluate(`(() => {
    const extent = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right };
    };
    const root = document.scrollingElement || document.documentElement;
    const cards = [...document.querySelectorAll('[data-testid="card-row"]')].map((card) => ({
      card: extent(card),
      status: extent(card.querySelector('[data-cell="status"]')),
      action: extent(card.querySelector('[data-cell="action"]')),
    }));
    const empty = extent(document.querySelector('[data-testid="table-empty"]'));
    return { scrollWidth: root.scrollWidth, cards, empty, hasTable: document.querySelector('table') !== null };
  })()`)) as Layout;
}

const inView = (box: Box | null) => box !== null && box.left >= 0 && box.right <= PHONE.width;

/**
 * The list screen at `path` fits the phone: no horizontal scrolling, no table, and every card —
 * with its status and action when the screen has them — inside the viewport.
 */
async function expectFits(page: Page, path: string, want: { min: number; status: boolean; action: boolean }) {
  const count = await openList(page, path, want.min);
  const seen = await layout(page);
  const where = `${path} at ${PHONE.width} px`;
  if (seen.scrollWidth > PHONE.width) throw new Error(`${where}: the page scrolls sideways (${seen.scrollWidth} px)`);
  if (seen.hasTable) throw new Error(`${where}: a wide table is shown instead of cards`);
  if (count === 0) {
    if (!inView(seen.empty)) throw new Error(`${where}: the empty state is outside the viewport`);
    return;
  }
  seen.cards.forEach((c, i) => {
    if (!inView(c.card)) throw new Error(`${where}: card ${i + 1} spills out (${JSON.stringify(c.card)})`);
    if (want.status && !inView(c.status)) throw new Error(`${where}: card ${i + 1} has no status in view`);
    if (want.action && !inView(c.action)) throw new Error(`${where}: card ${i + 1} has no action in view`);
  });
}

describe('every list screen on a 390 px phone', () => {
  let s: Session;
  let member = '';
  let downline = '';
  let receiver = '';

  beforeAll(async () => {
    member = await register('100001', 'Phone Member');
    downline = await register(member, 'Phone Downline');
    receiver = await register(member, 'Phone Receiver');
    s = await openSession();
    await s.page.setViewportSize(PHONE);
  });
  afterAll(async () => {
    await s.close();
  });

  it('makes rows through the screens at 390 px, then shows every list with status and action in view', async () => {
    const { page } = s;
    await step(s, 'phone: sign in', () => login(page, member));

    await step(s, 'phone: buy 4 e-pins by UPI and pay at the double', async () => {
      await page.goto('/GatewayFundRequest');
      await page.getByLabel('Epin Type').selectOption('EpintypeB');
      await page.getByLabel('Quantity').fill('4');
      await page.getByRole('button', { name: 'Request' }).click();
      await page.waitForURL('**/QrCode');
      const clientid = (await page.getByTestId('qr-clientid').innerText()).trim();
      await markPaid(clientid);
      await expectToast(page, 'Payment Received Successfully !!');
      await page.waitForURL('**/GatewayFundRequestHistory');
      await openList(page, '/EpinHistory', 4);
    });

    await step(s, 'phone: open a USDT order and close its popup', async () => {
      await page.goto('/OnlineFundRequest');
      await page.getByLabel('Epin Type').selectOption('EpintypeB');
      await page.getByLabel('Quantity').fill('1');
      await page.getByRole('button', { name: 'Request' }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay with USDT (BEP-20)' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    await step(s, 'phone: request an e-pin paid to the admin bank', async () => {
      await page.goto('/FundRequestBank');
      const type = page.getByLabel('Payment Type');
      await page.locator('option', { hasText: '(Bank)' }).first().waitFor({ state: 'attached' });
      const bankId = await page.locator('option', { hasText: '(Bank)' }).first().getAttribute('value');
      await type.selectOption(bankId ?? '');
      await page.getByLabel('UTR Number').fill('UTR390390390390');
      await page.getByLabel('Quantity').fill('1');
      await page.getByLabel('Epin Type').selectOption('EpintypeB');
      await page.getByTestId('quote-net').and(page.locator(':not([value=""])')).waitFor();
      await page.getByRole('button', { name: 'Request' }).click();
      await expectToast(page, 'Epin Request Submitted Successfully');
    });

    const activate = async (target: string) => {
      await openList(page, '/EpinHistory', 1);
      await page.getByRole('link', { name: /^Use / }).first().click();
      await page.waitForURL('**/Activation?**');
      await page.getByLabel('User Id', { exact: true }).fill(target);
      await page.getByLabel('User Name').and(page.locator(':not([value=""])')).waitFor();
      await page.getByRole('button', { name: 'Activate' }).click();
      await expectToast(page, ' Activation Successfull');
      await page.waitForURL('**/SubscriptionHistory');
    };
    await step(s, 'phone: activate self, then a direct (level income follows)', async () => {
      await activate(member);
      await activate(downline);
    });

    await step(s, 'phone: transfer one e-pin', async () => {
      await page.goto('/EpinTransfer');
      await page.getByLabel('Epin Quantity').fill('1');
      await page.getByLabel('Receiver User Id').fill(receiver);
      await page.getByTestId('receiver-name').and(page.locator(':not([value=""])')).waitFor();
      await page.getByRole('button', { name: 'Transfer' }).click();
      // Issue 20: the confirmation sheet names quantity, value and receiver; Confirm sends it.
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expectToast(page, 'Success');
    });

    const lists: Array<[string, { min: number; status: boolean; action: boolean }]> = [
      ['/EpinHistory', { min: 1, status: true, action: true }],
      ['/UsedEpin', { min: 2, status: true, action: false }],
      ['/EpinTransferHistory', { min: 1, status: false, action: false }],
      ['/SubscriptionHistory', { min: 2, status: false, action: false }],
      ['/LevelIncome', { min: 1, status: false, action: false }],
      ['/Epinledger', { min: 3, status: false, action: false }],
      ['/FundRequestHistoryBank', { min: 1, status: true, action: false }],
      ['/OnlineFundRequestHistory', { min: 1, status: true, action: true }],
      ['/GatewayFundRequestHistory', { min: 1, status: true, action: false }],
    ];
    for (const [path, want] of lists) {
      await step(s, `phone: ${path} fits`, () => expectFits(page, path, want));
    }
  });

  it('shows the empty state centred in view on a list with no rows', async () => {
    const { page } = s;
    const fresh = await register('100001', 'Phone Empty');
    await step(s, 'phone: sign in a member with no e-pins', () => login(page, fresh));
    await step(s, 'phone: the empty Unused Epin List', async () => {
      await expectFits(page, '/EpinHistory', { min: 0, status: false, action: false });
      await page.getByText('No Data Found').waitFor();
    });
  });
});
