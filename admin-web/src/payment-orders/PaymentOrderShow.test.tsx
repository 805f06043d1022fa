import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const HASH = '0x5f2c0e4a9b7d31e8c6a2f0b4d9e7c1a3b5d7f9e1c3a5b7d9f1e3c5a7b9d1f3e5';

const lateOrder = {
  id: 'NP1763800000000DEF456',
  clientid: 'NP1763800000000DEF456',
  uid: '482913',
  kind: 'crypto',
  status: 'late',
  client_amount: '598',
  epin_type: 'EpintypeB',
  qty: 2,
  amount_paise: '59800',
  discount_rate_bp: 0,
  discount_paise: '0',
  net_paise: '59800',
  pay_amount: '6.64',
  pay_currency: 'USDT',
  pay_address: '0xabc0000000000000000000000000000000000def',
  gateway_ref: '4123456789',
  created_at: '2026-11-22T09:00:00.000Z',
  opened_at: '2026-11-22T09:00:01.000Z',
  expires_at: '2026-11-22T09:20:01.000Z',
  paid_at: '2026-11-22T09:30:00.000Z',
  txn_hash: HASH,
  utr: null,
  remark: '',
  version: 3,
};

function renderOrderAs(
  role: AdminRole,
  resolve: (call: RecordedCall) => Response | undefined = () => undefined,
  order: Record<string, unknown> = lateOrder,
) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const mocked = mockFetch(
    (call) =>
      call.method === 'POST' && (call.url.endsWith('/resolve') || call.url.endsWith('/recheck'))
        ? resolve(call)
        : undefined,
    (call) =>
      call.method === 'GET' && call.url === `/admin-api/payment-orders/${lateOrder.id}`
        ? jsonResponse(order)
        : undefined,
    emptyLists,
  );
  window.location.hash = `#/payment-orders/${lateOrder.id}/show`;
  render(<App />);
  return mocked;
}

describe('payment order page', () => {
  it('links a USDT transaction to bscscan and resolves a late payment with decision and remark', async () => {
    // Proves: the tx hash links to https://bscscan.com/tx/<hash>; Resolve posts {decision: 'dismiss', remark} to …/resolve.
    const { calls } = renderOrderAs('approver', () => jsonResponse({ ...lateOrder, status: 'resolved' }));
    expect(await screen.findByRole('link', { name: HASH })).toHaveAttribute('href', `https://bscscan.com/tx/${HASH}`);
    expect(screen.getByText('6.64 USDT')).toBeInTheDocument();
    expect(screen.getAllByText('₹598.00').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Decision/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dismiss (refund outside Sahyog)' }));
    await userEvent.type(
      within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Remark' }),
      'Refunded by bank transfer',
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Late payment dismissed');
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/admin-api/payment-orders/${lateOrder.id}/resolve`,
      body: { decision: 'dismiss', remark: 'Refunded by bank transfer' },
    });
  });

  it('offers an auditor no Resolve', async () => {
    // Proves: resolving is for approver and superadmin only (the API's Roles('approver')).
    renderOrderAs('auditor');
    await screen.findByRole('link', { name: HASH });
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('re-checks an expired order with the gateway (approver): posts …/recheck and says a late payment was recorded', async () => {
    // Proves: "Re-check with gateway" is offered on an expired order, POSTs payment-orders/:clientid/recheck and reports the new state.
    const expired = { ...lateOrder, status: 'expired', paid_at: null, txn_hash: null };
    const { calls } = renderOrderAs(
      'approver',
      () => jsonResponse({ ...lateOrder, gateway_state: 'paid-late' }),
      expired,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Re-check with gateway' }));
    expect(await screen.findByText('Late payment recorded: no e-pins until it is resolved')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe(`/admin-api/payment-orders/${lateOrder.id}/recheck`);
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('says so when the gateway has nothing new', async () => {
    // Proves: an unchanged answer (the order is still open) is reported with the gateway's own state.
    const open = { ...lateOrder, status: 'open', paid_at: null, txn_hash: null };
    renderOrderAs('superadmin', () => jsonResponse({ ...open, gateway_state: 'waiting' }), open);
    await userEvent.click(await screen.findByRole('button', { name: 'Re-check with gateway' }));
    expect(await screen.findByText('Checked with the gateway (waiting): nothing new')).toBeInTheDocument();
  });

  it('offers no re-check on a late order (it is resolved instead)', async () => {
    // Proves: a late order is resolved, not re-checked (the API would answer 409).
    renderOrderAs('approver');
    await screen.findByRole('button', { name: 'Resolve' });
    expect(screen.queryByRole('button', { name: 'Re-check with gateway' })).toBeNull();
  });

  it('offers an auditor no re-check of an open order', async () => {
    // Proves: the button mirrors the API's Roles('approver'): an auditor reads the order but cannot re-check it.
    renderOrderAs('auditor', () => undefined, { ...lateOrder, status: 'open' });
    await screen.findByRole('link', { name: HASH });
    expect(screen.queryByRole('button', { name: 'Re-check with gateway' })).toBeNull();
  });
});
