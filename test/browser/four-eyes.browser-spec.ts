/**
 * Browser e2e of four eyes (issue 18 §4, decision 0034): the approver issues e-pins in admin-web and is
 * told it was sent for a second approval (nothing issued); the superadmin, in another browser, sees
 * the request counted in the menu, opens it under Four eyes and approves it; the e-pins exist then.
 */
import {
  adminApi,
  adminLogin,
  adminToken,
  openSession,
  registerUnder,
  ROOT_MEMBER,
  step,
  SUPERADMIN,
  type Session,
} from './support';

jest.setTimeout(180_000);

const APPROVER = { username: 'approver', password: 'Admin@123' };

describe('four eyes in admin-web: a second admin approves an e-pin issue', () => {
  let maker: Session;
  let checker: Session;
  beforeAll(async () => {
    maker = await openSession();
    checker = await openSession();
  });
  afterAll(async () => {
    await maker?.close();
    await checker?.close();
  });

  it('the approver asks, the superadmin approves in the Four eyes screen, and only then are the e-pins issued', async () => {
    const owner = await registerUnder(ROOT_MEMBER, 'Four Eyes Owner');
    const token = await adminToken();
    const epinsOf = async () =>
      (await adminApi<unknown[]>(token, 'GET', `/epins?filter=${encodeURIComponent(JSON.stringify({ owner }))}`))
        .length;

    await step(maker, 'approver issues three e-pins: sent for a second approval', async () => {
      const { page } = maker;
      await adminLogin(page, APPROVER);
      await page.goto('/admin/#/epins');
      await page.getByRole('button', { name: 'Issue e-pins' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name=owner]').fill(owner);
      await dialog.locator('input[name=quantity]').fill('3');
      await dialog.getByRole('button', { name: 'Issue' }).click();
      await page.getByText('Sent for a second approval: another admin must approve it under Four eyes').waitFor();
      await dialog.waitFor({ state: 'detached' });
    });
    expect(await epinsOf()).toBe(0);

    await step(checker, 'superadmin sees the request counted in the menu and approves it', async () => {
      const { page } = checker;
      await adminLogin(page, SUPERADMIN);
      const badge = page.getByTestId('four-eyes-pending');
      await badge.waitFor();
      expect(Number((await badge.innerText()).replace(/\D+/g, ' ').trim().split(' ').pop())).toBeGreaterThanOrEqual(1);
      await page.goto('/admin/#/four-eyes');
      const row = page.locator('tbody tr').filter({ hasText: `Issue 3 × EpintypeB to ${owner} without a payment` });
      await row.first().waitFor();
      expect(await row.first().innerText()).toContain('approver');
      await row.first().click();
      await page.getByTestId('four-eyes-status').filter({ hasText: 'Pending' }).waitFor();
      await page.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.filter({ hasText: 'asked by approver' }).waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Approved: it is done').waitFor();
      await page.getByTestId('four-eyes-status').filter({ hasText: 'Approved' }).waitFor();
    });
    expect(await epinsOf()).toBe(3);
  });
});
