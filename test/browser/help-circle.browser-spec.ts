/**
 * Browser e2e of the help circle (issue 11): two members and an admin, each in their own Chromium,
 * against the real API and worker, every step through the screens:
 * A (100002, spare 299 e-pins) asks for help through the dashboard's help dialog; B (100003, the
 * seed's earner: ₹389.70 of level income from activating and upgrading its directs) withdraws ₹100
 * on /Withdrawal at the default minimum; the approver, signed in to admin-web, approves both on the
 * help-request and withdrawal pages, reads the PH / GH queue, runs matching with "Run matching now"
 * and finds the link in Help links; A sees it in PH LOGS with its countdown and pays it with a UTR;
 * B sees it Paid and confirms; the link's history, the withdrawal and the queue in admin-web agree
 * with both dashboards and histories. A second cycle: B cancels a paid link, A disputes it, the
 * approver finds it with the Disputed filter and resolves it as received.
 *
 * Every wait is on UI state; browser confirmations are accepted as a member would.
 */
import { type Page } from 'playwright-core';
import {
  adminLogin,
  approvePending,
  BASE_URL,
  expectToast,
  memberLogin,
  openSession,
  step,
  SUPERADMIN,
  type Session,
} from './support';

// The steps wait on conditions only; the ceiling is for a busy machine (measured: 172 s and 94 s
// for the two cycles with a load average of 30 on two cores, most of it first page loads).
jest.setTimeout(240_000);

const A = '100002';
const B = '100003';
const APPROVER = { username: 'approver', password: 'Admin@123' };
/** The default `withdrawalMinRupees`: B withdraws exactly the minimum, twice. */
const WITHDRAW_RUPEES = '100';
const WITHDRAW_PAISE = 10_000n;
const TIER_PAISE = 500_000n;
/** B's level income from the demo seed (src/cli/seed.ts): 3 × ₹29.90 + 3 × ₹100.00. */
const SEEDED_INCOME_PAISE = 38_970n;

// ---------------------------------------------------------------- member side

async function dashboard(page: Page) {
  await page.goto('/dashboard');
  await page.getByTestId('net-balance').filter({ hasText: '₹' }).waitFor();
}

/** The card's text once the dashboard's figure is in (₹ amounts of the summary). */
async function cardText(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).innerText()).trim();
}

/** Reads a rupee figure like '₹1,234.50' or '₹1234.50' as paise. */
function paise(text: string): bigint {
  const m = /(-?)₹\s*([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no rupee amount in "${text}"`);
  const value = BigInt(m[2]!.replace(/,/g, '')) * 100n + BigInt(m[3]!);
  return m[1] ? -value : value;
}

const fraction = (amount: bigint) => (amount % 100n).toString().padStart(2, '0');
/** An amount as member-web shows it: '₹4800.00'. */
const rupees = (amount: bigint) => `₹${amount / 100n}.${fraction(amount)}`;
/** An amount as admin-web (and member-web's queue card) shows it, grouped the Indian way: '₹4,800.00'. */
const adminRupees = (amount: bigint) => `₹${(amount / 100n).toLocaleString('en-IN')}.${fraction(amount)}`;

/**
 * The seed's level income reaches B's balance when the worker has paid it (asynchronously, after
 * the seed): reloads the dashboard until the net balance is all of it.
 */
async function netBalanceReaches(page: Page, expected: bigint): Promise<bigint> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await dashboard(page);
    const net = paise(await cardText(page, 'net-balance'));
    if (net >= expected || Date.now() > deadline) return net;
  }
}

async function withdraw(page: Page, amount: string) {
  await page.goto('/Withdrawal');
  await page.getByTestId('withdrawal-balance').filter({ hasText: '₹' }).waitFor();
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Submit' }).click();
  // Issue 20: nothing is sent until the sheet naming amount and receiver is confirmed.
  const sheet = page.getByRole('dialog');
  await sheet.getByTestId('confirm-amount').waitFor();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Withdrawal Request Submitted Successfully');
}

/** The link admin-web named is on A's dashboard, Pending, with its 'Link Expire in' countdown. */
async function phLinkOnDashboard(page: Page, id: string) {
  await dashboard(page);
  const card = page.getByRole('article', { name: `PH ${id}` });
  await card.getByText('Link Expire in').waitFor();
  const countdown = (await card.getByTestId('link-countdown').innerText()).trim();
  expect(countdown).toMatch(/^\d+d \d+h \d+m \d+s$/);
  expect(await card.getByTestId('link-status').innerText()).toBe('Pending');
}

async function payLink(page: Page, id: string, utr: string) {
  const card = page.getByRole('article', { name: `PH ${id}` });
  await card.getByRole('link', { name: `View ${id}` }).click();
  await page.waitForURL(new RegExp(`/PHRecivePaymentId/${id}$`));
  await page.getByTestId('order-id').filter({ hasText: id }).waitFor();
  expect(await page.getByTestId('amount').innerText()).toContain(`₹${WITHDRAW_RUPEES}.00`);
  await page.getByLabel('UTR Number').fill(utr);
  await page.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Payment Paid Successfully.');
  await page.waitForURL(/\/dashboard$/);
}

async function openGhLinkFromDashboard(page: Page, id: string) {
  await dashboard(page);
  const card = page.getByRole('article', { name: `GH ${id}` });
  await card.getByTestId('link-status').filter({ hasText: 'Paid' }).waitFor();
  await card.getByRole('link', { name: `View ${id}` }).click();
  await page.waitForURL(new RegExp(`/GHRecivePaymentId/${id}$`));
  await page.getByTestId('order-id').filter({ hasText: id }).waitFor();
}

// ---------------------------------------------------------------- admin side (admin-web)

/** The hash of admin-web's URL, decoded (react-admin keeps a list's filter there as JSON). */
const adminRoute = (url: URL) => decodeURIComponent(url.hash);

/**
 * Opens a list from admin-web's menu, types a member id into its always-on Member filter and
 * presses the bar's Refresh, as an admin does whose list may already be open (a list re-reads on
 * opening and on refresh, not by itself).
 */
async function adminListOf(page: Page, menu: string, resource: string, member: string) {
  await page.getByRole('menuitem', { name: menu, exact: true }).click();
  await listShown(page, resource);
  await page.getByRole('textbox', { name: 'Member' }).fill(member);
  await page.waitForURL((url) => adminRoute(url).includes(`"member":"${member}"`));
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
}

/** Each list's title in the bar (also its menu item). */
const LIST_TITLES: Record<string, string> = {
  'help-requests': 'Help requests',
  withdrawals: 'Withdrawals',
  'queue-entries': 'PH / GH queue',
  'help-links': 'Help links',
};

/**
 * The list of `resource` is the page shown: its route, and its title in the bar. A resource's
 * views load on first use, and until they have the previous page stays on screen (its filters too).
 */
async function listShown(page: Page, resource: string) {
  await page.waitForURL((url) => adminRoute(url).startsWith(`#/${resource}`));
  await page.locator('#react-admin-title').getByText(LIST_TITLES[resource]!, { exact: true }).waitFor();
}

/** A list opened at a given filter (react-admin's own URL form, as an admin bookmarks it). */
async function adminListAt(page: Page, resource: string, filter: Record<string, string>) {
  await page.goto(`/admin/#/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  await page.waitForURL((url) => adminRoute(url).includes(JSON.stringify(filter)));
  await listShown(page, resource);
}

/** The list's row that shows every one of `texts` (the Datagrid's table rows). */
function adminRow(page: Page, ...texts: string[]) {
  return texts.reduce((rows, text) => rows.filter({ hasText: text }), page.locator('tbody tr'));
}

/** Opens a row's record (rowClick "show") and returns the id from the page's route. */
async function openRow(page: Page, resource: string, ...texts: string[]): Promise<string> {
  const row = adminRow(page, ...texts);
  await row.first().waitFor();
  await row.first().click();
  await page.waitForURL((url) => new RegExp(`^#/${resource}/[^/]+/show$`).test(adminRoute(url)));
  return /^#\/[^/]+\/([^/]+)\/show$/.exec(adminRoute(new URL(page.url())))![1]!;
}

/** react-admin's notification after an action. */
async function adminNotice(page: Page, text: string) {
  await page.getByText(text, { exact: true }).waitFor();
}

/** Approve on a help-request or withdrawal page: the confirmation names the member and amount, then Confirm. */
async function approveOnShow(page: Page, names: string, notice: string) {
  await page.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  expect(await dialog.innerText()).toContain(names);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await adminNotice(page, notice);
  await page.getByRole('button', { name: 'Approve' }).waitFor({ state: 'detached' });
}

async function approveHelpRequest(page: Page, member: string) {
  await adminListOf(page, 'Help requests', 'help-requests', member);
  await openRow(page, 'help-requests', member, 'Awaiting approval');
  await approveOnShow(
    page,
    `Put member ${member}'s help of ${adminRupees(TIER_PAISE)} in the PH queue now?`,
    'Help request approved: it joins the PH queue',
  );
  await page.getByTestId('help-request-status').filter({ hasText: 'In the PH queue' }).waitFor();
}

async function approveWithdrawal(page: Page, member: string) {
  await adminListOf(page, 'Withdrawals', 'withdrawals', member);
  await openRow(page, 'withdrawals', member, 'Requested');
  await approveOnShow(
    page,
    `Put member ${member}'s withdrawal of ₹${WITHDRAW_RUPEES}.00 in the GH queue now?`,
    'Withdrawal approved: it joins the GH queue',
  );
  await page.getByTestId('withdrawal-status').filter({ hasText: 'Approved' }).waitFor();
}

/** "Run matching now" on the page shown (queue or links list): what the run linked, as admin-web says it. */
async function runMatching(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Run matching now' }).click();
  const result = page.getByTestId('matching-result');
  await result.waitFor();
  return (await result.innerText()).trim();
}

/** The queue totals panel (`queue-totals`) once it has read the API: [PH, GH] in paise. */
async function queueTotals(page: Page): Promise<[bigint, bigint]> {
  await page.getByTestId('queue-totals').and(page.locator('[aria-busy=false]')).waitFor();
  return [
    paise(await page.getByTestId('queue-total-PH').innerText()),
    paise(await page.getByTestId('queue-total-GH').innerText()),
  ];
}

/**
 * The link page's history once the link itself is read (a row opened from the list shows first
 * without it), oldest first, one text per step ('Linked24 Nov 2026, 1:00 am · admin:approver').
 */
async function linkHistory(page: Page): Promise<string[]> {
  const history = page.getByTestId('link-history');
  await history.waitFor();
  return history.getByRole('listitem').allTextContents();
}

/**
 * The worker's matching tick links whatever waits when the epoch minute is a multiple of
 * `matchingIntervalMinutes` (default 5): it would race the approver's "Run matching now". An
 * interval whose next due minute is more than 15 minutes away leaves matching to the approver for
 * the whole test.
 */
function quietMatchingInterval(now = Date.now()): number {
  const minute = Math.floor(now / 60_000);
  for (let every = 1440; every > 15; every--) {
    if (minute % every !== 0 && every - (minute % every) > 15) return every;
  }
  throw new Error(`no quiet matching interval at minute ${minute}`);
}

/** The superadmin changes the matching interval on the Settings screen; answers the value it replaced. */
async function setMatchingInterval(page: Page, minutes: number): Promise<number> {
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await adminRow(page, 'Automatic matching interval').click();
  await page.waitForURL((url) => adminRoute(url) === '#/settings/matchingIntervalMinutes');
  const input = page.getByRole('textbox', { name: 'Minutes' });
  await input.and(page.locator(':not([value=""])')).waitFor();
  const before = Number(await input.inputValue());
  await input.fill(String(minutes));
  await page.getByRole('button', { name: 'Save' }).click();
  // A setting change waits for a second superadmin (four eyes, decision 0034): superadmin2 approves it.
  await page.getByText('Sent for a second approval', { exact: false }).first().waitFor();
  await page.waitForURL((url) => /^#\/settings(\?|$)/.test(adminRoute(url)));
  await approvePending('ChangeSetting', SUPERADMIN.username);
  await page.reload();
  await adminRow(page, 'Automatic matching interval', `${minutes} minutes`, 'superadmin').waitFor();
  return before;
}

async function adminLogout(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.locator('input[name=username]').waitFor();
}

/** Puts a setting back after the test (clean-up through the API, whatever the test's outcome). */
async function restoreSetting(key: string, value: unknown) {
  const login = await fetch(`${BASE_URL}/admin-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SUPERADMIN),
  });
  const { token } = (await login.json()) as { token?: string };
  const put = await fetch(`${BASE_URL}/admin-api/settings/${key}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ value }),
  });
  if (!put.ok) throw new Error(`restoring ${key}: HTTP ${put.status} ${await put.text()}`);
  // A setting change waits for a second superadmin (four eyes, decision 0034).
  if (put.status === 202) await approvePending('ChangeSetting', SUPERADMIN.username);
}

/** Re-reads a link page: its state chip says `state`. */
async function linkPageInState(page: Page, state: string) {
  await page.reload();
  await page.getByTestId('link-state').filter({ hasText: state }).waitFor();
}

describe('the help circle in three real browsers: request, withdrawal, approvals, matching, UTR, confirm, cancel, dispute', () => {
  let a: Session;
  let b: Session;
  let admin: Session;
  let bNetBefore = 0n;
  let intervalBefore: number | null = null;
  const links: string[] = [];
  const utr1 = `UTR${Date.now().toString().slice(-10)}A`;
  const utr2 = `UTR${Date.now().toString().slice(-10)}B`;

  beforeAll(async () => {
    [a, b, admin] = await Promise.all([openSession(), openSession(), openSession()]);
    // Three browsers, an API and a worker on one machine: a first page load can pass 15 s when it is
    // busy. Waits still end as soon as their condition holds.
    for (const s of [a, b, admin]) s.context.setDefaultTimeout(30_000);
    // Browser confirmations ('Are you sure…') are accepted, as a member would.
    for (const s of [a, b]) s.page.on('dialog', (d) => void d.accept());
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), admin?.close()]);
    if (intervalBefore !== null) await restoreSetting('matchingIntervalMinutes', intervalBefore);
  });

  it('A asks for help, B withdraws, the approver approves both in admin-web and runs matching; A pays, B confirms', async () => {
    await Promise.all([
      step(a, 'a-login', () => memberLogin(a.page, A)),
      step(b, 'b-login', () => memberLogin(b.page, B)),
      step(admin, 'superadmin-quiets-matching', async () => {
        await adminLogin(admin.page, SUPERADMIN);
        intervalBefore = await setMatchingInterval(admin.page, quietMatchingInterval());
        await adminLogout(admin.page);
        await adminLogin(admin.page, APPROVER);
      }),
    ]);
    bNetBefore = await step(b, 'b-income', () => netBalanceReaches(b.page, SEEDED_INCOME_PAISE));
    expect(bNetBefore).toBe(SEEDED_INCOME_PAISE);

    await Promise.all([
      step(a, 'a-help-request', async () => {
        await a.page.getByRole('button', { name: 'USER 299 HELP' }).click();
        await a.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await expectToast(a.page, 'Upgrade Successfull');
      }),
      step(b, 'b-withdraws', () => withdraw(b.page, WITHDRAW_RUPEES)),
    ]);

    await step(admin, 'admin-approves-help-request', () => approveHelpRequest(admin.page, A));
    await step(admin, 'admin-approves-withdrawal', () => approveWithdrawal(admin.page, B));

    // Queue transparency before matching: admin-web's queue and each member's dashboard say the same.
    const [phWaiting, ghWaiting] = await step(admin, 'admin-reads-queue', async () => {
      await admin.page.getByRole('menuitem', { name: 'PH / GH queue', exact: true }).click();
      await listShown(admin.page, 'queue-entries');
      await adminRow(admin.page, A, adminRupees(TIER_PAISE), 'Help request').waitFor();
      await adminRow(admin.page, B, `₹${WITHDRAW_RUPEES}.00`, 'Withdrawal').waitFor();
      return queueTotals(admin.page);
    });
    expect([phWaiting, ghWaiting]).toEqual([TIER_PAISE, WITHDRAW_PAISE]);
    await Promise.all([
      step(a, 'a-queue-place', async () => {
        await dashboard(a.page);
        await a.page.getByTestId('queue-ph-position').filter({ hasText: '#1 · ₹5,000.00' }).waitFor();
        expect(await a.page.getByTestId('queue-ph').innerText()).toBe(`${adminRupees(phWaiting)} · 1 waiting`);
        expect(await a.page.getByTestId('queue-gh').innerText()).toBe(`${adminRupees(ghWaiting)} · 1 waiting`);
      }),
      step(b, 'b-queue-place', async () => {
        await dashboard(b.page);
        await b.page
          .getByTestId('queue-gh-position')
          .filter({ hasText: `#1 · ₹${WITHDRAW_RUPEES}.00` })
          .waitFor();
      }),
    ]);

    const id = await step(admin, 'admin-runs-matching', async () => {
      expect(await runMatching(admin.page)).toBe(`Matching linked 1 pair for ₹${WITHDRAW_RUPEES}.00`);
      await admin.page
        .getByTestId('queue-total-PH')
        .filter({ hasText: adminRupees(TIER_PAISE - WITHDRAW_PAISE) })
        .waitFor();
      expect(await queueTotals(admin.page)).toEqual([TIER_PAISE - WITHDRAW_PAISE, 0n]);
      await adminListOf(admin.page, 'Help links', 'help-links', A);
      const linkId = await openRow(admin.page, 'help-links', `${A}`, B, 'Pending', `₹${WITHDRAW_RUPEES}.00`);
      await admin.page.getByTestId('link-state').filter({ hasText: 'Pending' }).waitFor();
      expect(await linkHistory(admin.page)).toEqual([expect.stringMatching(/^Linked.* · (system|admin):/)]);
      return linkId;
    });
    links.push(id);

    await step(a, 'a-sees-ph-log', () => phLinkOnDashboard(a.page, id));
    await step(a, 'a-pays', () => payLink(a.page, id, utr1));

    await step(b, 'b-confirms', async () => {
      await openGhLinkFromDashboard(b.page, id);
      expect(await b.page.getByTestId('utr').innerText()).toBe(utr1);
      await b.page.getByRole('button', { name: 'Update' }).click();
      await expectToast(b.page, 'Payment Received Successfully.');
      await b.page.waitForURL(/\/dashboard$/);
    });

    await step(admin, 'admin-link-received', async () => {
      await linkPageInState(admin.page, 'Received');
      await admin.page.getByText(utr1, { exact: true }).waitFor();
      expect(await linkHistory(admin.page)).toEqual([
        expect.stringMatching(/^Linked/),
        expect.stringMatching(new RegExp(`^Paid \\(UTR submitted\\).* · member:${A}$`)),
        expect.stringMatching(new RegExp(`^Received \\(confirmed\\).* · member:${B}$`)),
      ]);
      await adminListOf(admin.page, 'Withdrawals', 'withdrawals', B);
      await adminRow(admin.page, B, `₹${WITHDRAW_RUPEES}.00`, 'Paid').waitFor();
      expect(await adminRow(admin.page, B).count()).toBe(1);
    });

    await step(a, 'a-dashboard-and-list', async () => {
      await dashboard(a.page);
      await a.page
        .getByTestId('my-ph')
        .filter({ hasText: `₹${WITHDRAW_RUPEES}.00` })
        .waitFor();
      await a.page.goto('/PHRecivePaymentPaid');
      await a.page.getByRole('link', { name: `View ${id}` }).waitFor();
      const row = a.page.getByRole('row').filter({ has: a.page.getByRole('link', { name: `View ${id}` }) });
      expect(await row.getByTestId('link-status').innerText()).toBe('Received');
    });
    await step(b, 'b-dashboard-and-histories', async () => {
      await dashboard(b.page);
      await b.page
        .getByTestId('my-gh')
        .filter({ hasText: `₹${WITHDRAW_RUPEES}.00` })
        .waitFor();
      expect(paise(await cardText(b.page, 'net-balance'))).toBe(bNetBefore - WITHDRAW_PAISE);
      expect(paise(await cardText(b.page, 'total-withdrawal'))).toBe(WITHDRAW_PAISE);
      await b.page.goto('/GHRecivePaymentPaid');
      const row = b.page.getByRole('row').filter({ has: b.page.getByRole('link', { name: `View ${id}` }) });
      await row.waitFor();
      expect(await row.innerText()).toContain(A);
      await b.page.goto('/WithdrawalHistory');
      const paid = b.page.getByTestId('withdrawal-status').filter({ hasText: 'Paid' });
      await paid.first().waitFor();
      expect(await b.page.getByTestId('withdrawal-status').allInnerTexts()).toEqual(['Paid']);
    });
  });

  it('B cancels a paid link, A disputes the cancel, the approver finds the dispute and resolves it as received', async () => {
    await step(b, 'b-withdraws-again', () => withdraw(b.page, WITHDRAW_RUPEES));
    await step(admin, 'admin-approves-second-withdrawal', () => approveWithdrawal(admin.page, B));

    const id = await step(admin, 'admin-matches-from-links', async () => {
      await adminListAt(admin.page, 'help-links', { member: B });
      expect(await runMatching(admin.page)).toBe(`Matching linked 1 pair for ₹${WITHDRAW_RUPEES}.00`);
      return openRow(admin.page, 'help-links', A, B, 'Pending');
    });
    expect(links).not.toContain(id);
    links.push(id);

    await step(a, 'a-sees-second-link', () => phLinkOnDashboard(a.page, id));
    await step(a, 'a-pays-second', () => payLink(a.page, id, utr2));

    await step(b, 'b-cancels', async () => {
      await openGhLinkFromDashboard(b.page, id);
      // No remark: the spec's text, nothing sent.
      await b.page.getByRole('button', { name: 'Cancel' }).click();
      await expectToast(b.page, 'Please Enter Remark !!');
      await b.page.getByLabel('Cancel Remark').fill('No money arrived in my account');
      await b.page.getByRole('button', { name: 'Cancel' }).click();
      await expectToast(b.page, 'Payment Cancelled Successfully.');
      await b.page.waitForURL(/\/dashboard$/);
    });

    await step(a, 'a-disputes', async () => {
      await a.page.goto('/PHRecivePaymentCancel');
      await a.page.getByRole('link', { name: `View ${id}` }).click();
      await a.page.waitForURL(new RegExp(`/PHRecivePaymentId/${id}$`));
      await a.page.getByTestId('link-status').filter({ hasText: 'Cancel' }).waitFor();
      await a.page.getByText('No money arrived in my account').waitFor();
      await a.page.getByRole('button', { name: 'Dispute' }).click();
      await expectToast(a.page, 'Please Enter Remark !!');
      await a.page.getByLabel('Dispute Remark').fill(`Paid with UTR ${utr2}`);
      await a.page.getByRole('button', { name: 'Dispute' }).click();
      await expectToast(a.page, 'Dispute Raised Successfully.');
      await a.page.waitForURL(/\/dashboard$/);
      // The disputed link is open again on A's dashboard.
      const card = a.page.getByRole('article', { name: `PH ${id}` });
      await card.getByTestId('link-status').filter({ hasText: 'Disputed' }).waitFor();
    });

    await step(admin, 'admin-resolves-dispute', async () => {
      // The approver looks for disputes: the Disputed filter of Help links (its member filter cleared).
      await adminListAt(admin.page, 'help-links', {});
      await admin.page.getByRole('combobox', { name: 'Disputed' }).click();
      await admin.page.getByRole('option', { name: 'Yes', exact: true }).click();
      await admin.page.waitForURL((url) => adminRoute(url).includes('"disputed":"true"'));
      expect(await openRow(admin.page, 'help-links', id, 'Disputed')).toBe(id);
      await admin.page.getByText('No money arrived in my account', { exact: true }).first().waitFor();

      await admin.page.getByRole('button', { name: 'Resolve' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: /Outcome/ }).click();
      await admin.page.getByRole('option', { name: /^Received/ }).click();
      await dialog.getByRole('textbox', { name: /Remark/ }).fill('Bank statement shows the credit');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await adminNotice(admin.page, 'Link resolved as received');
      await admin.page.getByTestId('link-state').filter({ hasText: 'Received' }).waitFor();
      const history = await linkHistory(admin.page);
      expect(history).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^Cancelled by the receiver.* · member:${B} · No money arrived in my account$`),
          ),
          expect.stringMatching(new RegExp(`^Disputed.* · member:${A} · Paid with UTR ${utr2}$`)),
          expect.stringMatching(/^Resolved by an admin.* · admin:approver · Bank statement shows the credit$/),
        ]),
      );
    });

    await step(a, 'a-after-resolve', async () => {
      await dashboard(a.page);
      await a.page
        .getByTestId('my-ph')
        .filter({ hasText: rupees(2n * WITHDRAW_PAISE) })
        .waitFor();
      await a.page.getByTestId('ph-logs-empty').waitFor();
    });
    await step(b, 'b-after-resolve', async () => {
      await dashboard(b.page);
      await b.page
        .getByTestId('my-gh')
        .filter({ hasText: rupees(2n * WITHDRAW_PAISE) })
        .waitFor();
      expect(paise(await cardText(b.page, 'net-balance'))).toBe(bNetBefore - 2n * WITHDRAW_PAISE);
      expect(paise(await cardText(b.page, 'total-withdrawal'))).toBe(2n * WITHDRAW_PAISE);
      await b.page.goto('/GHRecivePaymentPaid');
      for (const linkId of links)
        await b.page
          .getByRole('row')
          .filter({ has: b.page.getByRole('link', { name: `View ${linkId}` }) })
          .waitFor();
      await b.page.goto('/WithdrawalHistory');
      await b.page.getByTestId('withdrawal-status').nth(1).waitFor();
      expect(await b.page.getByTestId('withdrawal-status').allInnerTexts()).toEqual(['Paid', 'Paid']);
    });

    // admin-web's lists say what the members see: both links Received, both withdrawals Paid, and
    // what still waits in the queues is A's remaining help, as A's dashboard shows it.
    await step(admin, 'admin-lists-agree', async () => {
      await adminListAt(admin.page, 'help-links', { member: B });
      for (const linkId of links) await adminRow(admin.page, linkId, A, B, 'Received').waitFor();
      expect(await adminRow(admin.page, B).count()).toBe(links.length);
      await adminListAt(admin.page, 'withdrawals', { member: B });
      await adminRow(admin.page, B, 'Paid').nth(1).waitFor();
      expect(await adminRow(admin.page, B).allInnerTexts()).toEqual([
        expect.stringContaining('Paid'),
        expect.stringContaining('Paid'),
      ]);
      await adminListAt(admin.page, 'queue-entries', {});
      expect(await queueTotals(admin.page)).toEqual([TIER_PAISE - 2n * WITHDRAW_PAISE, 0n]);
      await adminRow(admin.page, A, adminRupees(TIER_PAISE - 2n * WITHDRAW_PAISE), 'Help request').waitFor();
    });
    await step(a, 'a-queue-after', async () => {
      await dashboard(a.page);
      await a.page
        .getByTestId('queue-ph-position')
        .filter({ hasText: `#1 · ${adminRupees(TIER_PAISE - 2n * WITHDRAW_PAISE)}` })
        .waitFor();
      expect(await a.page.getByTestId('queue-gh').innerText()).toBe('₹0.00 · 0 waiting');
    });
  });
});
