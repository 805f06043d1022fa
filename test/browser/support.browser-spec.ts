/**
 * Browser e2e of support and news (issue 12): a member raises a query on /Support (the empty
 * query's text first), the support desk replies in admin-web (signed in as `support`), the member
 * sees the reply on /Support; an approver publishes news in admin-web and the member reads it on
 * /News, newest first. CONTACT ADMIN follows the superadmin's contactAdminUrl setting.
 */
import {
  adminApi,
  adminApiApproved,
  adminLogin,
  adminToken,
  expectToast,
  memberLogin,
  openSession,
  step,
  SUPERADMIN,
  type Session,
} from './support';
import type { Page } from 'playwright-core';

jest.setTimeout(180_000);

/**
 * Runs `go` and waits for the dashboard's answer to it, then for CONTACT ADMIN to point at `href`
 * (until then the screen may show the member's last figures, with their link).
 */
async function contactAdminAfterAnswer(page: Page, go: () => Promise<unknown>, href: string) {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/userDashboard' && r.status() === 200,
  );
  await go();
  await answered;
  const contact = page.getByRole('main').getByRole('link', { name: 'CONTACT ADMIN' });
  for (const deadline = Date.now() + 10_000; (await contact.getAttribute('href')) !== href;) {
    if (Date.now() > deadline) break;
    await page.waitForTimeout(100);
  }
  return contact;
}

/** An element's computed text colour (runs in the page; no DOM types in this tsconfig). */
const colorOf = (el: unknown) =>
  (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color;

/** A seeded member no other browser spec uses. */
const MEMBER = '100007';
const SUPPORT = { username: 'support', password: 'Admin@123' };
const APPROVER = { username: 'approver', password: 'Admin@123' };

describe('support and news in a real browser', () => {
  let member: Session;
  let desk: Session;
  let approverDesk: Session;
  const query = `My PH link expired (${Date.now()}).\nWhat happens now?`;
  const reply = 'The link went back to the queue; you will be matched again.';
  const news = `Maintenance on Sunday ${Date.now()}.`;

  beforeAll(async () => {
    [member, desk, approverDesk] = await Promise.all([openSession(), openSession(), openSession()]);
  });
  afterAll(async () => {
    await Promise.all([member?.close(), desk?.close(), approverDesk?.close()]);
  });

  it('a member raises a query, support replies in admin-web, the member sees the reply', async () => {
    await step(member, 'member-login', () => memberLogin(member.page, MEMBER));
    await step(member, 'support-from-dashboard', async () => {
      await member.page.getByRole('main').getByRole('link', { name: 'SUPPORT' }).click();
      await member.page.waitForURL(/\/Support$/);
      await member.page.getByRole('heading', { name: 'Raise A Query' }).waitFor();
    });
    await step(member, 'empty-query', async () => {
      await member.page.getByRole('button', { name: 'Submit' }).click();
      await expectToast(member.page, 'Please enter your query');
    });
    await step(member, 'send-query', async () => {
      await member.page.getByLabel('Query').fill(query);
      await member.page.getByRole('button', { name: 'Submit' }).click();
      await expectToast(member.page, 'Successfully send query');
      const status = member.page.getByTestId('ticket-status').first();
      await status.filter({ hasText: 'open' }).waitFor();
      // Spec §2: open is red.
      expect(await status.evaluate(colorOf)).toBe('rgb(198, 40, 40)');
    });

    await step(desk, 'desk-replies', async () => {
      await adminLogin(desk.page, SUPPORT);
      await desk.page.goto('/admin/#/tickets');
      // The row (a table on a wide screen, a list item on a phone) by the query's text.
      await desk.page
        .getByText(/^My PH link expired/)
        .first()
        .click();
      await desk.page.getByRole('button', { name: 'Reply' }).click();
      const dialog = desk.page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /Reply/ }).fill(reply);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await desk.page.getByText('Reply sent: the member sees it on their Support page').waitFor();
      await desk.page.getByTestId('ticket-status').filter({ hasText: 'Replied' }).waitFor();
    });

    await step(member, 'member-sees-reply', async () => {
      await member.page.goto('/Support');
      await member.page.getByText(reply).first().waitFor();
      const status = member.page.getByTestId('ticket-status').first();
      await status.filter({ hasText: 'replied' }).waitFor();
      expect(await status.evaluate(colorOf)).toBe('rgb(27, 127, 58)');
    });
  });

  it('an approver posts news in admin-web and the member reads it on /News, newest first', async () => {
    await step(approverDesk, 'approver-posts-news', async () => {
      const page = approverDesk.page;
      await adminLogin(page, APPROVER);
      await page.goto('/admin/#/news/create');
      await page.getByRole('textbox', { name: /Text/ }).fill(news);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/news$/);
      await page.getByText(news).first().waitFor();
    });
    await step(member, 'member-reads-news', async () => {
      await member.page.goto('/dashboard');
      await member.page.getByRole('button', { name: 'MENU' }).click();
      await member.page.getByRole('menuitem', { name: 'News' }).click();
      await member.page.waitForURL(/\/News$/);
      const first = member.page.getByTestId('news-content').first();
      await first.filter({ hasText: news }).waitFor();
    });
  });

  it('CONTACT ADMIN opens the chat link the superadmin sets, and /Support without one', async () => {
    const token = await adminToken(SUPERADMIN);
    const before = (await adminApi<{ value: unknown }>(token, 'GET', '/settings/contactAdminUrl')).value;
    try {
      await adminApiApproved(token, 'PUT', '/settings/contactAdminUrl', { value: 'https://wa.me/919800000000' });
      await step(member, 'contact-admin-link', async () => {
        // The link is drawn before the dashboard's answer (with /Support, or the last figures' link
        // from the member's cache): read it once this visit's answer is in.
        const contact = await contactAdminAfterAnswer(
          member.page,
          () => member.page.goto('/dashboard'),
          'https://wa.me/919800000000',
        );
        expect(await contact.getAttribute('href')).toBe('https://wa.me/919800000000');
        expect(await contact.getAttribute('target')).toBe('_blank');
      });
      await adminApiApproved(token, 'PUT', '/settings/contactAdminUrl', { value: '' });
      await step(member, 'contact-admin-support', async () => {
        const contact = await contactAdminAfterAnswer(member.page, () => member.page.goto('/dashboard'), '/Support');
        await contact.click();
        await member.page.waitForURL(/\/Support$/);
      });
    } finally {
      await adminApiApproved(token, 'PUT', '/settings/contactAdminUrl', { value: before ?? '' });
    }
  });
});
