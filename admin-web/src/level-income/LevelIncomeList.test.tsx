import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const rows = [
  {
    id: '812-1',
    topup_position: '812',
    level: 1,
    earner_uid: '100001',
    from_uid: '482913',
    on_amount_paise: '100000',
    rate_bp: 1000,
    amount_paise: '10000',
    paid: true,
    reason: null,
    paid_at: '2026-11-21T10:00:00.000Z',
  },
  {
    id: '812-2',
    topup_position: '812',
    level: 2,
    earner_uid: '100002',
    from_uid: '482913',
    on_amount_paise: '29900',
    rate_bp: 50,
    amount_paise: '0',
    paid: false,
    reason: 'inactive',
    paid_at: '2026-11-21T10:00:00.000Z',
  },
];

/** The filter the list asked for, decoded from ?filter=… of a GET /admin-api/level-income call. */
const filterOf = (call: RecordedCall) => JSON.parse(new URL(call.url, 'http://x').searchParams.get('filter') ?? '{}');

const levelIncomeList = (call: RecordedCall) =>
  call.method === 'GET' && call.url.startsWith('/admin-api/level-income?')
    ? jsonResponse(rows, { contentRange: 'level-income 0-1/2' })
    : undefined;

describe('LevelIncomeList', () => {
  it('shows amounts in rupees, rates in percent, skipped levels with their reason, and filters by a clicked activation', async () => {
    // Proves: paise read as ₹ with two decimals, bp as %, an unpaid level says "Skipped: inactive", and clicking a top-up asks the API for that activation only.
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'auditor' });
    const { calls } = mockFetch(levelIncomeList, emptyLists);
    window.location.hash = '#/level-income';
    render(<App />);

    const paidRow = (await screen.findByText('₹100.00')).closest('tr') as HTMLElement;
    expect(paidRow).toHaveTextContent('₹1,000.00');
    expect(paidRow).toHaveTextContent('10 %');
    expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
    const skippedRow = screen.getByText('Skipped: inactive').closest('tr') as HTMLElement;
    expect(skippedRow).toHaveTextContent('0.5 %');
    expect(skippedRow).toHaveTextContent('₹0.00');

    await userEvent.click(within(skippedRow).getByRole('button', { name: '812' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.url.startsWith('/admin-api/level-income?') && filterOf(call).topup_position === '812',
        ),
      ).toBe(true),
    );

    await userEvent.click(
      within(screen.getByText('Skipped: inactive').closest('tr') as HTMLElement).getByRole('button', {
        name: '482913',
      }),
    );
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.startsWith('/admin-api/level-income?') && filterOf(call).from === '482913'),
      ).toBe(true),
    );
  });
});
