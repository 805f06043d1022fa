import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fetchMock';
import { getRoute, listRoute, postRoute, queryOf, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const awaiting = {
  id: '7d1c0a52-3f7e-4c1e-9a55-0e0b1c2d3e4f',
  uid: '482913',
  epin_type: 'EpintypeA',
  tier_paise: '500000',
  kind: 'PH',
  status: 'awaiting-approval',
  topup_position: '812',
  requested_at: '2026-11-23T19:30:00.000Z',
  outcome: null,
  remark: '',
  decided_at: null,
  decided_by: null,
  given_paise: '0',
  failures: 0,
  closed_at: null,
  entitlement_paise: null,
  entitlement_due_at: null,
  entitlement_at: null,
};
const path = `help-requests/${awaiting.id}`;

describe('help requests (admin)', () => {
  it('filters the list by member with the API filter name `member`', async () => {
    // Proves: the member filter is sent as {"member": "…"}; a row shows its date in Indian time and links to its page.
    const { calls } = renderAt('auditor', '#/help-requests', listRoute('help-requests', [awaiting]));
    expect(await screen.findByText('24 Nov 2026, 1:00 am')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Member' }), '482913');
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.startsWith('/admin-api/help-requests?') &&
            (queryOf(call, 'filter') as { member?: string }).member === '482913',
        ),
      ).toBe(true),
    );
  });

  it('approves after a confirmation that names the member and the tier', async () => {
    // Proves: Approve → Confirm posts {} to help-requests/:id/approve with the token and says it joins the PH queue.
    const { calls } = renderAt(
      'approver',
      `#/${path}/show`,
      getRoute(path, awaiting),
      postRoute(`${path}/approve`, () => jsonResponse({ id: awaiting.id, status: 'in-queue' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("Put member 482913's help of ₹5,000.00 in the PH queue now?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Help request approved: it joins the PH queue');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([[`/admin-api/${path}/approve`, {}]]);
    expect(posts[0].headers.get('Authorization')).toBe('Bearer jwt-abc');
  });

  it('rejects with the remark asked in the remark dialog', async () => {
    // Proves: Reject asks "Remark" (Confirm disabled until typed) and posts exactly {remark} trimmed.
    const { calls } = renderAt(
      'superadmin',
      `#/${path}/show`,
      getRoute(path, awaiting),
      postRoute(`${path}/reject`, () => jsonResponse({ id: awaiting.id, status: 'closed' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Remark/ }), '  duplicate request  ');
    await userEvent.click(confirm);

    await screen.findByText('Help request rejected');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/admin-api/${path}/reject`, { remark: 'duplicate request' }],
    ]);
  });

  it('shows the API refusal (409) and keeps the request as it was', async () => {
    // Proves: a request already decided elsewhere answers 409; its message is shown.
    renderAt(
      'approver',
      `#/${path}/show`,
      getRoute(path, awaiting),
      postRoute(`${path}/approve`, () =>
        jsonResponse({ statusCode: 409, message: 'Help request is in-queue, not awaiting approval' }, { status: 409 }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Help request is in-queue, not awaiting approval')).toBeInTheDocument();
  });

  it.each(['support', 'auditor'] as const)('gives %s the request without Approve or Reject', async (role) => {
    // Proves: support and auditor read; only approver and superadmin decide.
    renderAt(role, `#/${path}/show`, getRoute(path, awaiting));
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('offers no decision on a request already in the queue', async () => {
    renderAt('approver', `#/${path}/show`, getRoute(path, { ...awaiting, status: 'in-queue' }));
    expect(await screen.findByText('In the PH queue')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
