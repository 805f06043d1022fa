import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';
import { actAsPhone } from '../test/phone';

afterEach(() => vi.unstubAllGlobals());

const listOf =
  (path: string, rows: object[]) =>
  (call: RecordedCall): Response | undefined =>
    call.method === 'GET' && call.url.startsWith(`/admin-api/${path}?`)
      ? jsonResponse(rows, { contentRange: `${path} 0-${rows.length - 1}/${rows.length}` })
      : undefined;

const request = {
  id: 'ER1001',
  uid: '482913',
  bank_name: 'State Bank of India',
  utrno: '123456789012',
  epin_type: 'EpintypeB',
  qty: 2,
  net_paise: '59800',
  status: 'Pending',
  requested_at: '2026-11-23T19:30:00.000Z',
  decided_at: null,
};

const doubleOrder = {
  id: 'UP1763800000000ABC123',
  kind: 'upi',
  pay_address: 'sahyog@upi',
  pay_amount: '598.00',
  pay_currency: 'INR',
  status: 'waiting',
  created_at: '2026-11-22T10:00:00.000Z',
  expires_at: '2026-11-22T10:20:00.000Z',
  paid_at: null,
  late_paid_at: null,
  txn_hash: null,
  utr: null,
  callback_result: null,
};

function renderPhoneAs(role: AdminRole, hash: string, ...routes: ((call: RecordedCall) => Response | undefined)[]) {
  actAsPhone();
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const mocked = mockFetch(...routes, emptyLists);
  window.location.hash = hash;
  render(<App />);
  return mocked;
}

describe('admin-web on a phone', () => {
  it("shows a list as SimpleList rows with the row's member, amount, UTR, status and date, and no table", async () => {
    // Proves: below `sm` the e-pin requests list is one line per request (member, net amount, UTR, status, date in Indian time), not a wide Datagrid (issue 20 §10).
    renderPhoneAs('approver', '#/epin-requests', listOf('epin-requests', [request]));

    const key = await screen.findByText('482913 · ₹598.00 · UTR 123456789012', undefined, { timeout: 10_000 });
    const row = key.closest('li') as HTMLElement;
    expect(row).not.toBeNull();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('24 Nov 2026, 1:00 am')).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    // A tap opens the request.
    expect(row.querySelector('a')).toHaveAttribute('href', '#/epin-requests/ER1001/show');
  });

  it("keeps a row's actions on the phone row (payment double: Mark paid, Expire)", async () => {
    // Proves: rows with actions keep them visible beside the status on a phone.
    renderPhoneAs('approver', '#/payment-double', listOf('payment-double/orders', [doubleOrder]));

    const row = (await screen.findByText('UP1763800000000ABC123')).closest('li') as HTMLElement;
    expect(within(row).getByText('waiting')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Expire' })).toBeInTheDocument();
  });

  it.each([
    ['members', 'superadmin', '#/members'],
    ['events', 'auditor', '#/events'],
    ['epins', 'auditor', '#/epins'],
    ['payment-orders', 'auditor', '#/payment-orders'],
    ['payment-options', 'auditor', '#/payment-options'],
    ['help-requests', 'auditor', '#/help-requests'],
    ['queue-entries', 'auditor', '#/queue-entries'],
    ['help-links', 'auditor', '#/help-links'],
    ['withdrawals', 'auditor', '#/withdrawals'],
    ['flagged-utrs', 'auditor', '#/flagged-utrs'],
    ['level-income', 'auditor', '#/level-income'],
    ['settings', 'auditor', '#/settings'],
    ['queues', 'auditor', '#/queues'],
    ['failed-jobs', 'auditor', '#/failed-jobs'],
    ['mails', 'superadmin', '#/mails'],
    ['admin-users', 'superadmin', '#/admin-users'],
  ] as const)('draws the %s list without a table on a phone', async (resource, role, hash) => {
    // Proves: every list switches to SimpleList below `sm` (here with one row each).
    const row = {
      id: `${resource}-1`,
      status: 'Active',
      created_at: '2026-11-23T19:30:00.000Z',
      key: 'usdtRateInr',
      value: '90.00',
    };
    renderPhoneAs(role, hash, listOf(resource, [row]));
    await waitFor(() =>
      expect(document.querySelector('.RaSimpleList-root, [data-testid="phone-list"]')).not.toBeNull(),
    );
    expect(document.querySelector('table')).toBeNull();
  });

  it("shows a help link's parties, amount, state and date on a phone row", async () => {
    // Proves: the help circle's lists are phone-readable too: sender → receiver · ₹ amount, the state chip and the date.
    const link = {
      id: 'L0001',
      state: 'Pending',
      sender: '482913',
      receiver: '517204',
      amountRupees: '5000.00',
      utr: null,
      deadline: '2026-11-24T19:30:00.000Z',
      createdAt: '2026-11-23T19:30:00.000Z',
    };
    renderPhoneAs('auditor', '#/help-links', listOf('help-links', [link]));
    const row = (await screen.findByText('482913 → 517204 · ₹5,000.00')).closest('li') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('24 Nov 2026, 1:00 am')).toBeInTheDocument();
    expect(row.querySelector('a')).toHaveAttribute('href', '#/help-links/L0001/show');
  });

  it('opens the menu from the bar on a phone', async () => {
    // Proves: the sidebar becomes a drawer behind the bar's menu button, the brand stays in the bar
    // (its mark drawn, its name read out) and the page's title shows beside it.
    renderPhoneAs('auditor', '#/events');
    expect(await screen.findByTestId('sahyog-brand')).toHaveTextContent('Sahyog admin');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).not.toBe(''));
    await userEvent.click(await screen.findByRole('button', { name: /open menu/i }));
    expect(await screen.findByRole('menuitem', { name: /ledger/i })).toBeInTheDocument();
  });
});
