/**
 * Browser e2e for issue 20's forms (decision 0041) and admin-web's early sign-in form, in Chromium:
 * - admin-web: the sign-in form draws before the console's code; a tap then never puts credentials in
 *   the URL, and the console signs in with what was typed once its code arrives;
 * - a withdrawal typed "12.5" is refused visibly and nothing is sent; a valid amount opens a sheet naming
 *   amount and receiver (nothing sent before Confirm); the e-pin transfer's sheet likewise;
 * - registration keeps a 45-character UPI ID whole and Devanagari name, city and state; both are saved
 *   (the bank page shows the UPI ID, the dashboard the name);
 * - /QrCode's "Pay with a UPI app" link carries pa, pn, am, cu=INR and tn;
 * - My Statement, /transparency and the two confirmation sheets at 390 px in English and Hindi: no
 *   sideways scroll; screenshots under .test-artifacts/web20-*.png for a person to look at.
 */
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import {
  ARTIFACTS_DIR,
  MEMBER_PASSWORD,
  memberLogin,
  openSession,
  ROOT_MEMBER,
  step,
  SUPERADMIN,
  type Session,
} from './support';

jest.setTimeout(300_000);

const PHONE = { width: 390, height: 844 };
/** A seeded member with e-pins (the demo seed). */
const MEMBER = '100001';
const LONG_UPI_ID = 'ravi.kumar.sharma.verma.family.savings@okaxis';
/** The screens' labels in each language (member-web's catalogues). */
const LABELS = {
  en: {
    amount: 'Amount',
    submit: 'Submit',
    cancel: 'Cancel',
    quantity: 'Epin Quantity',
    receiver: 'Receiver User Id',
    receiverName: 'Receiver Name',
    transfer: 'Transfer',
  },
  hi: {
    amount: 'राशि',
    submit: 'जमा करें',
    cancel: 'रद्द करें',
    quantity: 'ई-पिन मात्रा',
    receiver: 'प्राप्तकर्ता यूज़र आईडी',
    receiverName: 'प्राप्तकर्ता का नाम',
    transfer: 'ट्रांसफ़र करें',
  },
} as const;

/** Whether the page scrolls sideways (its content wider than the viewport). */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    '(() => { const root = document.scrollingElement ?? document.documentElement; return root.scrollWidth > root.clientWidth + 1; })()',
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `web20-${name}.png`), fullPage: true });
}

/** Switches member-web's language the way the device keeps it (localStorage and its cookie), then reloads. */
async function useLanguage(page: Page, language: 'en' | 'hi'): Promise<void> {
  await page.evaluate(`window.localStorage.setItem('sahyog.language', '${language}')`);
  await page.context().addCookies([{ name: 'sahyog.language', value: language, url: page.url() }]);
  await page.reload();
}

describe("admin-web's sign-in form before the console's code (issue 20 §10)", () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
  });
  afterAll(async () => {
    await s.close();
  });

  it('draws at once, a tap keeps the credentials out of the URL, and the console signs in once it runs', async () => {
    const { page } = s;
    const held: Route[] = [];
    let holding = true;
    await page.route('**/admin/assets/*.js', (route) => {
      if (holding) held.push(route);
      else void route.continue();
    });
    await step(s, 'early-form', async () => {
      // 'commit': DOMContentLoaded waits for the (held) module scripts.
      await page.goto('/admin/', { waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Sahyog admin' }).waitFor();
      await page.getByLabel(/Username/).fill(SUPERADMIN.username);
      await page.getByLabel(/Password/).fill(SUPERADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Getting ready', { exact: false }).waitFor();
      // Nothing was submitted natively: the URL carries no credentials and the fields keep what was typed.
      expect(page.url()).not.toContain('password');
      expect(page.url()).not.toContain(encodeURIComponent(SUPERADMIN.password));
      expect(await page.getByLabel(/Password/).inputValue()).toBe(SUPERADMIN.password);
    });
    await step(s, 'console-takes-over', async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await page.locator('#boot-login').waitFor({ state: 'detached', timeout: 60_000 });
      await page.locator('input[name=username]').waitFor({ state: 'detached', timeout: 30_000 });
      expect(await page.evaluate<string | null>("window.localStorage.getItem('sahyog.admin.role')")).toBe('superadmin');
      expect(page.url()).not.toContain('password');
    });
  });
});

describe('member forms: money never changed silently, UPI IDs, Devanagari, paying from the phone (issue 20)', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.setViewportSize(PHONE);
    s.context.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await s.close();
  });

  it('registers with a 45-character UPI ID and a Devanagari name, city and state, kept whole, saved and shown', async () => {
    const { page } = s;
    const name = 'रवि कुमार';
    let uid = '';
    await step(s, 'signup', async () => {
      await page.goto(`/signup?userid=${ROOT_MEMBER}`);
      await page.getByTestId('sponsor-status').filter({ hasText: /\S/ }).waitFor();
      await page.locator('input[name=name]').fill(name);
      await page.locator('input[name=email]').fill('ravi@example.com');
      await page.locator('select[name=countryid]').selectOption('101');
      await page.locator('input[name=mobile]').fill('9876543210');
      await page.locator('input[name=city]').fill('नासिक');
      await page.locator('input[name=state]').fill('महाराष्ट्र');
      await page.locator('input[name=upinumber]').fill(LONG_UPI_ID);
      // Nothing cut or deleted while typing.
      expect(await page.locator('input[name=upinumber]').inputValue()).toBe(LONG_UPI_ID);
      expect(await page.locator('input[name=name]').inputValue()).toBe(name);
      expect(await page.locator('input[name=city]').inputValue()).toBe('नासिक');
      expect(await page.locator('input[name=state]').inputValue()).toBe('महाराष्ट्र');
      await page.locator('input[name=password]').fill(MEMBER_PASSWORD);
      await page.locator('input[name=confirmPassword]').fill(MEMBER_PASSWORD);
      await page.getByLabel('I agree to the Terms and Conditions').check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(/\/WelcomeLetter\?userid=\d+/);
      uid = new URL(page.url()).searchParams.get('userid') ?? '';
      expect(uid).toMatch(/^\d+$/);
    });
    await step(s, 'saved-and-shown', async () => {
      await memberLogin(page, uid);
      expect((await page.getByTestId('member-name').innerText()).trim()).toBe(name);
      await page.goto('/Updatebank');
      const upi = page.getByLabel('UPI Number');
      await upi.and(page.locator(':not([value=""])')).waitFor();
      expect(await upi.inputValue()).toBe(LONG_UPI_ID);
      await page.evaluate('window.localStorage.clear()');
    });
  });

  it('refuses "12.5" on withdrawal visibly, and names amount and receiver before a withdrawal or an e-pin transfer', async () => {
    const { page } = s;
    await memberLogin(page, MEMBER);
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && (pathname === '/api/Withdrawal' || pathname === '/api/EpinTransfer'))
        sent.push(pathname);
    });
    await step(s, 'withdrawal-12.5', async () => {
      await page.goto('/Withdrawal');
      const amount = page.getByLabel('Amount');
      await amount.fill('12.5');
      // Kept as typed, beside the reason; not turned into 125.
      expect(await amount.inputValue()).toBe('12.5');
      await page.getByText("Enter whole rupees: digits only, no '.' or other characters").first().waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForTimeout(500);
      expect(await page.getByRole('dialog', { name: 'Confirm withdrawal' }).count()).toBe(0);
      expect(sent).toEqual([]);
    });
    for (const language of ['en', 'hi'] as const) {
      await step(s, `withdrawal-sheet-${language}`, async () => {
        await page.goto('/Withdrawal');
        if (language === 'hi') await useLanguage(page, 'hi');
        const label = LABELS[language];
        await page.getByLabel(label.amount).fill('500');
        await page.getByRole('button', { name: label.submit, exact: true }).click();
        const sheet = page.getByRole('dialog');
        await sheet.getByTestId('confirm-amount').waitFor();
        expect(await sheet.getByTestId('confirm-amount').innerText()).toContain('500');
        expect(await sheet.getByTestId('confirm-receiver').innerText()).toContain(MEMBER);
        expect(await scrollsSideways(page)).toBe(false);
        await shoot(page, `withdrawal-sheet-${language}`);
        await sheet.getByRole('button', { name: LABELS[language].cancel }).click();
        await sheet.waitFor({ state: 'hidden' });
        expect(sent).toEqual([]);
      });
      await step(s, `transfer-sheet-${language}`, async () => {
        await page.goto('/EpinTransfer');
        await page.getByTestId('available-quantity').filter({ hasNotText: '…' }).waitFor();
        const label = LABELS[language];
        await page.getByLabel(label.quantity).fill('1');
        await page.getByLabel(label.receiver).fill(ROOT_MEMBER);
        await page.getByLabel(label.receiverName).and(page.locator(':not([value=""])')).waitFor();
        await page.getByRole('button', { name: label.transfer, exact: true }).click();
        const sheet = page.getByRole('dialog');
        await sheet.getByTestId('confirm-amount').waitFor();
        expect(await sheet.getByTestId('confirm-receiver').innerText()).toContain(ROOT_MEMBER);
        expect(await scrollsSideways(page)).toBe(false);
        await shoot(page, `transfer-sheet-${language}`);
        await sheet.getByRole('button', { name: LABELS[language].cancel }).click();
        await sheet.waitFor({ state: 'hidden' });
        expect(sent).toEqual([]);
      });
      await step(s, `new-screens-${language}`, async () => {
        for (const route of ['/MyStatement', '/transparency']) {
          await page.goto(route);
          await page.locator('main h1, h1').first().waitFor();
          await page.waitForLoadState('networkidle').catch(() => undefined);
          expect(await scrollsSideways(page)).toBe(false);
          await shoot(page, `${route.slice(1)}-${language}`);
        }
      });
    }
    await useLanguage(page, 'en');
  });

  it("/QrCode's 'Pay with a UPI app' link carries pa, pn, am, cu=INR and tn", async () => {
    const { page } = s;
    await step(s, 'qr-intent', async () => {
      await page.goto('/GatewayFundRequest');
      await page.getByLabel('Epin Type').selectOption('EpintypeB');
      await page.getByLabel('Quantity').fill('1');
      await page.getByRole('button', { name: 'Request' }).click();
      await page.waitForURL('**/QrCode');
      const link = page.getByTestId('upi-pay-link');
      await link.waitFor();
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith('upi://pay?')).toBe(true);
      const params = new URLSearchParams(href.slice('upi://pay?'.length));
      const amount = (await page.getByTestId('qr-amount').innerText()).replace(/[₹,\s]/g, '');
      const orderId = (await page.getByTestId('qr-clientid').innerText()).trim();
      expect(params.get('pa')).toMatch(/^[\w.-]+@[A-Za-z][\w]*$/);
      expect(params.get('pn')).toBe((await page.getByTestId('banking-name').innerText()).trim());
      expect(Number(params.get('am'))).toBe(Number(amount));
      expect(params.get('am')).toMatch(/^\d+\.\d{2}$/);
      expect(params.get('cu')).toBe('INR');
      expect(params.get('tn')).toBe(orderId);
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, 'qrcode-en');
    });
  });
});
