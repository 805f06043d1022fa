import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fetchMock';
import { getRoute, listRoute, postRoute, queryOf, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const LINK_ID = 'L0001';
const disputed = {
  id: LINK_ID,
  state: 'Disputed',
  sender: '482913',
  senderName: 'Asha Verma',
  receiver: '517204',
  receiverName: 'Ravi Kumar',
  amountRupees: '5000.00',
  utr: '412345678901',
  deadline: '2026-11-24T19:30:00.000Z',
  createdAt: '2026-11-23T19:30:00.000Z',
  paidAt: '2026-11-23T21:00:00.000Z',
  settled: false,
  manual: false,
  phEntryId: 'ph-7d1c0a52',
  ghEntryId: 'gh-w-91',
  remark: '',
  cancelRemark: 'not received',
  history: [
    { type: 'HelpLinkCreated', at: '2026-11-23T19:30:00.000Z', actor: 'system:matching' },
    { type: 'HelpLinkPaid', at: '2026-11-23T21:00:00.000Z', actor: 'member:482913' },
    { type: 'HelpLinkCancelled', at: '2026-11-24T02:00:00.000Z', actor: 'member:517204', remark: 'not received' },
    { type: 'HelpLinkDisputed', at: '2026-11-24T03:00:00.000Z', actor: 'member:482913', remark: 'I paid, see UTR' },
  ],
};
const showPath = `help-links/${LINK_ID}`;

describe('help links (admin)', () => {
  it('lists links with state, parties, amount, UTR and deadline', async () => {
    // Proves: rows read in ₹ and Indian time; an auditor gets no match or run action.
    renderAt('auditor', '#/help-links', listRoute('help-links', [disputed]));
    const row = (await screen.findByText(LINK_ID)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Disputed');
    expect(row).toHaveTextContent('482913');
    expect(row).toHaveTextContent('517204');
    expect(row).toHaveTextContent('₹5,000.00');
    expect(row).toHaveTextContent('412345678901');
    expect(row).toHaveTextContent('25 Nov 2026, 1:00 am');
    // An auditor neither matches nor runs matching.
    expect(screen.queryByRole('link', { name: 'Match by hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run matching now' })).toBeNull();
  });

  it('filters by state, overdue and member with the API names', async () => {
    const { calls } = renderAt('auditor', '#/help-links', listRoute('help-links', [disputed]));
    await screen.findByText(LINK_ID);
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Disputed' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Overdue' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Yes' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Member' }), '482913');
    await waitFor(() =>
      expect(
        calls.some((call) => {
          if (!call.url.startsWith('/admin-api/help-links?')) return false;
          const filter = queryOf(call, 'filter') as Record<string, unknown>;
          return filter.state === 'Disputed' && filter.overdue === 'true' && filter.member === '482913';
        }),
      ).toBe(true),
    );
  });

  it('shows one link with its whole history, oldest first, in Indian time with actors and remarks', async () => {
    renderAt('support', `#/${showPath}/show`, getRoute(showPath, disputed));
    const history = await screen.findByTestId('link-history');
    const steps = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      'Linked24 Nov 2026, 1:00 am · system:matching',
      'Paid (UTR submitted)24 Nov 2026, 2:30 am · member:482913',
      'Cancelled by the receiver24 Nov 2026, 7:30 am · member:517204 · not received',
      'Disputed24 Nov 2026, 8:30 am · member:482913 · I paid, see UTR',
    ]);
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    // Support reads only: no Resolve.
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('resolves a disputed link with the chosen outcome and a remark', async () => {
    // Proves: Resolve → outcome "Cancel" + remark → POST help-links/:id/resolve {outcome: "cancel", remark}.
    const { calls } = renderAt(
      'approver',
      `#/${showPath}/show`,
      getRoute(showPath, disputed),
      postRoute(`${showPath}/resolve`, () => jsonResponse({ id: LINK_ID, state: 'Cancel' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Outcome/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Cancel/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Remark/ }), 'no credit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Link resolved as cancelled');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/admin-api/${showPath}/resolve`, { outcome: 'cancel', remark: 'no credit' }],
    ]);
  });

  it('offers no Resolve on a Received link', async () => {
    renderAt('approver', `#/${showPath}/show`, getRoute(showPath, { ...disputed, state: 'Received', settled: true }));
    expect(await screen.findByTestId('link-history')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('creates a manual match with exactly {phEntryId, ghEntryId, amountRupees} and opens the new link', async () => {
    // Proves: the form refuses an amount that is not whole rupees without posting; a valid one posts the three fields trimmed.
    const { calls } = renderAt(
      'approver',
      '#/help-links/create',
      postRoute('help-links', (call) =>
        jsonResponse({ ...disputed, id: 'L0002', state: 'Pending', manual: true, ...(call.body as object) }),
      ),
      getRoute('help-links/L0002', { ...disputed, id: 'L0002', state: 'Pending', manual: true, history: [] }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /PH entry/ }), ' ph-7d1c0a52 ');
    await userEvent.type(screen.getByRole('textbox', { name: /GH entry/ }), 'gh-w-91');
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '1200.50');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Enter whole rupees (1 to 10 digits)')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const amount = screen.getByRole('textbox', { name: /Amount/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      phEntryId: 'ph-7d1c0a52',
      ghEntryId: 'gh-w-91',
      amountRupees: '1200',
    });
    await waitFor(() => expect(window.location.hash).toBe('#/help-links/L0002/show'));
  });

  it('gives an approver "Match by hand" and "Run matching now" on the links list', async () => {
    renderAt('approver', '#/help-links');
    expect(await screen.findByRole('link', { name: 'Match by hand' })).toHaveAttribute('href', '#/help-links/create');
    expect(screen.getByRole('button', { name: 'Run matching now' })).toBeInTheDocument();
  });
});
