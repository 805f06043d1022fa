import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, type FakeReply } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';

const SUMMARY = {
  uid: '482913',
  f_name: 'Asha Rao',
  isagree: '1',
  Activestatus: 'Inactive',
  RegDate: '2026-01-15T10:00:00.000Z',
  ActDate: '',
  totalrefferal: '0',
  totalteam: '0',
  totalphamount: '0.00',
  totalghamount: '0.00',
  TeamIncome: '0.00',
  TotalIncome: '0.00',
  totalWithdrawal: '0.00',
  TodayWithdrawal: '0.00',
  Net_Balance: '0.00',
  Totalpin: '1',
  impersonated: false,
};

describe('dashboard e-pin actions', () => {
  it('proves ACTIVATE ID asks getEpinData for the own uid and opens /Activation?pin=&type= with the oldest unused e-pin', async () => {
    signInMember();
    const api = mockApi({
      'POST /userDashboard': { data: [SUMMARY] },
      'GET /getEpinData': {
        data: { result: { result: 'Successfull', epintype: 'EpintypeB' }, data: [[{ epin: 'K7M3QX9TRWAB' }]] },
      },
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    await user.click(screen.getByRole('button', { name: 'ACTIVATE ID' }));
    await waitFor(() => expect(app.location().pathname).toBe('/Activation'));
    expect(app.location().search).toBe('?pin=K7M3QX9TRWAB&type=EpintypeB');
    expect(api.callsTo('GET /getEpinData')[0]?.params).toEqual({ uid: '482913' });
    expect(await screen.findByLabelText('Epin')).toHaveValue('K7M3QX9TRWAB');
    expect(screen.getByLabelText('Epin Status')).toHaveValue('Valid Epin');
  });

  it("proves ACTIVATE ID without an e-pin stays on the dashboard and shows the 'Insufficient Epin !!' alert, which OK acknowledges", async () => {
    signInMember();
    mockApi({
      'POST /userDashboard': { data: [SUMMARY] },
      'GET /getEpinData': { data: { result: { result: 'Insufficient Epin !!', epintype: '' }, data: [[]] } },
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    await user.click(screen.getByRole('button', { name: 'ACTIVATE ID' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Insufficient Epin !!' });
    expect(alert).toHaveAccessibleDescription('You have no unused e-pin to activate your id with.');
    expect(alert).toHaveAttribute('aria-modal', 'true');
    // Not a dead end (issue 20 §4): the alert lists the ways to get an e-pin.
    const ways = await within(alert).findByRole('navigation', { name: 'Ways to get an e-pin' });
    expect(within(ways).getByRole('link', { name: 'Request an e-pin by bank transfer or QR' })).toHaveAttribute(
      'href',
      '/FundRequestBank',
    );
    expect(within(ways).getByRole('link', { name: 'Buy with a UPI app (gateway)' })).toHaveAttribute(
      'href',
      '/GatewayFundRequest',
    );
    expect(within(ways).getByRole('link', { name: 'Buy with USDT (BEP-20)' })).toHaveAttribute(
      'href',
      '/OnlineFundRequest',
    );
    expect(within(ways).getByText(/ask your sponsor to transfer you an e-pin/)).toBeInTheDocument();
    const ok = within(alert).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toHaveFocus());
    // An alert, not a toast, and not a passing message: a click beside it does not close it.
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    await user.click(alert.parentElement!);
    // Longer than the dialog's exit transition: a closing dialog would be gone by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByRole('alertdialog', { name: 'Insufficient Epin !!' })).toBeInTheDocument();

    await user.click(ok);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(app.location().pathname).toBe('/dashboard');

    // Escape acknowledges it too (keyboard users).
    await user.click(screen.getByRole('button', { name: 'ACTIVATE ID' }));
    await screen.findByRole('alertdialog', { name: 'Insufficient Epin !!' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    // A way is one tap: the link leaves the dashboard for its screen.
    await user.click(screen.getByRole('button', { name: 'ACTIVATE ID' }));
    const again = await screen.findByRole('alertdialog', { name: 'Insufficient Epin !!' });
    await user.click(within(again).getByRole('link', { name: 'Request an e-pin by bank transfer or QR' }));
    await waitFor(() => expect(app.location().pathname).toBe('/FundRequestBank'));
  });

  /** Opens the dashboard, presses USER 299 HELP and confirms 'REQUEST 5,000 HELP'. */
  async function confirmUser299Help() {
    const user = userEvent.setup({ delay: null });
    renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    await user.click(screen.getByRole('button', { name: 'USER 299 HELP' }));
    const dialog = await screen.findByRole('dialog', { name: 'REQUEST 5,000 HELP' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    return { user, dialog };
  }

  it("proves a help request refused with 'Insufficient Epin !!' closes the confirm dialog and shows the alert instead of a toast", async () => {
    signInMember();
    const api = mockApi({
      'POST /userDashboard': { data: [SUMMARY] },
      'POST /GHRequesttoAdmin': { data: { result: 'Insufficient Epin !!' } },
    });
    const { user } = await confirmUser299Help();
    const alert = await screen.findByRole('alertdialog', { name: 'Insufficient Epin !!' });
    expect(alert).toHaveAccessibleDescription('You have no unused 299 e-pin for this help request.');
    expect(await within(alert).findByRole('navigation', { name: 'Ways to get an e-pin' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'REQUEST 5,000 HELP' })).not.toBeInTheDocument());
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /userDashboard')).toHaveLength(1);
  });

  it("proves USER 299 HELP confirms 'REQUEST 5,000 HELP' and sends type Activate (EpintypeB) for a member who is not Active, busy while in flight, then reloads", async () => {
    signInMember();
    const reply = deferred<FakeReply>();
    const api = mockApi({ 'POST /userDashboard': { data: [SUMMARY] }, 'POST /GHRequesttoAdmin': () => reply.promise });
    const { dialog } = await confirmUser299Help();
    expect(await within(dialog).findByRole('button', { name: 'Processing..' })).toBeDisabled();
    expect(api.callsTo('POST /GHRequesttoAdmin')[0]?.body).toEqual({
      sid: '482913',
      referby: '482913',
      epin: 'EpintypeB',
      type: 'Activate',
    });
    reply.resolve({ data: { result: 'Successfull' } });
    expect(await screen.findByText('Activation Successfull')).toBeInTheDocument(); // spec §8: ' Activation Successfull'
    expect(Array.from(document.querySelectorAll('.Toastify__toast')).map((t) => t.textContent)).toContain(
      ' Activation Successfull',
    );
    await waitFor(() => expect(api.callsTo('POST /userDashboard')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("proves the second dialog 'REQUEST 10,000 HELP' sends type Upgrade (EpintypeA) for an Active member, and an error answer is an error toast", async () => {
    signInMember();
    const api = mockApi({
      'POST /userDashboard': { data: [{ ...SUMMARY, Activestatus: 'Active' }] },
      'POST /GHRequesttoAdmin': { data: { result: 'You already have an open help request' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    await user.click(screen.getByRole('button', { name: 'USER 1000 HELP' }));
    const dialog = await screen.findByRole('dialog', { name: 'REQUEST 10,000 HELP' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('You already have an open help request')).toBeInTheDocument();
    expect(api.callsTo('POST /GHRequesttoAdmin')[0]?.body).toEqual({
      sid: '482913',
      referby: '482913',
      epin: 'EpintypeA',
      type: 'Upgrade',
    });
    expect(api.callsTo('POST /userDashboard')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("proves an Active member's successful help request (type Upgrade) toasts ' Upgrade Successfull'", async () => {
    signInMember();
    mockApi({
      'POST /userDashboard': { data: [{ ...SUMMARY, Activestatus: 'Active' }] },
      'POST /GHRequesttoAdmin': { data: { result: 'Successfull' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    await user.click(screen.getByRole('button', { name: 'USER 299 HELP' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'REQUEST 5,000 HELP' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Upgrade Successfull')).toBeInTheDocument();
    expect(Array.from(document.querySelectorAll('.Toastify__toast')).map((t) => t.textContent)).toContain(
      ' Upgrade Successfull',
    );
  });

  it('proves the MENU links now open the built screens (Unused Epin List → /EpinHistory)', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] }, 'POST /ActivationHistory': { data: [[]] } });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    await user.click(screen.getByRole('button', { name: 'MENU' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unused Epin List' }));
    await waitFor(() => expect(app.location().pathname).toBe('/EpinHistory'));
    expect(await screen.findByRole('heading', { name: 'Unused Epin List' })).toBeInTheDocument();
  });
});
