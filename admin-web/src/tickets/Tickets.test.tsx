import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fetchMock';
import { getRoute, listRoute, postRoute, queryOf, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const open = {
  id: 'TK0A1B2C3D4E5F',
  member: '517204',
  query: 'My PH link expired.\nWhat now?',
  status: 'open',
  reply: '',
  replies: 0,
  raisedAt: '2026-11-23T19:30:00.000Z',
  repliedAt: null,
  repliedBy: null,
  closedAt: null,
  closedBy: null,
  history: [
    {
      type: 'TicketRaised',
      at: '2026-11-23T19:30:00.000Z',
      actor: 'member:517204',
      text: 'My PH link expired.\nWhat now?',
    },
  ],
};
const path = `tickets/${open.id}`;

describe('tickets (admin)', () => {
  it('lists tickets in Indian time and filters by member, status and query text', async () => {
    const { calls } = renderAt('support', '#/tickets', listRoute('tickets', [open]));
    const row = (await screen.findByText(open.id)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('517204');
    expect(row).toHaveTextContent('Open');
    expect(row).toHaveTextContent('24 Nov 2026, 1:00 am');
    await userEvent.type(screen.getByRole('textbox', { name: 'Member' }), '517204');
    await userEvent.type(screen.getByRole('textbox', { name: 'Query contains' }), 'expired');
    await waitFor(() =>
      expect(
        calls.some((call) => {
          if (!call.url.startsWith('/admin-api/tickets?')) return false;
          const filter = queryOf(call, 'filter') as Record<string, string>;
          return filter.member === '517204' && filter.q === 'expired';
        }),
      ).toBe(true),
    );
  });

  it('support replies: the dialog posts { message } to tickets/:id/reply', async () => {
    const { calls } = renderAt(
      'support',
      `#/${path}/show`,
      getRoute(path, open),
      postRoute(`${path}/reply`, () => jsonResponse({ id: open.id, status: 'replied' })),
    );
    expect(await screen.findByTestId('ticket-history')).toHaveTextContent('Query from the member');
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`Reply to ticket ${open.id}`);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reply/ }), 'The link went back to the queue.');
    await userEvent.click(confirm);
    await screen.findByText('Reply sent: the member sees it on their Support page');
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      [`/admin-api/${path}/reply`, { message: 'The link went back to the queue.' }],
    ]);
  });

  it('an approver closes a ticket after a confirmation', async () => {
    const { calls } = renderAt(
      'approver',
      `#/${path}/show`,
      getRoute(path, { ...open, status: 'replied', reply: 'Done', replies: 1 }),
      postRoute(`${path}/close`, () => jsonResponse({ id: open.id, status: 'closed' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Ticket closed');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/admin-api/${path}/close`,
    ]);
  });

  it('gives the auditor the ticket without Reply or Close, and offers nothing on a closed ticket', async () => {
    renderAt('auditor', `#/${path}/show`, getRoute(path, open));
    expect(await screen.findByTestId('ticket-status')).toHaveTextContent('Open');
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('offers support nothing on a closed ticket', async () => {
    renderAt('support', `#/${path}/show`, getRoute(path, { ...open, status: 'closed' }));
    expect(await screen.findByTestId('ticket-status')).toHaveTextContent('Closed');
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});
