import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const upiOrder = {
  id: 'UP1763800000000ABC123',
  gateway_id: 'UPIA1B2C3D4E5F6',
  kind: 'upi',
  order_ref: 'UP1763800000000ABC123',
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

const cryptoOrder = {
  ...upiOrder,
  id: 'NP1763800000000DEF456',
  gateway_id: '4123456789',
  kind: 'crypto',
  order_ref: 'NP1763800000000DEF456',
  pay_address: '0xabc',
  pay_amount: '6.64',
  pay_currency: 'USDT',
  created_at: '2026-11-22T09:00:00.000Z',
};

const doubleList = (call: RecordedCall) =>
  call.method === 'GET' && call.url.startsWith('/admin-api/payment-double/orders?')
    ? jsonResponse([upiOrder, cryptoOrder], { contentRange: 'payment-double/orders 0-1/2' })
    : undefined;

function renderDoubleAs(role: AdminRole, action: (call: RecordedCall) => Response | undefined = () => undefined) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const mocked = mockFetch((call) => (call.method === 'POST' ? action(call) : undefined), doubleList, emptyLists);
  window.location.hash = '#/payment-double';
  render(<App />);
  return mocked;
}

const rowOf = async (orderId: string) => (await screen.findByText(orderId)).closest('tr') as HTMLElement;
const listReads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.url.startsWith('/admin-api/payment-double/orders?')).length;

describe('payment double controls', () => {
  it("posts Mark paid for the row's order to the double and re-reads the list", async () => {
    // Proves: "Mark paid" on a UPI row posts to /admin-api/payment-double/orders/<clientid>/mark-paid, notifies, and refreshes the list.
    const { calls } = renderDoubleAs('approver', () =>
      jsonResponse({ ...upiOrder, status: 'finished', callback: null }),
    );
    const row = await rowOf('UP1763800000000ABC123');
    expect(row).toHaveTextContent('UPI');
    const before = listReads(calls);

    await userEvent.click(within(row).getByRole('button', { name: 'Mark paid' }));

    await screen.findByText(/Order UP1763800000000ABC123 marked paid/);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/admin-api/payment-double/orders/UP1763800000000ABC123/mark-paid');
    expect(posts[0].headers.get('Authorization')).toBe('Bearer jwt-abc');
    await waitFor(() => expect(listReads(calls)).toBeGreaterThan(before));
  });

  it("posts Expire for the row's order", async () => {
    // Proves: "Expire" on a USDT row posts to …/<clientid>/expire and reports the callback's result.
    const { calls } = renderDoubleAs('superadmin', () =>
      jsonResponse({ ...cryptoOrder, status: 'expired', callback: '200' }),
    );
    const row = await rowOf('NP1763800000000DEF456');
    expect(row).toHaveTextContent('USDT');

    await userEvent.click(within(row).getByRole('button', { name: 'Expire' }));

    await screen.findByText('Order NP1763800000000DEF456 expired (double: expired; callback: 200)');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/admin-api/payment-double/orders/NP1763800000000DEF456/expire',
    ]);
  });

  it('lists the double for support without Mark paid or Expire', async () => {
    // Proves: support may read the double's orders (the API's GET allows it) but gets no controls (the POSTs are approver-only).
    renderDoubleAs('support');
    await rowOf('UP1763800000000ABC123');
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Expire' })).toBeNull();
  });
});
