import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fetchMock';
import { getRoute, listRoute, postRoute, queryOf, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const entries = [
  {
    id: 'ph-7d1c0a52',
    side: 'PH',
    member: '482913',
    amountRupees: '5000.00',
    source: 'help-request',
    sourceId: '7d1c0a52-3f7e-4c1e-9a55-0e0b1c2d3e4f',
    since: '2026-11-23T19:30:00.000Z',
  },
  {
    id: 'gh-w-91',
    side: 'GH',
    member: '517204',
    amountRupees: '1200.00',
    source: 'withdrawal',
    sourceId: 'W91',
    since: '2026-11-23T20:00:00.000Z',
  },
];
const totals = { PH: { count: 3, amountRupees: '15000.00' }, GH: { count: 1, amountRupees: '1200.00' } };

describe('PH / GH queue (admin)', () => {
  it('lists the waiting entries oldest first with the totals per side above', async () => {
    // Proves: GET queue-entries sorted by since ASC; GET queue-totals shown as ₹ and entry counts; rows read in Indian time and ₹.
    const { calls } = renderAt(
      'auditor',
      '#/queue-entries',
      listRoute('queue-entries', entries),
      getRoute('queue-totals', totals),
    );
    await waitFor(() => expect(screen.getByTestId('queue-total-PH')).toHaveTextContent('₹15,000.00'));
    expect(screen.getByTestId('queue-total-GH')).toHaveTextContent('₹1,200.00');
    expect(screen.getByTestId('queue-totals')).toHaveTextContent('3 entries waiting');
    expect(screen.getByTestId('queue-totals')).toHaveTextContent('1 entry waiting');

    const row = (await screen.findByText('ph-7d1c0a52')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('24 Nov 2026, 1:00 am');
    expect(row).toHaveTextContent('PH (gives help)');
    expect(row).toHaveTextContent('₹5,000.00');
    expect(row).toHaveTextContent('Help request');
    const listCall = calls.find((call) => call.url.startsWith('/admin-api/queue-entries?'));
    expect(listCall && queryOf(listCall, 'sort')).toEqual(['since', 'ASC']);
    // An auditor reads only.
    expect(screen.queryByRole('button', { name: 'Run matching now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Match by hand' })).toBeNull();
  });

  it('filters by side and member with the API names', async () => {
    const { calls } = renderAt(
      'support',
      '#/queue-entries',
      listRoute('queue-entries', entries),
      getRoute('queue-totals', totals),
    );
    await screen.findByText('ph-7d1c0a52');
    await userEvent.click(screen.getByRole('combobox', { name: 'Side' }));
    await userEvent.click(await screen.findByRole('option', { name: 'GH (gets help)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Member' }), '517204');
    await waitFor(() =>
      expect(
        calls.some((call) => {
          if (!call.url.startsWith('/admin-api/queue-entries?')) return false;
          const filter = queryOf(call, 'filter') as Record<string, string>;
          return filter.side === 'GH' && filter.member === '517204';
        }),
      ).toBe(true),
    );
  });

  it('runs matching on demand and says what it linked, then reads the queue again', async () => {
    // Proves: "Run matching now" posts {} to /admin-api/matching/run and shows "2 pairs for ₹6,200.00"; the totals are read again.
    const { calls } = renderAt(
      'approver',
      '#/queue-entries',
      listRoute('queue-entries', entries),
      getRoute('queue-totals', totals),
      postRoute('matching/run', () => jsonResponse({ links: 2, amountRupees: '6200.00', busy: false })),
    );
    await screen.findByText('ph-7d1c0a52');
    const totalsBefore = calls.filter((call) => call.url === '/admin-api/queue-totals').length;
    await userEvent.click(screen.getByRole('button', { name: 'Run matching now' }));

    expect(await screen.findByTestId('matching-result')).toHaveTextContent('Matching linked 2 pairs for ₹6,200.00');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([['/admin-api/matching/run', {}]]);
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/admin-api/queue-totals').length).toBeGreaterThan(totalsBefore),
    );
  });

  it('says so when another run held the lock', async () => {
    renderAt(
      'superadmin',
      '#/queue-entries',
      getRoute('queue-totals', totals),
      postRoute('matching/run', () => jsonResponse({ links: 0, amountRupees: '0.00', busy: true })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Run matching now' }));
    expect(await screen.findByTestId('matching-result')).toHaveTextContent(
      'Another matching run is under way; nothing was linked by this one',
    );
  });

  it("opens the manual match form from an entry with that entry's id and amount filled in", async () => {
    // Proves: "Match by hand" on a PH row goes to help-links/create with phEntryId and the whole rupees prefilled.
    renderAt('approver', '#/queue-entries', listRoute('queue-entries', entries), getRoute('queue-totals', totals));
    const row = (await screen.findByText('ph-7d1c0a52')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('link', { name: 'Match by hand' }));
    expect(await screen.findByDisplayValue('ph-7d1c0a52')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('5000');
    expect(screen.getByRole('textbox', { name: /GH entry/ })).toHaveValue('');
  });
});
