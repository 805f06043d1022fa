/**
 * Browser e2e of admins' two-step sign-in (issue 18 §2, decision 0033): a new admin enrols in
 * admin-web (the QR and the key as text, a code from an authenticator, the recovery codes shown
 * once), logs out, and signs in again through the code step: a wrong code is refused, a current
 * one lets it in; a recovery code works once. Codes come from otpauth with the key the screen
 * shows, as an authenticator app would make them. A fresh admin, so no other spec's logins change.
 */
import { Secret, TOTP } from 'otpauth';
import { adminApiApproved, adminToken, openSession, step, type Session } from './support';

jest.setTimeout(180_000);

const ADMIN = { username: `totp${Date.now() % 1_000_000}`, password: 'Totp-browser-2026' };
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

describe('admin two-step sign-in in a real browser', () => {
  let s: Session;
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    const superadmin = await adminToken();
    // Granting approver is a four-eyes action (decision 0034): the demo's second superadmin approves it.
    await adminApiApproved(superadmin, 'POST', '/admin-users', { ...ADMIN, role: 'approver' });
    s = await openSession();
  });
  afterAll(async () => {
    await s?.close();
  });

  const signIn = async () => {
    await s.page.goto('/admin/#/login');
    await s.page.locator('input[name=username]').fill(ADMIN.username);
    await s.page.locator('input[name=password]').fill(ADMIN.password);
    await s.page.getByRole('button', { name: /sign in/i }).click();
  };
  const logOut = async () => {
    await s.page.getByRole('button', { name: 'Profile' }).click();
    await s.page.getByRole('menuitem', { name: 'Logout' }).click();
    await s.page.locator('input[name=username]').waitFor();
  };

  it('enrols an authenticator: QR, key as text, code confirmed, recovery codes once', async () => {
    await step(s, 'totp-first-login', async () => {
      await signIn();
      await s.page.locator('input[name=username]').waitFor({ state: 'detached' });
    });
    await step(s, 'totp-open-screen', async () => {
      await s.page.getByRole('button', { name: 'Profile' }).click();
      await s.page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
      await s.page.getByText('Two-step sign-in is off.').waitFor();
      await s.page.getByRole('button', { name: 'Set up authenticator app' }).click();
    });
    await step(s, 'totp-scan', async () => {
      const qr = s.page.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(
        100,
      );
      secret = ((await s.page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    });
    await step(s, 'totp-confirm', async () => {
      await s.page.getByLabel(/6-digit code/).fill(codeOf(secret, -1));
      await s.page.getByRole('button', { name: 'Confirm and turn on' }).click();
      const list = s.page.getByTestId('recovery-codes');
      await list.waitFor();
      recoveryCodes = (await list.locator('li').allTextContents()).map((c) => c.trim());
      expect(recoveryCodes).toHaveLength(10);
      await s.page.getByRole('button', { name: 'Download codes' }).waitFor();
      await s.page.getByRole('button', { name: "I've saved them" }).click();
      await s.page.getByTestId('recovery-codes').waitFor({ state: 'detached' });
    });
  });

  it('asks for the code at login: a wrong code is refused, a current code signs in', async () => {
    await step(s, 'totp-logout', logOut);
    await step(s, 'totp-password-step', async () => {
      await signIn();
      await s.page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    });
    await step(s, 'totp-wrong-code', async () => {
      const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
      await s.page.locator('input[name=totp]').fill(wrong);
      await s.page.getByRole('button', { name: 'Verify' }).click();
      await s.page.getByText('That code is not valid. Enter a new code from your authenticator app.').waitFor();
    });
    await step(s, 'totp-right-code', async () => {
      await s.page.locator('input[name=totp]').fill(codeOf(secret, 1));
      await s.page.getByRole('button', { name: 'Verify' }).click();
      await s.page.locator('input[name=totp]').waitFor({ state: 'detached' });
      await s.page.getByTestId('sahyog-brand').waitFor();
    });
  });

  it('signs in once with a recovery code', async () => {
    await step(s, 'totp-logout-2', logOut);
    await step(s, 'totp-recovery', async () => {
      await signIn();
      await s.page.locator('input[name=totp]').fill(recoveryCodes[0]);
      await s.page.getByRole('button', { name: 'Verify' }).click();
      await s.page.getByTestId('sahyog-brand').waitFor();
    });
    await step(s, 'totp-recovery-again', async () => {
      await logOut();
      await signIn();
      await s.page.locator('input[name=totp]').fill(recoveryCodes[0]);
      await s.page.getByRole('button', { name: 'Verify' }).click();
      await s.page.getByText('That code is not valid. Enter a new code from your authenticator app.').waitFor();
    });
  });
});
