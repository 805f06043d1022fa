/**
 * Browser e2e of issue 3's core: an admin issues e-pins in admin-web (a second admin approves: four eyes), the member sees them unused,
 * activates downline members through /Activation, and three uplines then see their level income
 * (paid by the worker through the outbox relay) with the right amounts.
 *
 * Seeded demo tree used: 100001 (active) → 100004 (active) → 100013 (inactive).
 */
import { type Page } from 'playwright-core';
import {
  SUPERADMIN,
  approvePending,
  memberLogin,
  openSession,
  registerUnder,
  step,
  toast,
  toastTexts,
  type Session,
} from './support';

jest.setTimeout(180_000);

async function expectToast(page: Page, text: string) {
  try {
    await toast(page, text).waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    throw new Error(`expected the toast "${text}"; toasts shown: ${JSON.stringify(await toastTexts(page))}`);
  }
}

async function activateWithFirstUnused(page: Page, target: string) {
  await page.goto('/EpinHistory');
  const use = page.getByRole('link', { name: /^Use / }).first();
  await use.waitFor();
  await use.click();
  await page.waitForURL('**/Activation?**');
  await page.getByLabel('User Id').fill(target);
  await page.getByLabel('User Name').and(page.locator(':not([value=""])')).waitFor();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expectToast(page, ' Activation Successfull');
  await page.waitForURL('**/SubscriptionHistory');
}

/** Reloads /LevelIncome until a row from `fromUid` with `income` shows (the worker pays asynchronously). */
async function expectIncome(page: Page, fromUid: string, income: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto('/LevelIncome');
    const row = page.getByRole('row').filter({ hasText: fromUid }).filter({ hasText: income });
    try {
      await row.first().waitFor({ timeout: 3_000 });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`no level income row from ${fromUid} of ${income} on /LevelIncome`);
    }
  }
}

describe('e-pins to level income in a real browser', () => {
  let s: Session;
  beforeEach(async () => {
    s = await openSession();
  });
  afterEach(async () => {
    await s.close();
  });

  it('admin issues e-pins; the member activates two downlines through /Activation; three uplines see their income', async () => {
    const { page } = s;
    await step(s, 'admin issues two e-pins to 100004', async () => {
      await page.goto('/admin/');
      await page.locator('input[name=username]').fill(SUPERADMIN.username);
      await page.locator('input[name=password]').fill(SUPERADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/#\/(?!login)/); // signed in: react-admin leaves #/login
      await page.goto('/admin/#/epins');
      await page.getByRole('button', { name: 'Issue e-pins' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name=owner]').fill('100004');
      await dialog.locator('input[name=quantity]').fill('2');
      await dialog.getByRole('button', { name: 'Issue' }).click();
      // E-pins without a payment wait for a second admin (four eyes, decision 0034): the approver approves.
      await page.getByText('Sent for a second approval', { exact: false }).first().waitFor();
      await approvePending('IssueEpins', SUPERADMIN.username, { username: 'approver', password: 'Admin@123' });
    });

    await step(s, '100004 sees the two e-pins unused', async () => {
      await memberLogin(page, '100004');
      await page.goto('/EpinHistory');
      await page.getByRole('link', { name: /^Use / }).first().waitFor();
      expect(await page.getByRole('link', { name: /^Use / }).count()).toBe(2);
    });

    await step(s, '100004 activates its direct 100013', () => activateWithFirstUnused(page, '100013'));
    const newcomer = await registerUnder('100013');
    await step(s, `100004 activates ${newcomer} (under 100013)`, () => activateWithFirstUnused(page, newcomer));

    // newcomer's uplines: 100013 (level 1, 10 % of ₹299), 100004 (level 2, 5 %), 100001 (level 3, 3 %).
    for (const [upline, income] of [
      ['100013', '₹29.90'],
      ['100004', '₹14.95'],
      ['100001', '₹8.97'],
    ] as const) {
      await step(s, `${upline} sees ${income} from ${newcomer}`, async () => {
        await memberLogin(page, upline); // a new login replaces the stored session
        await expectIncome(page, newcomer, income);
      });
    }
  });
});
