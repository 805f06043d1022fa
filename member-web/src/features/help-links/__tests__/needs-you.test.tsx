import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { ghRow, phRow, SUMMARY } from './fixtures';

function stubs(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'POST /userDashboard': { data: [SUMMARY] },
    'POST /PhList': { data: [[]] },
    'POST /GhList': { data: [[]] },
    'GET /network-health': { status: 404, data: { result: 'not here yet' } },
    ...routes,
  });
}

describe('dashboard: the links that need the member now (issue 20 §9)', () => {
  it('proves a Pending PH link to pay (with its countdown) and a Paid GH link to confirm sit at the top, one tap from their detail', async () => {
    signInMember();
    const deadline = new Date(Date.now() + (26 * 60 + 30) * 60_000).toISOString();
    const api = stubs({
      'POST /PhList': {
        data: [[phRow({ Link_Amount: '5000.00', ddd: deadline }), phRow({ id: '9002', paidst: 'Paid' })]],
      },
      'POST /GhList': {
        data: [
          [ghRow({ Link_Amount: '12500.00', utrno: '412345678901' }), ghRow({ id: '9103', sidapprovest: 'Pending' })],
        ],
      },
    });
    const app = renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: /Needs you now/ });
    await within(panel).findByTestId('needs-pay');
    expect(within(panel).getByRole('heading')).toHaveTextContent('Needs you now (2)');

    // Only what needs the member: the Paid PH link and the Pending GH link wait on others.
    expect(within(panel).getAllByTestId('needs-pay')).toHaveLength(1);
    expect(within(panel).getAllByTestId('needs-confirm')).toHaveLength(1);
    const pay = within(panel).getByTestId('needs-pay');
    expect(pay).toHaveTextContent('Pay ₹5,000.00 to Ravi Kumar (517204)');
    expect(within(pay).getByTestId('link-countdown')).toHaveTextContent(/^1d 2h (30|29)m \d+s$/);
    expect(within(pay).getByRole('link', { name: 'Pay order 9001' })).toHaveAttribute(
      'href',
      '/PHRecivePaymentId/9001',
    );
    const confirm = within(panel).getByTestId('needs-confirm');
    expect(confirm).toHaveTextContent('Confirm ₹12,500.00 from Meena Shah (603118)');
    expect(confirm).toHaveTextContent('UTR 412345678901');

    // One call per list, shared with the logs below.
    await screen.findByRole('article', { name: 'PH 9001' });
    expect(api.callsTo('POST /PhList')).toHaveLength(1);
    expect(api.callsTo('POST /GhList')).toHaveLength(1);

    const user = userEvent.setup({ delay: null });
    await user.click(within(confirm).getByRole('link', { name: 'Confirm order 9102' }));
    await waitFor(() => expect(app.location().pathname).toBe('/GHRecivePaymentId/9102'));
  });

  it('proves the panel shows two links of a side and a link to the rest', async () => {
    signInMember();
    stubs({
      'POST /PhList': { data: [[phRow(), phRow({ id: '9002' }), phRow({ id: '9003' }), phRow({ id: '9004' })]] },
    });
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: /Needs you now/ });
    await within(panel).findAllByTestId('needs-pay');
    expect(within(panel).getAllByTestId('needs-pay')).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: '2 more' })).toHaveAttribute('href', '/PHRecivePayment');
  });

  it('proves nothing waiting says so, and a failed read says it failed with a retry that reads again', async () => {
    signInMember();
    let failing = true;
    const api = stubs({
      'POST /GhList': () =>
        Promise.resolve(failing ? { status: 500, data: { result: 'down' } } : { data: [[ghRow()]] }),
    });
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: /Needs you now/ });
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your help links.');
    expect(within(panel).queryByTestId('needs-nothing')).toBeNull();

    failing = false;
    const user = userEvent.setup({ delay: null });
    await act(async () => {
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    });
    expect(await within(panel).findByTestId('needs-confirm')).toHaveTextContent('Confirm ₹900.00 from Meena Shah');
    expect(api.callsTo('POST /GhList')).toHaveLength(2);
  });

  it("proves an empty answer reads 'Nothing needs you right now.'", async () => {
    signInMember();
    stubs();
    renderApp('/dashboard');
    const panel = await screen.findByRole('region', { name: /Needs you now/ });
    await waitFor(() =>
      expect(within(panel).getByTestId('needs-nothing')).toHaveTextContent('Nothing needs you right now.'),
    );
  });
});
