/**
 * Browser e2e: a member buys e-pins through the local UPI double and the local USDT double. The
 * member drives member-web; the double's "payment" is made through the admin API (what admin-web's
 * "Mark paid" button calls), standing in for the member's UPI app or wallet.
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

jest.setTimeout(180_000);

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Pays at the double; for a crypto order the answer says how the API took the double's signed callback ("200"). */
async function markPaid(clientid: string): Promise<{ callback: string | null }> {
  const { token } = await api<{ token: string }>('/admin-api/auth/login', SUPERADMIN);
  return api<{ callback: string | null }>(
    `/admin-api/payment-double/orders/${encodeURIComponent(clientid)}/mark-paid`,
    {},
    token,
  );
}

/** The member's unused e-pins, as the API has them (not only as many as the page shows). */
async function unusedPins(uid: string): Promise<string[]> {
  const { token } = await api<{ token: string }>('/api/login', { uid, password: MEMBER_PASSWORD });
  const [rows] = await api<Array<Array<{ pin: string }>>>('/api/ActivationHistory', { type: 2 }, token);
  return rows.map((r) => r.pin);
}

async function freshMember(): Promise<string> {
  const body = await api<{ result: string; uid_output: string }>('/api/registrationWeb', {
    sid: '100001',
    name: 'Epin Buyer',
    email: 'buyer@example.com',
    password: MEMBER_PASSWORD,
    mobile: '9876505678',
    countryid: '101',
    city: 'Pune',
    state: 'Maharashtra',
    upinumber: 'buyer@upi',
  });
  if (body.result !== 'Registration Successfull') throw new Error(body.result);
  return body.uid_output;
}

async function login(page: Page, uid: string) {
  await openLoginPage(page);
  await page.locator('input[name=uid]').fill(uid);
  await page.locator('input[name=password]').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/Disclaimer');
}

/** Reloads the Unused Epin List until it shows `count` e-pins (payments are confirmed asynchronously). */
async function expectUnused(page: Page, count: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto('/EpinHistory');
    await page.getByRole('table', { name: 'Unused Epin List' }).waitFor();
    await page.waitForTimeout(500);
    const shown = await page.getByRole('link', { name: /^Use / }).count();
    if (shown === count) return;
    if (Date.now() > deadline) throw new Error(`expected ${count} unused e-pins, the list shows ${shown}`);
  }
}

describe('buying e-pins through the local payment doubles', () => {
  let s: Session;
  let buyer = '';
  beforeAll(async () => {
    buyer = await freshMember();
  });
  beforeEach(async () => {
    s = await openSession();
  });
  afterEach(async () => {
    await s.close();
  });

  it('UPI: the QR page confirms the payment the server saw and the e-pins appear unused', async () => {
    const { page } = s;
    await step(s, 'open a UPI order for 2 e-pins', async () => {
      await login(page, buyer);
      await page.goto('/GatewayFundRequest');
      await page.getByLabel('Epin Type').selectOption('EpintypeB');
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'Request' }).click();
      await page.waitForURL('**/QrCode');
      await page.getByTestId('upi-qr').waitFor();
    });
    const clientid = (await page.getByTestId('qr-clientid').innerText()).trim();
    await step(s, 'the payer pays; the polling QR page sees it', async () => {
      await markPaid(clientid);
      await toast(page, 'Payment Received Successfully !!')
        .waitFor({ timeout: 20_000 })
        .catch(async () => {
          throw new Error(`no success toast; toasts: ${JSON.stringify(await toastTexts(page))}`);
        });
      await page.waitForURL('**/GatewayFundRequestHistory');
    });
    await step(s, 'two e-pins are unused', () => expectUnused(page, 2));
  });

  it('USDT: the signed callback of the double issues the e-pins once', async () => {
    const { page } = s;
    await step(s, 'open a USDT order for 1 e-pin', async () => {
      await login(page, buyer);
      await page.goto('/OnlineFundRequest');
      await page.getByLabel('Epin Type').selectOption('EpintypeB');
      await page.getByLabel('Quantity').fill('1');
      await page.getByRole('button', { name: 'Request' }).click();
      await page.getByTestId('usdt-address').waitFor();
    });
    const clientid = (await page.getByTestId('order-clientid').innerText()).trim();
    await step(s, 'the wallet pays; the double calls back; three e-pins in all', async () => {
      expect((await markPaid(clientid)).callback).toBe('200');
      await expectUnused(page, 3);
      expect(await unusedPins(buyer)).toHaveLength(3);
    });
    await step(
      s,
      'paid again, the callback delivered again: still three, the order issued its one e-pin once',
      async () => {
        expect((await markPaid(clientid)).callback).toBe('200');
        expect(await unusedPins(buyer)).toHaveLength(3);
        await expectUnused(page, 3);
      },
    );
  });
});
