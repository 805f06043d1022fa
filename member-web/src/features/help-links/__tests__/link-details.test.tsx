import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { linkDetail, RED } from './fixtures';

function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.Toastify__toast')).map((toast) => toast.textContent ?? '');
}

/** Moves the fake clock, running the timers and the promises they start. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('PH help detail (/PHRecivePaymentId/{id})', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('proves every field of the link and whom to pay', async () => {
    signInMember();
    const api = mockApi({ 'POST /PhListDetails': { data: [[linkDetail()]] } });
    renderApp('/PHRecivePaymentId/9001');
    expect(await screen.findByTestId('order-id')).toHaveTextContent('9001');
    expect(screen.getByRole('heading', { name: 'PH Help' })).toBeInTheDocument();
    expect(screen.getByTestId('amount')).toHaveTextContent('₹4500.00');
    for (const text of [
      'Ravi Kumar',
      '517204',
      'Matched 24 Nov',
      'State Bank of India',
      'Nashik Road',
      'SBIN0001234',
      '00112233445566',
      'RAVI KUMAR',
      '24 Nov 2026, 3:30 pm',
    ])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByTestId('link-status')).toHaveTextContent('Pending');
    expect(screen.getByTestId('link-status').firstElementChild).toHaveStyle({ color: RED });
    expect(screen.getByLabelText('UTR Number')).toBeInTheDocument();
    expect(api.callsTo('POST /PhListDetails')[0]?.body).toEqual({ uid: '482913', rowid: '9001' });
  });

  it('proves a receiver with a UPI ID gets a Pay with a UPI app link with its exact parameters, and copy buttons beside the payment details (issue 20)', async () => {
    signInMember();
    mockApi({
      'POST /PhListDetails': { data: [[linkDetail({ gpay: 'ravi.kumar.nashik.family@okaxis' })]] },
    });
    renderApp('/PHRecivePaymentId/9001');
    const pay = await screen.findByRole('link', { name: 'Pay with a UPI app' });
    const href = pay.getAttribute('href') ?? '';
    expect(href.startsWith('upi://pay?')).toBe(true);
    const params = new URLSearchParams(href.slice('upi://pay?'.length));
    expect(Object.fromEntries(params)).toEqual({
      pa: 'ravi.kumar.nashik.family@okaxis',
      pn: 'RAVI KUMAR',
      am: '4500.00',
      cu: 'INR',
      tn: 'Sahyog help 9001',
    });
    expect(screen.getByTestId('receiver-upi')).toHaveTextContent('ravi.kumar.nashik.family@okaxis');
    for (const what of ['UPI Number', 'IFSC', 'Account Number', 'Amount to pay:'])
      expect(screen.getByRole('button', { name: new RegExp(`^Copy ${what}`) })).toBeInTheDocument();
  });

  it('proves a receiver with only a UPI number gets no UPI app link', async () => {
    signInMember();
    mockApi({ 'POST /PhListDetails': { data: [[linkDetail()]] } });
    renderApp('/PHRecivePaymentId/9001');
    await screen.findByTestId('order-id');
    expect(screen.queryByRole('link', { name: 'Pay with a UPI app' })).not.toBeInTheDocument();
  });

  it("proves Update asks 'Are you sure, you want to update..?', reads 'Processing..' while busy, then goes to /dashboard after 1 s", async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    const api = mockApi({
      'POST /PhListDetails': { data: [[linkDetail()]] },
      'POST /UpdatePhUser': () => answer.promise,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { location } = renderApp('/PHRecivePaymentId/9001');
    fireEvent.change(await screen.findByLabelText('UTR Number'), { target: { value: 'UTR555666777' } });

    // Declined: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure, you want to update..?');
    expect(api.callsTo('POST /UpdatePhUser')).toHaveLength(0);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Processing..' })).toBeDisabled();
    await tick(0);
    expect(api.callsTo('POST /UpdatePhUser')[0]?.body).toEqual({ uid: '482913', rowid: '9001', utrno: 'UTR555666777' });

    answer.resolve({ data: 'Payment Paid Successfully.' });
    await tick(0);
    expect(toastTexts()).toContain('Payment Paid Successfully.');
    expect(screen.getByRole('button', { name: 'Processing..' })).toBeDisabled();
    await tick(999);
    expect(location().pathname).toBe('/PHRecivePaymentId/9001');
    await tick(1);
    expect(location().pathname).toBe('/dashboard');
  });

  it("proves a refusal shows the server's text as an error toast and gives the button back", async () => {
    signInMember();
    mockApi({
      'POST /PhListDetails': { data: [[linkDetail()]] },
      // The real answer: 200 with the refusal's text as a JSON string.
      'POST /UpdatePhUser': { data: 'This UTR Number has already been used' },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { location } = renderApp('/PHRecivePaymentId/9001');
    fireEvent.change(await screen.findByLabelText('UTR Number'), { target: { value: 'UTR1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This UTR Number has already been used')).toBeInTheDocument();
    // The toast is shown before the button is given back (one render later): wait for the button.
    expect(await screen.findByRole('button', { name: 'Update' })).toBeEnabled();
    expect(location().pathname).toBe('/PHRecivePaymentId/9001');
  });

  it('proves a paid link shows its UTR and no Update, and an unknown link says so', async () => {
    signInMember();
    mockApi({
      'POST /PhListDetails': ({ body }) =>
        (body as { rowid: string }).rowid === '9001'
          ? { data: [[linkDetail({ paidst: 'Paid', utrno: 'UTR999' })]] }
          : { data: [[]] },
    });
    const view = renderApp('/PHRecivePaymentId/9001');
    expect(await screen.findByText('UTR999')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    view.unmount();
    renderApp('/PHRecivePaymentId/1234');
    expect(await screen.findByText('This help link is not yours or does not exist.')).toBeInTheDocument();
  });

  it("proves a paid link the receiver cancelled can be disputed: remark required, confirm, 'Dispute Raised Successfully.'", async () => {
    signInMember();
    const api = mockApi({
      'POST /PhListDetails': {
        data: [[linkDetail({ paidst: 'Cancel', sidapprovest: 'Cancel', utrno: 'UTR999', GH_remark: 'not received' })]],
      },
      'POST /DisputePhUser': { data: 'Dispute Raised Successfully.' },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { location } = renderApp('/PHRecivePaymentId/9001');
    expect(await screen.findByText('not received')).toBeInTheDocument();
    expect(screen.queryByLabelText('UTR Number')).toBeNull();

    // No remark: the spec's text, nothing asked, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    expect(await screen.findByText('Please Enter Remark !!')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Dispute Remark'), { target: { value: 'I paid, UTR999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure, you want to dispute..?');
    expect(api.callsTo('POST /DisputePhUser')).toHaveLength(0);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    await tick(0);
    expect(api.callsTo('POST /DisputePhUser')[0]?.body).toEqual({
      uid: '482913',
      rowid: '9001',
      remark: 'I paid, UTR999',
    });
    expect(toastTexts()).toContain('Dispute Raised Successfully.');
    await tick(999);
    expect(location().pathname).toBe('/PHRecivePaymentId/9001');
    await tick(1);
    expect(location().pathname).toBe('/dashboard');
  });

  it('proves a cancelled link that was never paid offers no dispute, and a late dispute shows the server’s text', async () => {
    signInMember();
    mockApi({
      'POST /PhListDetails': ({ body }) =>
        (body as { rowid: string }).rowid === '9001'
          ? { data: [[linkDetail({ paidst: 'Cancel' })]] }
          : { data: [[linkDetail({ id: '9002', paidst: 'Cancel', utrno: 'UTR123456' })]] },
      'POST /DisputePhUser': { data: 'Only a cancelled paid link can be disputed, within its dispute window' },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const view = renderApp('/PHRecivePaymentId/9001');
    expect(await screen.findByTestId('link-status')).toHaveTextContent('Cancel');
    expect(screen.queryByRole('button', { name: 'Dispute' })).toBeNull();
    view.unmount();
    renderApp('/PHRecivePaymentId/9002');
    fireEvent.change(await screen.findByLabelText('Dispute Remark'), { target: { value: 'paid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    expect(
      await screen.findByText('Only a cancelled paid link can be disputed, within its dispute window'),
    ).toBeInTheDocument();
    // The toast is shown before the button is given back (one render later): wait for the button.
    expect(await screen.findByRole('button', { name: 'Dispute' })).toBeEnabled();
  });
});

describe('GH help detail (/GHRecivePaymentId/{id})', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const paid = linkDetail({
    id: '9102',
    name: 'Meena Shah',
    fromid: '603118',
    Mobile: '9123456780',
    sidapprovest: 'Paid',
    utrno: 'UTR777888999',
    pd: '2026-11-24T12:00:00.000Z',
  });

  it("proves Cancel without a remark says 'Please Enter Remark !!' and asks nothing; with one it confirms '...cancel..?' and sends status 2", async () => {
    signInMember();
    const api = mockApi({
      'POST /GhListDetails': { data: [[paid]] },
      'POST /UpdateGhUser': { data: 'Payment Cancelled Successfully.' },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { location } = renderApp('/GHRecivePaymentId/9102');
    expect(await screen.findByTestId('utr')).toHaveTextContent('UTR777888999');
    expect(screen.getByText('Meena Shah')).toBeInTheDocument();
    expect(screen.getByText('9123456780')).toBeInTheDocument();
    expect(screen.getByText('24 Nov 2026, 5:30 pm')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Please Enter Remark !!')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(api.callsTo('POST /UpdateGhUser')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Cancel Remark'), { target: { value: 'No money arrived' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure, you want to cancel..?');
    expect(api.callsTo('POST /UpdateGhUser')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.callsTo('POST /UpdateGhUser')).toHaveLength(1));
    expect(api.callsTo('POST /UpdateGhUser')[0]?.body).toEqual({
      uid: '482913',
      rowid: '9102',
      status: 2,
      remark: 'No money arrived',
    });
    expect(await screen.findByText('Payment Cancelled Successfully.')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  });

  it("proves Update confirms with 'Are you sure, you want to update..?', sends status 1 and goes to /dashboard 1 s after 'Payment Received Successfully.'", async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    const api = mockApi({
      'POST /GhListDetails': { data: [[paid]] },
      'POST /UpdateGhUser': () => answer.promise,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { location } = renderApp('/GHRecivePaymentId/9102');
    await screen.findByTestId('utr');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure, you want to update..?');
    expect(screen.getByRole('button', { name: 'Processing..' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await tick(0);
    expect(api.callsTo('POST /UpdateGhUser')[0]?.body).toEqual({ uid: '482913', rowid: '9102', status: 1, remark: '' });
    answer.resolve({ data: 'Payment Received Successfully.' });
    await tick(0);
    expect(toastTexts()).toContain('Payment Received Successfully.');
    await tick(999);
    expect(location().pathname).toBe('/GHRecivePaymentId/9102');
    await tick(1);
    expect(location().pathname).toBe('/dashboard');
  });

  it("proves a refused confirmation shows the server's text and stays", async () => {
    signInMember();
    mockApi({
      'POST /GhListDetails': { data: [[paid]] },
      'POST /UpdateGhUser': { status: 409, data: { result: 'This help link is already resolved.' } },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { location } = renderApp('/GHRecivePaymentId/9102');
    await screen.findByTestId('utr');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This help link is already resolved.')).toBeInTheDocument();
    // The toast is shown before the button is given back (one render later): wait for the button.
    expect(await screen.findByRole('button', { name: 'Update' })).toBeEnabled();
    expect(location().pathname).toBe('/GHRecivePaymentId/9102');
  });

  it('proves a cancelled link offers no decision', async () => {
    signInMember();
    mockApi({ 'POST /GhListDetails': { data: [[{ ...paid, sidapprovest: 'Cancel', GH_remark: 'Wrong amount' }]] } });
    renderApp('/GHRecivePaymentId/9102');
    expect(await screen.findByText('Wrong amount')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
