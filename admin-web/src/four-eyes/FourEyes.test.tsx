import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fetchMock';
import { getRoute, listRoute, postRoute, queryOf, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const ID = '3f0c2a9e-8d7b-4c1a-9e2f-0a1b2c3d4e5f';
const pending = {
  id: ID,
  action: 'IssueEpins',
  maker: 'ravi',
  member: '517204',
  amountRupees: '2990.00',
  summary: 'Issue 10 × EpintypeB to 517204 without a payment',
  request: { owner: '517204', type: 'EpintypeB', quantity: 10 },
  status: 'Pending',
  checker: null,
  reason: null,
  code: null,
  requestedAt: '2026-11-23T19:30:00.000Z',
  expiresAt: '2026-11-24T19:30:00.000Z',
  decidedAt: null,
};
const path = `four-eyes/${ID}`;

describe('four eyes (admin)', () => {
  it('lists the pending requests by default, with maker, action, member and amount, and counts them in the menu', async () => {
    const { calls } = renderAt('approver', '#/four-eyes', listRoute('four-eyes', [pending]));
    const row = (await screen.findByText('Issue 10 × EpintypeB to 517204 without a payment')).closest(
      'tr',
    ) as HTMLElement;
    expect(row).toHaveTextContent('ravi');
    expect(row).toHaveTextContent('Issue e-pins');
    expect(row).toHaveTextContent('517204');
    expect(row).toHaveTextContent('₹2,990.00');
    expect(row).toHaveTextContent('Pending');
    await waitFor(() => expect(screen.getByTestId('four-eyes-pending')).toHaveTextContent('1'));
    const lists = calls.filter((call) => call.url.startsWith('/admin-api/four-eyes?'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((call) => (queryOf(call, 'filter') as Record<string, string>).status === 'Pending')).toBe(true);
  });

  it('a second approver approves after a confirmation naming what will happen', async () => {
    const { calls } = renderAt(
      'approver',
      `#/${path}/show`,
      getRoute(path, pending),
      postRoute(`${path}/approve`, () =>
        jsonResponse({ id: ID, action: 'IssueEpins', status: 'Approved', maker: 'ravi', checker: 'asha', result: {} }),
      ),
    );
    expect(await screen.findByText('"quantity": 10', { exact: false })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Issue 10 × EpintypeB to 517204 without a payment: asked by ravi.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Approved: it is done');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/admin-api/${path}/approve`, {}],
    ]);
  });

  it('rejects with a reason typed in the dialog', async () => {
    const { calls } = renderAt(
      'superadmin',
      `#/${path}/show`,
      getRoute(path, pending),
      postRoute(`${path}/reject`, () => jsonResponse({ id: ID, status: 'Rejected' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'No payment seen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Rejected: nothing was done');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/admin-api/${path}/reject`, { reason: 'No payment seen' }],
    ]);
  });

  it('offers the maker no Approve (the API would answer ADMIN.SAME_MAKER), only Reject', async () => {
    renderAt('approver', `#/${path}/show`, getRoute(path, { ...pending, maker: 'asha' }));
    await screen.findByRole('button', { name: 'Reject' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('hides the decisions from an approver on a setting change (a superadmin approves settings)', async () => {
    const setting = {
      ...pending,
      action: 'ChangeSetting',
      member: null,
      amountRupees: null,
      summary: 'Set usdtRateInr to "93"',
    };
    renderAt('approver', `#/${path}/show`, getRoute(path, setting));
    expect(await screen.findByText('Set usdtRateInr to "93"')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("shows a maker's 202 as sent for a second approval, not as an error (withdrawal approval)", async () => {
    const withdrawal = {
      id: 'W91',
      member: '517204',
      amountRupees: '12000.00',
      chargeRupees: '0.00',
      payoutRupees: '12000.00',
      status: 'Requested',
      remark: '',
      requestedAt: '2026-11-23T19:30:00.000Z',
      decidedAt: null,
      decidedBy: null,
      linkedAt: null,
      paidAt: null,
    };
    renderAt(
      'approver',
      '#/withdrawals/W91/show',
      getRoute('withdrawals/W91', withdrawal),
      postRoute('withdrawals/W91/approve', () =>
        jsonResponse({ status: 'AwaitingSecondApproval', id: ID }, { status: 202 }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Sent for a second approval: another admin must approve it under Four eyes');
    expect(screen.queryByText('Withdrawal approved: it joins the GH queue')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
