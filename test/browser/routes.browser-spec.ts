/**
 * The spec's whole route table (product-spec §2, "Route table", plus /transactionPassword from
 * "Also seen in navigation") renders in Chromium for a signed-in member: no route may show Not
 * Found, an error toast or a console error (a failed request logs one too). The two routes with a
 * parameter get a real help link: a new member's help request matched by hand to a ₹1 withdrawal
 * of the root (the superadmin lowers `withdrawalMinRupees` to 1 for it and restores it; this file
 * runs after the help circle's, test/browser/sequencer.js). /AdminLogin gets a real "Log in as"
 * token and goes last (it replaces the session). Every failing route is reported at once.
 */
import type { Page } from 'playwright-core';
import {
  adminApi,
  adminApiApproved,
  adminToken,
  BASE_URL,
  memberApi,
  memberLogin,
  openSession,
  ROOT_MEMBER,
  step,
  type Session,
} from './support';

jest.setTimeout(300_000);

/** product-spec.md §2, the route table, in its order (the two parameter routes get `{id}`). */
/** Who walks the route table: the seed's demo earner (src/cli/seed.ts), who has income to withdraw. */
const WALKER = '100003';
const SPEC_ROUTES = [
  '/',
  '/login',
  '/ForgotPassword',
  '/signup',
  '/WelcomeLetter',
  '/Disclaimer',
  '/dashboard',
  '/myepinstrans',
  '/Epinledger',
  '/RequestEPins',
  '/RequestEPinsBank',
  '/myaccountsgen',
  '/MyWallet',
  '/mywithdrawals',
  '/requestpayout',
  '/MyDirectList',
  '/EditBank',
  '/mycrptaddr',
  '/EditContact',
  '/NewPassword',
  '/help_list',
  '/MyTeam',
  '/MyReferral',
  '/LevelDetails',
  '/LevelIncome',
  '/SubscriptionHistory',
  '/GHRecivePayment',
  '/GHRecivePaymentCancel',
  '/GHRecivePaymentPaid',
  '/PHRecivePayment',
  '/PHRecivePaymentCancel',
  '/PHRecivePaymentPaid',
  '/PHRecivePaymentId/{id}',
  '/GHRecivePaymentId/{id}',
  '/EpinHistory',
  '/Activation',
  '/UsedEpin',
  '/EpinTransfer',
  '/EpinTransferHistory',
  '/FundRequestBank',
  '/OnlineFundRequest',
  '/GatewayFundRequest',
  '/FundRequestHistoryBank',
  '/OnlineFundRequestHistory',
  '/GatewayFundRequestHistory',
  '/Withdrawal',
  '/WithdrawalHistory',
  '/QrCode',
  '/Support',
  '/Profile',
  '/ProfileSetting',
  '/ChangePassword',
  '/TransactionPassword',
  '/Updatebank',
  '/Ecurrency',
  '/AdminLogin',
  '/News',
  '/transactionPassword',
];

/** Query strings a screen reads (the welcome letter names a member). */
const QUERY: Record<string, (uid: string) => string> = { '/WelcomeLetter': (uid) => `?userid=${uid}` };

/** What went wrong on one route, or null. */
async function visit(session: Session, path: string): Promise<string | null> {
  const { page } = session;
  const from = session.diagnostics.length;
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // A lazily loaded screen shows its main landmark; give late answers (toasts) a moment to arrive.
  await page
    .locator('main, [role="main"], form, h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  const problems: string[] = [];
  if (await page.getByRole('heading', { name: 'Page Not Found' }).isVisible()) problems.push('Not Found');
  const errors = await page.locator('.Toastify__toast--error').allInnerTexts();
  if (errors.length) problems.push(`error toast ${JSON.stringify(errors)}`);
  const logged = session.diagnostics.slice(from).filter((d) => d.startsWith('console:') || d.startsWith('pageerror:'));
  if (logged.length) problems.push(logged.join(' | '));
  return problems.length ? problems.join('; ') : null;
}

/** Dismisses the toasts of the previous screen, so a route is judged on its own. */
async function clearToasts(page: Page) {
  await page.evaluate("document.querySelectorAll('.Toastify__toast').forEach((toast) => toast.remove())");
}

describe('the spec route table in Chromium, signed in', () => {
  let session: Session;
  let member: string;
  let linkId: string;
  let superToken = '';
  let minBefore: unknown = 100;

  beforeAll(async () => {
    superToken = await adminToken();
    const approver = await adminToken({ username: 'approver', password: 'Admin@123' });
    minBefore = (await adminApi<{ value: unknown }>(superToken, 'GET', '/settings/withdrawalMinRupees')).value;
    await adminApiApproved(superToken, 'PUT', '/settings/withdrawalMinRupees', { value: 1 });

    // A new member under the root asks for ₹5,000 of help with an e-pin the admin issues.
    const registered = await fetch(`${BASE_URL}/api/registrationWeb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sid: ROOT_MEMBER,
        name: 'Route Walker',
        email: 'routes@sahyog.test',
        password: 'Member@123',
        mobile: '9876500011',
        countryid: '101',
        city: 'Nashik',
        state: 'Maharashtra',
        upinumber: 'routes@upi',
      }),
    });
    member = ((await registered.json()) as { uid_output: string }).uid_output;
    await adminApiApproved(superToken, 'POST', '/epins/issue', { owner: member, type: 'EpintypeB', quantity: 1 });
    const help = await memberApi<{ result: string }>(member, 'GHRequesttoAdmin', {
      sid: member,
      referby: member,
      epin: 'EpintypeB',
      type: 'Activate',
    });
    if (help.result !== 'Successfull') throw new Error(`help request: ${JSON.stringify(help)}`);
    const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
    const [request] = await adminApi<Array<{ id: string }>>(
      approver,
      'GET',
      `/help-requests?${filter({ member, status: 'awaiting-approval' })}`,
    );
    await adminApi(approver, 'POST', `/help-requests/${request!.id}/approve`);

    // The walker (the demo earner, with level income from the seed) withdraws ₹1, approved into the
    // GH queue; the approver links the two by hand.
    const done = await memberApi<{ result: string }>(WALKER, 'Withdrawal', { Request_amount: '1' });
    if (done.result !== 'Done') throw new Error(`withdrawal: ${JSON.stringify(done)}`);
    const [withdrawal] = await adminApi<Array<{ id: string }>>(
      approver,
      'GET',
      `/withdrawals?${filter({ member: WALKER, status: 'Requested' })}`,
    );
    await adminApi(approver, 'POST', `/withdrawals/${withdrawal!.id}/approve`);
    const link = await adminApi<{ id: string }>(approver, 'POST', '/help-links', {
      phEntryId: `ph-${request!.id}`,
      ghEntryId: `gh-${withdrawal!.id}`,
      amountRupees: 1,
    });
    linkId = link.id;
    session = await openSession();
  });

  afterAll(async () => {
    if (superToken) await adminApiApproved(superToken, 'PUT', '/settings/withdrawalMinRupees', { value: minBefore });
    await session?.close();
  });

  it('renders every route without Not Found, an error toast or a console error', async () => {
    await step(session, 'routes-login', () => memberLogin(session.page, WALKER));
    const failures: string[] = [];
    for (const route of SPEC_ROUTES.filter((r) => r !== '/AdminLogin')) {
      const path = route.replace('{id}', linkId) + (QUERY[route]?.(WALKER) ?? '');
      await clearToasts(session.page);
      const problem = await visit(session, path);
      if (problem) failures.push(`${route}: ${problem}`);
    }

    // The link's own parties see it in full: the receiver (the walker) on the GH page…
    await session.page.goto(`/GHRecivePaymentId/${linkId}`);
    await session.page.getByTestId('order-id').filter({ hasText: linkId }).waitFor();
    // …and the sender on the PH page.
    await step(session, 'routes-sender', async () => {
      await memberLogin(session.page, member);
      await session.page.goto(`/PHRecivePaymentId/${linkId}`);
      await session.page.getByTestId('order-id').filter({ hasText: linkId }).waitFor();
    });

    // /AdminLogin with a real single-use "Log in as" token: signed in as the member, on the dashboard.
    const ticket = await adminApi<{ token: string; url: string }>(
      await adminToken({ username: 'support', password: 'Admin@123' }),
      'POST',
      `/members/${member}/impersonate`,
    );
    await clearToasts(session.page);
    const problem = await visit(session, ticket.url);
    if (problem) failures.push(`/AdminLogin: ${problem}`);
    else await session.page.waitForURL(/\/dashboard$/);

    expect(failures).toEqual([]);
  });
});
