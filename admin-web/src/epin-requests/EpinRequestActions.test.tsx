import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const pending = {
  id: 'R100',
  uid: '482913',
  option_id: 'OPT1',
  payment_type: 'Bank',
  bank_name: 'State Bank of India',
  accountnumber: '00112233445566',
  utrno: '123456789012',
  epin_type: 'EpintypeB',
  qty: 2,
  usertype: 'member',
  client_amount: '598',
  amount_paise: '59800',
  discount_rate_bp: 0,
  discount_paise: '0',
  net_paise: '59800',
  status: 'Pending',
  remark: '',
  requested_at: '2026-11-21T10:00:00.000Z',
  decided_at: null,
  decided_by: null,
};

type Answer = (call: RecordedCall) => Response | undefined;

function renderRequestAs(role: AdminRole, record: Record<string, unknown>, decide: Answer = () => undefined) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const mocked = mockFetch(
    (call) => (call.method === 'POST' && call.url.startsWith('/admin-api/epin-requests/') ? decide(call) : undefined),
    (call) =>
      call.method === 'GET' && call.url === `/admin-api/epin-requests/${String(record.id)}`
        ? jsonResponse(record)
        : undefined,
    emptyLists,
  );
  window.location.hash = `#/epin-requests/${String(record.id)}/show`;
  render(<App />);
  return mocked;
}

const reads = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === '/admin-api/epin-requests/R100').length;

describe('e-pin request actions', () => {
  it('approves after a confirmation, notifies the issued count and re-reads the request', async () => {
    // Proves: Approve → Confirm posts to …/R100/approve with the bearer token, says "2 e-pins issued" and refreshes; amounts read in ₹.
    const { calls } = renderRequestAs('approver', pending, () =>
      jsonResponse({ id: 'R100', status: 'Approved', epins: ['B1', 'B2'] }),
    );
    expect(await screen.findByText('123456789012')).toBeInTheDocument();
    expect(screen.getAllByText('₹598.00').length).toBeGreaterThan(0);

    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    const readsBefore = reads(calls);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Request approved: 2 e-pins issued');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/admin-api/epin-requests/R100/approve');
    expect(posts[0].headers.get('Authorization')).toBe('Bearer jwt-abc');
    await waitFor(() => expect(reads(calls)).toBeGreaterThan(readsBefore));
  });

  it('rejects with the trimmed remark typed in the remark dialog', async () => {
    // Proves: Reject opens "Remark" with "Confirm" disabled until typed, then posts exactly {remark} to …/R100/reject.
    const { calls } = renderRequestAs('superadmin', pending, () =>
      jsonResponse({ id: 'R100', status: 'Rejected', epins: [] }),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remark' }), '  UTR not found in the statement ');
    await userEvent.click(confirm);

    await screen.findByText('Request rejected');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/admin-api/epin-requests/R100/reject');
    expect(posts[0].body).toEqual({ remark: 'UTR not found in the statement' });
  });

  it("shows the API's message when it refuses the decision", async () => {
    // Proves: a 409 from …/approve is shown with the API's own message.
    renderRequestAs('approver', pending, () =>
      jsonResponse({ statusCode: 409, message: 'This request is already Approved' }, { status: 409 }),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('This request is already Approved')).toBeInTheDocument();
  });

  it('offers no Approve / Reject to an auditor', async () => {
    // Proves: the actions follow the API's Roles('approver') (plus superadmin): an auditor reads a Pending request without them.
    renderRequestAs('auditor', pending);
    await screen.findByText('123456789012');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('offers no Approve / Reject on a rejected request, and shows its remark', async () => {
    // Proves: a decided request is read-only even for an approver, with its status and remark.
    renderRequestAs('approver', {
      ...pending,
      status: 'Rejected',
      remark: 'UTR not found',
      decided_by: 'asha',
      decided_at: '2026-11-21T11:00:00.000Z',
    });
    expect(await screen.findByText('UTR not found')).toBeInTheDocument();
    expect(screen.getByTestId('epin-request-status')).toHaveTextContent('Rejected');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
