import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const member = (locked: { bank: boolean; wallet: boolean }) => ({
  id: '482913',
  uid: '482913',
  name: 'Asha Rao',
  status: 'Active',
  blocked: false,
  events: [],
  profile: {
    state: 'Maharashtra',
    district: 'Nashik',
    city: '422001',
    pincode: '422001',
    nominee_name: 'Ravi Rao',
    nominee_relation: 'Brother',
  },
  bank: {
    account_number: '123456789012',
    holder: 'Asha Rao',
    ifsc: 'KKBK0000261',
    bank_name: 'Kotak Mahindra Bank',
    branch: 'GURGAON',
    upi_number: '9876543210',
    pan: 'ABCPE1234F',
    aadhaar: '234567890124',
    locked: locked.bank,
    saved_at: locked.bank ? '2026-11-23T10:00:00.000Z' : null,
  },
  wallet: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', locked: locked.wallet, saved_at: null },
  last_unlock: null,
});

function open(role: AdminRole, locked = { bank: true, wallet: true }) {
  saveSession({ token: 'jwt-abc', username: role, role });
  const fetched = mockFetch(
    (call) =>
      call.url === '/admin-api/members/482913' && call.method === 'GET'
        ? jsonResponse(member(locked))
        : call.method === 'POST'
          ? jsonResponse({ id: '482913', bank_locked: false, wallet_locked: locked.wallet })
          : undefined,
    emptyLists,
  );
  window.location.hash = '#/members/482913/show';
  render(<App />);
  return fetched;
}

describe('member page: profile, bank details and wallet', () => {
  it('shows the profile settings, the bank details in full (PAN and Aadhaar unmasked) and the wallet, with their locks', async () => {
    // Proves: the admin verifies the details as saved; the locks read as the member sees them.
    open('approver');
    const bank = await screen.findByRole('region', { name: 'Bank details' });
    expect(within(bank).getByText('ABCPE1234F')).toBeInTheDocument();
    expect(within(bank).getByText('234567890124')).toBeInTheDocument();
    expect(within(bank).getByText('Kotak Mahindra Bank')).toBeInTheDocument();
    expect(within(bank).getByText('Locked (Details Verified and Locked)')).toBeInTheDocument();
    const wallet = screen.getByRole('region', { name: 'USDT wallet' });
    expect(within(wallet).getByText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeInTheDocument();
    expect(screen.getByText('Ravi Rao')).toBeInTheDocument();
  });

  it('unlocks the bank details with a required reason: POST unlock-bank { reason }', async () => {
    // Proves: the reason dialog stays disabled until a reason is typed, then sends exactly { reason }.
    const { calls } = open('approver');
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock bank' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), '  Account closed ');
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/admin-api/members/482913/unlock-bank',
      body: { reason: 'Account closed' },
    });
    expect(await screen.findByText('Bank details unlocked: the member may save them again')).toBeInTheDocument();
  });

  it('offers Unlock wallet to an approver while the wallet is locked, and no Unlock bank for unlocked bank details', async () => {
    // Proves: the buttons follow the API (approver and superadmin; 403 for support) and the lock state.
    open('approver', { bank: false, wallet: true });
    expect(await screen.findByRole('button', { name: 'Unlock wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock bank' })).toBeNull();
  });

  it('offers no unlock to support', async () => {
    open('support');
    await screen.findByRole('region', { name: 'Bank details' });
    expect(screen.queryByRole('button', { name: 'Unlock bank' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlock wallet' })).toBeNull();
  });
});
