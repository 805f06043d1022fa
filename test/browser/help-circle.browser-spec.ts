/**
 * Browser e2e of the help circle (issue 11), two members and an admin against the real API:
 * A (100002, spare 299 e-pins) asks for help through the dashboard's help dialog; B (100003, whose
 * ₹89.70 of level income comes from the seeded activations of its directs) withdraws on /Withdrawal
 * (₹40 twice: the superadmin lowers `withdrawalMinRupees` to 40 for this file and restores it); an
 * approver approves both and runs matching through /admin-api (the admin screens have their own
 * tests); A sees the link in PH LOGS with its countdown, pays it with a UTR; B sees it Paid and
 * confirms; both dashboards and lists agree. A second cycle: B cancels a paid link, A disputes
 * it, the approver resolves it as received.
 *
 * Every wait is on UI state or an API answer; browser confirmations are accepted as a member would.
 */
import { type Page } from 'playwright-core';
import { BASE_URL, expectToast, memberLogin, openSession, step, type Session } from './support';

jest.setTimeout(120_000);

const A = '100002';
const B = '100003';
const APPROVER = { username: 'approver', password: 'Admin@123' };
const SUPERADMIN = { username: 'superadmin', password: 'Admin@123' };
const WITHDRAW_RUPEES = '40';
const WITHDRAW_PAISE = 4000n;

async function adminApi<T>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE_URL}/admin-api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /admin-api${url}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function adminToken(admin: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${BASE_URL}/admin-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`${admin.username} login failed: ${JSON.stringify(body)}`);
  return body.token;
}

/** The newest row of an admin list for one member (react-admin's simple-rest query). */
async function newest(
  token: string,
  resource: 'help-requests' | 'withdrawals',
  member: string,
): Promise<{ id: string; status: string }> {
  const query = new URLSearchParams({
    filter: JSON.stringify({ member }),
    sort: JSON.stringify([resource === 'withdrawals' ? 'requestedAt' : 'requested_at', 'DESC']),
    range: JSON.stringify([0, 0]),
  });
  const rows = await adminApi<Array<{ id: string; status: string }>>(token, 'GET', `/${resource}?${query}`);
  if (!rows[0]) throw new Error(`no ${resource} row for ${member}`);
  return rows[0];
}

async function dashboard(page: Page) {
  await page.goto('/dashboard');
  await page.getByTestId('net-balance').waitFor();
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

async function withdraw(page: Page, rupees: string) {
  await page.goto('/Withdrawal');
  await page.getByTestId('withdrawal-balance').filter({ hasText: '₹' }).waitFor();
  await page.getByLabel('Amount').fill(rupees);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Withdrawal Request Submitted Successfully');
}

/** The id of the newest open PH link on A's dashboard, after its card shows the countdown. */
async function phLinkOnDashboard(page: Page, exclude: string[]): Promise<string> {
  await dashboard(page);
  const cards = page.getByTestId('ph-card');
  await cards.first().waitFor();
  const labels = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const id = labels.map((l) => l.replace(/^PH /, '')).find((l) => !exclude.includes(l));
  if (!id) throw new Error(`no new PH link on the dashboard: ${JSON.stringify(labels)}`);
  const card = page.getByRole('article', { name: `PH ${id}` });
  await card.getByText('Link Expire in').waitFor();
  const countdown = (await card.getByTestId('link-countdown').innerText()).trim();
  expect(countdown).toMatch(/^\d+d \d+h \d+m \d+s$/);
  expect(await card.getByTestId('link-status').innerText()).toBe('Pending');
  return id;
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

describe('the help circle in a real browser: request, withdrawal, matching, UTR, confirm, cancel, dispute', () => {
  let a: Session;
  let b: Session;
  let token = '';
  let superToken = '';
  let minBefore: unknown = 100;
  const links: string[] = [];
  const utr1 = `UTR${Date.now().toString().slice(-10)}A`;
  const utr2 = `UTR${Date.now().toString().slice(-10)}B`;

  beforeAll(async () => {
    [a, b, token, superToken] = await Promise.all([
      openSession(),
      openSession(),
      adminToken(APPROVER),
      adminToken(SUPERADMIN),
    ]);
    minBefore = (await adminApi<{ value: unknown }>(superToken, 'GET', '/settings/withdrawalMinRupees')).value;
    await adminApi(superToken, 'PUT', '/settings/withdrawalMinRupees', { value: Number(WITHDRAW_RUPEES) });
    // Browser confirmations ('Are you sure…') are accepted, as a member would.
    for (const s of [a, b]) s.page.on('dialog', (d) => void d.accept());
  });
  afterAll(async () => {
    if (superToken) await adminApi(superToken, 'PUT', '/settings/withdrawalMinRupees', { value: minBefore });
    await Promise.all([a?.close(), b?.close()]);
  });

  it('A asks for help, B withdraws, the approver approves both and matching links them; A pays, B confirms', async () => {
    await Promise.all([
      step(a, 'a-login', () => memberLogin(a.page, A)),
      step(b, 'b-login', () => memberLogin(b.page, B)),
    ]);
    const bNetBefore = paise(await cardText(b.page, 'net-balance'));
    expect(bNetBefore).toBeGreaterThanOrEqual(2n * WITHDRAW_PAISE);

    await step(a, 'a-help-request', async () => {
      await a.page.getByRole('button', { name: 'USER 299 HELP' }).click();
      await a.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await expectToast(a.page, 'Upgrade Successfull');
    });
    await step(b, 'b-withdraws', () => withdraw(b.page, WITHDRAW_RUPEES));

    const request = await newest(token, 'help-requests', A);
    await adminApi(token, 'POST', `/help-requests/${request.id}/approve`);
    const withdrawal = await newest(token, 'withdrawals', B);
    expect(withdrawal.status).toBe('Requested');
    await adminApi(token, 'POST', `/withdrawals/${withdrawal.id}/approve`);

    // Queue transparency before matching: each sees the queues and their own place (the only entries).
    await Promise.all([
      step(a, 'a-queue-place', async () => {
        await dashboard(a.page);
        await a.page.getByTestId('queue-ph-position').filter({ hasText: '#1 · ₹5000.00' }).waitFor();
        expect(await a.page.getByTestId('queue-ph').innerText()).toBe('₹5000.00 · 1 waiting');
        expect(await a.page.getByTestId('queue-gh').innerText()).toBe(`₹${WITHDRAW_RUPEES}.00 · 1 waiting`);
      }),
      step(b, 'b-queue-place', async () => {
        await dashboard(b.page);
        await b.page
          .getByTestId('queue-gh-position')
          .filter({ hasText: `#1 · ₹${WITHDRAW_RUPEES}.00` })
          .waitFor();
      }),
    ]);
    const run = await adminApi<{ links: number; busy: boolean }>(token, 'POST', '/matching/run');
    expect(run.busy ? 0 : run.links).toBeGreaterThanOrEqual(run.busy ? 0 : 1);

    const id = await step(a, 'a-sees-ph-log', () => phLinkOnDashboard(a.page, links));
    links.push(id);
    await step(a, 'a-pays', () => payLink(a.page, id, utr1));

    await step(b, 'b-confirms', async () => {
      await openGhLinkFromDashboard(b.page, id);
      expect(await b.page.getByTestId('utr').innerText()).toBe(utr1);
      await b.page.getByRole('button', { name: 'Update' }).click();
      await expectToast(b.page, 'Payment Received Successfully.');
      await b.page.waitForURL(/\/dashboard$/);
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

  it('B cancels a paid link, A disputes the cancel, the approver resolves it as received', async () => {
    await step(b, 'b-withdraws-again', () => withdraw(b.page, WITHDRAW_RUPEES));
    const withdrawal = await newest(token, 'withdrawals', B);
    await adminApi(token, 'POST', `/withdrawals/${withdrawal.id}/approve`);
    await adminApi(token, 'POST', '/matching/run');

    const id = await step(a, 'a-sees-second-link', () => phLinkOnDashboard(a.page, links));
    links.push(id);
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

    await adminApi(token, 'POST', `/help-links/${id}/resolve`, {
      outcome: 'received',
      remark: 'Bank statement shows the credit',
    });

    await step(a, 'a-after-resolve', async () => {
      await dashboard(a.page);
      await a.page
        .getByTestId('my-ph')
        .filter({ hasText: `₹${2 * Number(WITHDRAW_RUPEES)}.00` })
        .waitFor();
      await a.page.getByTestId('ph-logs-empty').waitFor();
    });
    await step(b, 'b-after-resolve', async () => {
      await dashboard(b.page);
      await b.page
        .getByTestId('my-gh')
        .filter({ hasText: `₹${2 * Number(WITHDRAW_RUPEES)}.00` })
        .waitFor();
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
  });
});
