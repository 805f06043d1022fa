import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fetchMock';
import { queryOf, renderAt, type Route } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

/** GET /admin-api/<path>?… answers one row and this total in its Content-Range (what the list would show). */
const totalOf =
  (path: string, total: number): Route =>
  (call) =>
    call.method === 'GET' && call.url.startsWith(`/admin-api/${path}?`)
      ? jsonResponse(total ? [{ id: `${path}-1` }] : [], { contentRange: `${path} 0-0/${total}` })
      : undefined;

const TOTALS = {
  'epin-requests': 3,
  'help-requests': 2,
  withdrawals: 5,
  'help-links': 1,
  tickets: 4,
  'four-eyes': 0,
} as const;

describe('To do (the home of approvers and superadmins)', () => {
  it.each(['approver', 'superadmin'] as const)(
    'shows %s what waits, each count read with its list’s filter, and a card opens that filtered list',
    async (role) => {
      const { calls } = renderAt(role, '#/', ...Object.entries(TOTALS).map(([path, total]) => totalOf(path, total)));
      expect(await screen.findByRole('heading', { name: 'To do', level: 1 })).toBeInTheDocument();
      for (const [resource, total] of Object.entries(TOTALS))
        await waitFor(() => expect(screen.getByTestId(`todo-count-${resource}`)).toHaveTextContent(String(total)), {
          timeout: 10_000,
        });
      const filterOf = (path: string) =>
        queryOf(
          calls.find((call) => call.url.startsWith(`/admin-api/${path}?`))!,
          'filter',
        );
      expect(filterOf('epin-requests')).toEqual({ status: 'Pending' });
      expect(filterOf('help-requests')).toEqual({ status: 'awaiting-approval' });
      expect(filterOf('withdrawals')).toEqual({ status: 'Requested' });
      expect(filterOf('help-links')).toEqual({ state: 'Disputed' });
      expect(filterOf('tickets')).toEqual({ status: 'open' });
      expect(filterOf('four-eyes')).toEqual({ status: 'Pending' });

      await userEvent.setup({ delay: null }).click(screen.getByTestId('todo-withdrawals'));
      await waitFor(() => expect(window.location.hash).toMatch(/^#\/withdrawals\?/));
      const query = new URLSearchParams(window.location.hash.split('?')[1]);
      expect(JSON.parse(query.get('filter') ?? '{}')).toEqual({ status: 'Requested' });
    },
  );

  it('says a count it could not read failed, never zero', async () => {
    renderAt('approver', '#/', (call) =>
      call.method === 'GET' && call.url.startsWith('/admin-api/tickets?')
        ? jsonResponse({ message: 'boom' }, { status: 500 })
        : undefined,
    );
    await waitFor(() => expect(screen.getByTestId('todo-count-tickets')).toHaveTextContent('Could not count'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(screen.getByTestId('todo-count-withdrawals')).toHaveTextContent('0'));
  });

  it('keeps support and auditor on their first list (no To do)', async () => {
    const { calls } = renderAt('auditor', '#/');
    await waitFor(() => expect(window.location.hash).toBe('#/events'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'To do' })).toBeNull();
    expect(calls.some((call) => call.url.startsWith('/admin-api/withdrawals?'))).toBe(false);
  });
});
