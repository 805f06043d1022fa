import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, PERSIST_KEY } from '../../../lib/session';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';

const SUMMARY = {
  uid: '482913',
  f_name: 'Asha Rao',
  isagree: '1',
  Activestatus: 'Active',
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
  impersonated: true,
};

describe('disclaimer page', () => {
  it('proves the text names no fund collection, direct payment and arbitration in Nashik, and Accept goes to /dashboard', async () => {
    signInMember();
    mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/Disclaimer');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('does not collect, hold or handle any funds');
    expect(main).toHaveTextContent('paid directly by the donor to the donee');
    expect(main).toHaveTextContent('Nashik, Maharashtra, India');
    expect(main).toHaveTextContent('Arbitration and Conciliation Act, 1996');
    expect(main).toHaveTextContent('नासिक, महाराष्ट्र, भारत');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it('proves Accept records the agreement (POST /showpopup), so the dashboard does not show the disclaimer again', async () => {
    signInMember();
    let isagree = '0';
    const api = mockApi({
      'POST /showpopup': () => {
        isagree = '1';
        return { data: { result: 'Successfull' } };
      },
      'POST /userDashboard': () => ({ data: [{ ...SUMMARY, impersonated: false, isagree }] }),
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/Disclaimer');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /showpopup').map((call) => call.body)).toEqual([{ uid: '482913' }]);
    await screen.findByTestId('net-balance');
    expect(api.callsTo('POST /userDashboard')[0]?.body).toEqual({ uid: '482913' });
    expect(screen.queryByRole('button', { name: 'Agree' })).toBeNull();
  });

  it('proves an admin\'s "Log in as" session agrees to nothing for the member', async () => {
    signInMember({ impersonated: true });
    const api = mockApi({ 'POST /userDashboard': { data: [SUMMARY] } });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/Disclaimer');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /showpopup')).toHaveLength(0);
  });

  it('proves Reject logs out and goes to /login', async () => {
    signInMember();
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/Disclaimer');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(getSession().isAuth).toBe(false);
  });
});

describe('admin "Log in as"', () => {
  it('proves /AdminLogin exchanges the token once, stores an impersonated session and opens the dashboard', async () => {
    const api = mockApi({
      'POST /loginAdmin': {
        data: { result: 'Successfull', resultid: '482913', resultusername: 'Asha Rao', token: 'jwt-imp' },
      },
      'POST /userDashboard': { data: [SUMMARY] },
    });
    const app = renderApp('/AdminLogin?token=one-time-1');
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('member-uid')).toHaveTextContent('482913');
    expect(screen.getByText(/Admin session/)).toBeInTheDocument();
    expect(api.callsTo('POST /loginAdmin')).toHaveLength(1);
    expect(api.callsTo('POST /loginAdmin')[0]?.body).toEqual({ token: 'one-time-1' });
    const stored = JSON.parse(window.localStorage.getItem(PERSIST_KEY) ?? '{}');
    expect(stored.auth).toMatchObject({ isAuth: true, userId: '482913', jwtToken: 'jwt-imp', impersonated: true });
  });

  it('proves a refused token shows the server text and goes to /login', async () => {
    mockApi({
      'POST /loginAdmin': {
        data: { result: 'Invalid or expired login link', resultid: '', resultusername: '', token: '' },
      },
    });
    const app = renderApp('/AdminLogin?token=used-token-2');
    expect(await screen.findByText('Invalid or expired login link')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(getSession().isAuth).toBe(false);
  });
});
