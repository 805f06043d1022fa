import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORCED_LOGOUT_TEXT } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { DASHBOARD_SUMMARY } from '../../../testing/dashboard-summary';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';

const SUMMARY = DASHBOARD_SUMMARY;

describe('dashboard', () => {
  it('proves the member id, name and read-only referral link {origin}/signup?userid={uid}, with copy and share', async () => {
    signInMember();
    const api = mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    const user = userEvent.setup({ delay: null });
    // After setup(): user-event installs its own clipboard stub, which this replaces.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/dashboard');

    expect(await screen.findByTestId('member-uid')).toHaveTextContent('482913');
    expect(screen.getByTestId('member-name')).toHaveTextContent('Asha Rao');
    const expected = `${window.location.origin}/signup?userid=482913`;
    const link = screen.getByLabelText('Referral Link');
    expect(link).toHaveValue(expected);
    expect(link).toHaveAttribute('readonly');
    // Issue 20: the share sheet shares `…&position=Left`; without the Web Share API, WhatsApp carries it.
    const share = screen.getByRole('link', { name: 'Share Link' });
    expect(share).toHaveAttribute('data-share-url', `${expected}&position=Left`);
    expect(share).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${expected}&position=Left`)}`);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expected);
    expect(await screen.findByText('Copied Referral Link')).toBeInTheDocument();
    expect(api.callsTo('POST /userDashboard')[0]?.headers.Authorization).toBe('Bearer jwt-of-asha');
  });

  it('proves the INR/USD toggle converts every amount at INR / 90 with two decimals and $', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    const user = userEvent.setup({ delay: null });
    renderApp('/dashboard');
    expect(await screen.findByTestId('net-balance')).toHaveTextContent('₹900.00');
    expect(screen.getByTestId('total-income')).toHaveTextContent('₹1234.50');
    expect(screen.getByTestId('team-income')).toHaveTextContent('₹234.50');

    await user.click(screen.getByRole('button', { name: 'USD' }));
    expect(screen.getByTestId('net-balance')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('total-income')).toHaveTextContent('$13.72');

    await user.click(screen.getByRole('button', { name: 'INR' }));
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹900.00');
  });

  it('proves the status card is green for Active and red otherwise', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [{ ...SUMMARY, Activestatus: 'Inactive', ActDate: '' }] } });
    renderApp('/dashboard');
    const status = await screen.findByTestId('member-status');
    expect(status).toHaveTextContent('Inactive');
    expect(status).toHaveStyle({ color: 'rgb(198, 40, 40)' });
  });

  it('proves an Active status shows green', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    renderApp('/dashboard');
    expect(await screen.findByTestId('member-status')).toHaveStyle({ color: 'rgb(27, 127, 58)' });
  });

  it('proves the buttons and the MENU lead where the spec says', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    const user = userEvent.setup({ delay: null });
    renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    const main = screen.getByRole('main');
    const register = within(main).getByRole('link', { name: 'REGISTER' });
    expect(register).toHaveAttribute('href', '/signup');
    expect(register).toHaveAttribute('target', '_blank');
    expect(within(main).getByRole('button', { name: 'ACTIVATE ID' })).toBeEnabled();
    expect(within(main).getByRole('link', { name: 'SUPPORT' })).toHaveAttribute('href', '/Support');

    await user.click(screen.getByRole('button', { name: 'MENU' }));
    const menu = await screen.findByRole('menu');
    const targets = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.getAttribute('href'));
    // The spec's sixteen links, in their order, among every member screen grouped (issue 20).
    const spec = [
      '/SubscriptionHistory',
      '/LevelIncome',
      '/MyReferral',
      '/LevelDetails',
      '/EpinHistory',
      '/UsedEpin',
      '/OnlineFundRequest',
      '/OnlineFundRequestHistory',
      '/GatewayFundRequest',
      '/GatewayFundRequestHistory',
      '/EpinTransfer',
      '/EpinTransferHistory',
      '/Withdrawal',
      '/WithdrawalHistory',
      '/Profile',
      '/News',
    ];
    expect(targets.filter((to) => spec.includes(to ?? ''))).toEqual(spec);
    for (const to of [
      '/FundRequestBank',
      '/FundRequestHistoryBank',
      '/Activation',
      '/Support',
      '/MyTeam',
      '/Updatebank',
    ])
      expect(targets).toContain(to);
    expect(within(menu).getByText('E-pins')).toBeInTheDocument();
  });

  it('proves CONTACT ADMIN opens the contactAdminUrl chat link in a new tab, and /Support without a safe one', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [{ ...SUMMARY, contactAdminUrl: 'https://wa.me/919800000000' }] } });
    renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    const contact = within(screen.getByRole('main')).getByRole('link', { name: 'CONTACT ADMIN' });
    expect(contact).toHaveAttribute('href', 'https://wa.me/919800000000');
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['', 'javascript:alert(1)', 'http://wa.me/1'])(
    'proves CONTACT ADMIN with the link %j leads to /Support',
    async (contactAdminUrl) => {
      signInMember();
      mockApi({ 'POST /userDashboard': { data: [{ ...SUMMARY, contactAdminUrl }] } });
      renderApp('/dashboard');
      await screen.findByTestId('net-balance');
      const contact = within(screen.getByRole('main')).getByRole('link', { name: 'CONTACT ADMIN' });
      expect(contact).toHaveAttribute('href', '/Support');
      expect(contact).not.toHaveAttribute('target');
    },
  );

  it('proves every card with a target links to a route: directs /MyReferral, team /MyTeam, PH, GH, income, withdrawals', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    const hrefs = within(screen.getByRole('main'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/MyReferral',
        '/MyTeam',
        '/PHRecivePaymentPaid',
        '/GHRecivePaymentPaid',
        '/LevelIncome',
        '/WithdrawalHistory',
        '/Support',
      ]),
    );
  });

  it('proves the top bar offers Home (/dashboard) and REGISTER (/signup)', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    renderApp('/dashboard');
    const bar = screen.getByRole('navigation', { name: 'Member navigation' });
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(bar).getByRole('link', { name: 'REGISTER' })).toHaveAttribute('href', '/signup');
    await screen.findByTestId('net-balance');
  });

  it('proves Logout sits apart from MENU and asks first: Cancel keeps the session, Logout ends it and goes to /login', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    // Beside the member's name, not in the grid of actions where MENU is.
    const actions = screen.getByRole('navigation', { name: 'Dashboard actions' });
    expect(within(actions).getByRole('button', { name: 'MENU' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Logout' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(getSession().isAuth).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getSession().isAuth).toBe(true);
    expect(app.location().pathname).toBe('/dashboard');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Log out?' })).getByRole('button', { name: 'Logout' }),
    );
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(getSession().isAuth).toBe(false);
  });

  it('proves a revoked token on the dashboard call forces the logout to /login', async () => {
    signInMember();
    mockApi({
      'POST /userDashboard': { status: 401, data: { result: FORCED_LOGOUT_TEXT, message: FORCED_LOGOUT_TEXT } },
    });
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(getSession()).toMatchObject({ isAuth: false, jwtToken: '' });
  });

  it('proves an impersonated session shows the admin banner', async () => {
    signInMember({ impersonated: true });
    mockApi({ 'POST /userDashboard': { data: [{ ...SUMMARY, impersonated: true }] } });
    renderApp('/dashboard');
    expect(await screen.findByText(/Admin session/)).toBeInTheDocument();
  });

  it('proves the dashboard without a session redirects to /login', async () => {
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });
});
