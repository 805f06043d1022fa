import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';

const SUMMARY = {
  uid: '482913',
  f_name: 'Asha Rao',
  isagree: '0',
  Activestatus: 'Inactive',
  RegDate: '',
  ActDate: '',
  totalrefferal: '0',
  totalteam: '0',
  totalphamount: '0.00',
  totalghamount: '0.00',
  TotalIncome: '0.00',
  totalWithdrawal: '0.00',
  TodayWithdrawal: '0.00',
  Net_Balance: '0.00',
  Totalpin: '0',
  impersonated: false,
};

describe('disclaimer popup on the dashboard', () => {
  it("proves the popup shows when isagree is '0', in English and Hindi, and Agree records it then hides", async () => {
    signInMember();
    const api = mockApi({
      'POST /userDashboard': { data: [SUMMARY] },
      'POST /showpopup': { data: { result: 'Successfull' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Nashik, Maharashtra, India');
    expect(dialog).toHaveTextContent('Arbitration and Conciliation Act, 1996');
    expect(dialog).toHaveTextContent('नासिक, महाराष्ट्र, भारत');
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /showpopup')[0]?.body).toEqual({ uid: '482913' });
  });

  it("proves the popup stays hidden when isagree is '1'", async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [{ ...SUMMARY, isagree: '1' }] } });
    renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agree' })).not.toBeInTheDocument();
  });

  it('proves Disagree logs out to /login', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Disagree' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(getSession().isAuth).toBe(false);
  });
});
