/**
 * Browser e2e of the profile settings (issue 12), against the real API:
 * member 100028 saves bank details with the transaction password (bank and branch filled from the
 * IFSC look-up), lands on /Profile and finds them locked; an approver asks to unlock them on admin-web's
 * member page (a reason in the dialog) and a second superadmin approves it (four eyes); the member
 * changes them and they lock again.
 * Member 100029 changes the login password and the transaction password through each error text,
 * then changes both back (the seeded password stays the same for every other spec).
 */
import { type Page } from 'playwright-core';
import {
  adminLogin,
  approvePending,
  expectToast,
  MEMBER_PASSWORD,
  memberLogin,
  openSession,
  step,
  type Session,
} from './support';

jest.setTimeout(180_000);

const BANK_MEMBER = '100028';
const PASSWORD_MEMBER = '100029';
const APPROVER = { username: 'approver', password: 'Admin@123' };
/** 12 digits with a valid Verhoeff check digit (a test number, no real person's). */
const AADHAAR = '234567890124';

async function fillBank(page: Page, account: string, ifsc: string, bankName: string) {
  await page.goto('/Updatebank');
  await page.getByLabel('Account Number').fill(account);
  await page.getByLabel('Account Holder Name').fill('Demo Member');
  await page.getByLabel('IFSC Code').fill(ifsc);
  // The look-up fills the read-only bank name (and branch).
  const bank = page.getByLabel('Bank Name');
  for (const deadline = Date.now() + 15_000; (await bank.inputValue()) !== bankName;) {
    if (Date.now() > deadline) throw new Error(`bank name stayed "${await bank.inputValue()}", expected "${bankName}"`);
    await page.waitForTimeout(100);
  }
  await page.getByLabel('Transaction Password').fill(MEMBER_PASSWORD);
  await page.getByLabel('PAN Number').fill('ABCPE1234F');
  await page.getByLabel('Aadhar Number').fill(AADHAAR);
  await page.getByLabel('UPI Number').fill('9876543210');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expectToast(page, 'Bank Details Updated Successfully');
  await page.waitForURL(/\/Profile$/);
}

async function expectLocked(page: Page, account: string) {
  await page.goto('/Updatebank');
  await page.getByTestId('locked-notice').filter({ hasText: 'Details Verified and Locked' }).waitFor();
  const input = page.getByLabel('Account Number');
  expect(await input.isDisabled()).toBe(true);
  expect(await input.inputValue()).toBe(account);
  expect(await page.getByRole('button', { name: 'Update', exact: true }).count()).toBe(0);
}

async function changePassword(page: Page, path: string, current: string, next: string, confirm: string) {
  await page.goto(path);
  const transaction = path.toLowerCase() === '/transactionpassword';
  await page.getByLabel(transaction ? 'Current Transaction Password' : 'Current Password').fill(current);
  await page.getByLabel(transaction ? 'New Transaction Password' : 'New Password').fill(next);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
}

describe('profile settings in Chromium', () => {
  let member: Session;
  let admin: Session;

  beforeAll(async () => {
    member = await openSession();
    admin = await openSession();
  });
  afterAll(async () => {
    await member?.close();
    await admin?.close();
  });

  it('bank details: saved with the transaction password, locked, unlocked on the member page by an approver and a second admin (four eyes), changed and locked again', async () => {
    await step(member, 'bank-login', () => memberLogin(member.page, BANK_MEMBER));
    await step(member, 'bank-save', () => fillBank(member.page, '123456789012', 'KKBK0000261', 'Kotak Mahindra Bank'));
    await step(member, 'bank-locked', () => expectLocked(member.page, '123456789012'));

    await step(admin, 'admin-unlock', async () => {
      const page = admin.page;
      await adminLogin(page, APPROVER);
      await page.goto(`/admin/#/members/${BANK_MEMBER}/show`);
      await page.getByRole('region', { name: 'Bank details' }).getByText('123456789012').waitFor();
      await page.getByRole('button', { name: 'Unlock bank' }).click();
      await page.getByRole('textbox', { name: 'Reason' }).fill('Member changed banks');
      await page.getByRole('button', { name: 'Confirm' }).click();
      // An unlock is a four-eyes action (decision 0034): the approver's request waits for a second admin.
      await page.getByText('Sent for a second approval: another admin must approve it under Four eyes').waitFor();
      await approvePending('UnlockBank', APPROVER.username);
    });

    await step(member, 'bank-change', () =>
      fillBank(member.page, '999988887777', 'SBIN0000300', 'State Bank of India'),
    );
    await step(member, 'bank-locked-again', () => expectLocked(member.page, '999988887777'));
  });

  it('change password and transaction password: each error text, then success, then back to the seeded ones', async () => {
    const page = member.page;
    await step(member, 'password-login', () => memberLogin(page, PASSWORD_MEMBER));
    await step(member, 'password-errors', async () => {
      await changePassword(page, '/ChangePassword', 'Wrong@123', 'Newpass@1', 'Newpass@1');
      await expectToast(page, 'Current password is wrong!');
      await changePassword(page, '/ChangePassword', MEMBER_PASSWORD, MEMBER_PASSWORD, MEMBER_PASSWORD);
      await expectToast(page, 'Old password can not be new password');
      await changePassword(page, '/ChangePassword', MEMBER_PASSWORD, 'Newpass@1', 'Newpass@2');
      await expectToast(page, 'Password is not matched');
      await changePassword(page, '/ChangePassword', MEMBER_PASSWORD, 'abc', 'abc');
      await expectToast(page, 'New Password must be at least 6 characters');
    });
    await step(member, 'password-change', async () => {
      await changePassword(page, '/ChangePassword', MEMBER_PASSWORD, 'Newpass@1', 'Newpass@1');
      await expectToast(page, 'Changes Password Update Successfully');
      // The session carries on with the new token: a protected screen still loads.
      await page.goto('/Profile');
      await page.getByTestId('profile-summary').filter({ hasText: PASSWORD_MEMBER }).waitFor();
    });
    await step(member, 'transaction-password', async () => {
      await changePassword(page, '/transactionPassword', 'Wrong@123', 'Trans@123', 'Trans@123');
      await expectToast(page, 'Current Transaction Password is wrong!');
      await changePassword(page, '/TransactionPassword', MEMBER_PASSWORD, 'abc', 'abc');
      await expectToast(page, 'Password must be at least 6 characters');
      await changePassword(page, '/transactionPassword', MEMBER_PASSWORD, MEMBER_PASSWORD, MEMBER_PASSWORD);
      await expectToast(page, 'Old password can not be new password');
      await changePassword(page, '/transactionPassword', MEMBER_PASSWORD, 'Trans@123', 'Trans@124');
      await expectToast(page, 'Password is not matched');
      await changePassword(page, '/transactionPassword', MEMBER_PASSWORD, 'Trans@123', 'Trans@123');
      await expectToast(page, 'Changes Password Update Successfully');
    });
    await step(member, 'passwords-restored', async () => {
      await changePassword(page, '/transactionPassword', 'Trans@123', MEMBER_PASSWORD, MEMBER_PASSWORD);
      await expectToast(page, 'Changes Password Update Successfully');
      await changePassword(page, '/ChangePassword', 'Newpass@1', MEMBER_PASSWORD, MEMBER_PASSWORD);
      await expectToast(page, 'Changes Password Update Successfully');
      await memberLogin(page, PASSWORD_MEMBER);
    });
  });
});
