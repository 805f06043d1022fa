import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fetchMock';
import { getRoute, listRoute, postRoute, queryOf, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const requested = {
  id: 'W91',
  member: '517204',
  amountRupees: '1200.00',
  chargeRupees: '0.00',
  payoutRupees: '1200.00',
  status: 'Requested',
  remark: '',
  requestedAt: '2026-11-23T19:30:00.000Z',
  decidedAt: null,
  decidedBy: null,
  linkedAt: null,
  paidAt: null,
};
const path = 'withdrawals/W91';

describe('withdrawals (admin)', () => {
  it('lists withdrawals in ₹ and Indian time and filters by member', async () => {
    const { calls } = renderAt('auditor', '#/withdrawals', listRoute('withdrawals', [requested]));
    const row = (await screen.findByText('W91')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('517204');
    expect(row).toHaveTextContent('₹1,200.00');
    expect(row).toHaveTextContent('Requested');
    expect(row).toHaveTextContent('24 Nov 2026, 1:00 am');
    await userEvent.type(screen.getByRole('textbox', { name: 'Member' }), '517204');
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.startsWith('/admin-api/withdrawals?') &&
            (queryOf(call, 'filter') as Record<string, string>).member === '517204',
        ),
      ).toBe(true),
    );
  });

  it('approves a requested withdrawal after a confirmation', async () => {
    // Proves: Approve → Confirm posts {} to withdrawals/W91/approve; the dialog names the member and amount.
    const { calls } = renderAt(
      'approver',
      `#/${path}/show`,
      getRoute(path, requested),
      postRoute(`${path}/approve`, () => jsonResponse({ ...requested, status: 'Approved' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("Put member 517204's withdrawal of ₹1,200.00 in the GH queue now?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Withdrawal approved: it joins the GH queue');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/admin-api/${path}/approve`, {}],
    ]);
  });

  it('rejects with a remark', async () => {
    const { calls } = renderAt(
      'superadmin',
      `#/${path}/show`,
      getRoute(path, requested),
      postRoute(`${path}/reject`, () => jsonResponse({ ...requested, status: 'Rejected' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Remark/ }), 'bank details missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Withdrawal rejected: the amount returns to the member');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/admin-api/${path}/reject`, { remark: 'bank details missing' }],
    ]);
  });

  it('gives support the withdrawal without decisions', async () => {
    renderAt('support', `#/${path}/show`, getRoute(path, requested));
    expect((await screen.findAllByText('₹1,200.00')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('offers an approver no decision on an approved withdrawal', async () => {
    renderAt('approver', `#/${path}/show`, getRoute(path, { ...requested, status: 'Approved' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
