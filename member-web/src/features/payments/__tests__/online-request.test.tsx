import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { expectFieldError } from '../../../testing/form-errors';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bankDetails } from './fixtures';

const ADDRESS = '0x8a3f5b2c9d1e4f6a7b8c9d0e1f2a3b4c5d6e7f80';

/**
 * The API's answers; the deposit's `expiresAt` is the server's deadline, by default 1200 s after the
 * deposit call on the server's clock, as the server sets it; `null` leaves it out. With `serverAheadMs`
 * the answer carries a `Date` header (the server's clock, whole seconds) that far ahead of this
 * device's clock (negative: the device's clock runs ahead); without it the answer has no `Date`.
 */
function stubs(expiresInMs: number | null = 1_200_000, serverAheadMs?: number) {
  return mockApi({
    'GET /adminBankDetailsByBankid': bankDetails,
    'POST /genarateOrderIdNPayTRC': { data: { result: 'success', clientid: 'NP1763800000000ABC123' } },
    'POST /depositByNowPayTRC': () => {
      const serverNow = Date.now() + (serverAheadMs ?? 0);
      return {
        data: {
          success: true,
          data: ADDRESS,
          amount: '6.64',
          clientid: 'NP1763800000000ABC123',
          ...(expiresInMs === null ? {} : { expiresAt: new Date(serverNow + expiresInMs).toISOString() }),
        },
        ...(serverAheadMs === undefined ? {} : { headers: { date: new Date(serverNow).toUTCString() } }),
      };
    },
  });
}

/** Texts of the toasts on screen. */
function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.Toastify__toast')).map((toast) => toast.textContent ?? '');
}

/** Moves the fake clock, running the timers and the promises they start. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function fillAndRequest(qty: string) {
  fireEvent.change(screen.getByLabelText('Epin Type'), { target: { value: 'EpintypeB' } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: qty } });
  await waitFor(() => expect(screen.getByLabelText('Net Amount (USDT)')).not.toHaveValue(''));
  fireEvent.click(screen.getByRole('button', { name: 'Request' }));
  return screen.findByRole('dialog', { name: 'Pay with USDT (BEP-20)' });
}

describe('Online Epin Request (USDT BEP-20)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('proves the form offers only 299, shows the server quote with USDT = INR / 90, and checks Epin Type then Quantity', async () => {
    signInMember();
    const api = stubs();
    renderApp('/OnlineFundRequest');
    const type = screen.getByLabelText('Epin Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'EpintypeB']);
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    // Each message in the toast and under its field.
    await expectFieldError('Epin Type', 'Enter Epin Type !!');
    fireEvent.change(type, { target: { value: 'EpintypeB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await expectFieldError('Quantity', 'Enter Quantity !!');
    expect(api.callsTo('POST /genarateOrderIdNPayTRC')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByLabelText('Net Amount (INR)')).toHaveValue('598.00'));
    expect(screen.getByLabelText('Amount')).toHaveValue('598.00');
    expect(screen.getByLabelText('Net Amount (USDT)')).toHaveValue('6.64');
    // Spec §2: the form's hidden discount field carries the quote's discount.
    const hiddenDiscount = screen.getByTestId('quote-discount');
    expect([
      hiddenDiscount.getAttribute('type'),
      hiddenDiscount.getAttribute('name'),
      hiddenDiscount.getAttribute('value'),
    ]).toEqual(['hidden', 'discount', '0.00']);
  });

  it('proves the popup shows the amount, address and order id, counts 20:00 down (server deadline 1200 s away), and at zero closes with the timeout toast and reloads 2 s later', async () => {
    signInMember();
    const api = stubs();
    // From the Request click on only the fake clock moves: every step below is exact.
    const dialog = await openPopupOnFakeClock();
    expect(api.callsTo('POST /genarateOrderIdNPayTRC')[0]?.body).toEqual({ username: '482913', amount: '6.64' });
    expect(api.callsTo('POST /depositByNowPayTRC')[0]?.body).toEqual({
      username: '482913',
      amount: '6.64',
      epin_type: 'EpintypeB',
      epin_qty: '2',
      clientid: 'NP1763800000000ABC123',
    });
    expect(within(dialog).getByTestId('usdt-address')).toHaveValue(ADDRESS);
    expect(within(dialog).getByTestId('usdt-address')).toHaveAttribute('readonly');
    expect(within(dialog).getByTestId('order-clientid')).toHaveTextContent('NP1763800000000ABC123');
    expect(within(dialog).getByTestId('usdt-amount')).toHaveTextContent('6.64');
    expect(within(dialog).getByText(/BEP20 \(BSC\)/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('20:00');

    await tick(61_000);
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('18:59');
    await tick(1_138_000);
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('00:01');
    expect(toastTexts()).not.toContain('Time is over. Please Try Again !!');

    await expectTimeoutThenReload();
  });

  /** The last second of the countdown: the timeout toast, the popup closed, and the reload 2 s after the timeout. */
  async function expectTimeoutThenReload() {
    await tick(1_000);
    expect(toastTexts()).toContain('Time is over. Please Try Again !!');
    await tick(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Not reloaded yet: the quantity stays until 2 s after the timeout.
    expect(screen.getByLabelText('Quantity')).toHaveValue('2');
    await tick(1_500);
    expect(screen.getByLabelText('Quantity')).toHaveValue('');
  }

  /** Fills the form with the real clock, then opens the popup with only the fake clock moving (from `msPastSecond` past a whole second). */
  async function openPopupOnFakeClock(msPastSecond = 0) {
    renderApp('/OnlineFundRequest');
    fireEvent.change(screen.getByLabelText('Epin Type'), { target: { value: 'EpintypeB' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByLabelText('Net Amount (USDT)')).toHaveValue('6.64'));
    vi.useFakeTimers();
    // On a whole second (as the `Date` header is) or the given ms past one: the expected countdowns are exact.
    vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000 + msPastSecond);
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await tick(0);
    return screen.getByRole('dialog', { name: 'Pay with USDT (BEP-20)' });
  }

  it("proves the countdown runs to the server's deadline (expiresAt), not 20 minutes from the popup opening", async () => {
    signInMember();
    // The server's window has 7 min 30 s left when its answer arrives.
    stubs(450_000);
    const dialog = await openPopupOnFakeClock();
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('07:30');
    await tick(30_000);
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('07:00');
    await tick(419_000);
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('00:01');
    expect(toastTexts()).not.toContain('Time is over. Please Try Again !!');
    await expectTimeoutThenReload();
  });

  it('proves a deadline more than 20 minutes away (no Date header, device clock behind) still shows at most 20:00 and times out 20 minutes later', async () => {
    signInMember();
    stubs(2 * 60 * 60 * 1000);
    const dialog = await openPopupOnFakeClock();
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('20:00');
    await tick(1_000);
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('19:59');
    await tick(1_198_000);
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('00:01');
    await tick(1_000);
    expect(toastTexts()).toContain('Time is over. Please Try Again !!');
  });

  it('proves a deadline already past (no Date header, device clock ahead) shows 00:00 and times out at the first tick', async () => {
    signInMember();
    stubs(-90_000);
    const dialog = await openPopupOnFakeClock();
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('00:00');
    expect(toastTexts()).not.toContain('Time is over. Please Try Again !!');
    await tick(1_000);
    expect(toastTexts()).toContain('Time is over. Please Try Again !!');
  });

  // With a Date header the time left is counted on the server's clock. The header is whole seconds: a device
  // clock that agrees with it counts on its own; otherwise the countdown takes the end of the header's second,
  // the latest the server's clock can be, so it ends at or before the server's deadline, never after.
  const dateHeaderCases = [
    {
      why: 'a device clock in step with the server counts the full window on its own clock',
      left: 1_200_000,
      serverAhead: 0,
      pastSecond: 0,
      shows: '20:00',
    },
    {
      why: 'a device clock 5 minutes ahead still gets the window (one second less: the header may be any fraction old)',
      left: 1_200_000,
      serverAhead: -5 * 60_000,
      pastSecond: 0,
      shows: '19:59',
    },
    {
      why: "a device clock 2 hours behind counts down the server's 7:30, not 20:00",
      left: 450_000,
      serverAhead: 2 * 60 * 60_000,
      pastSecond: 0,
      shows: '07:29',
    },
    // The server reads …:00.700 when it answers (its header says …:00): the timeout falls on its deadline, 450 s on.
    {
      why: "a skewed device clock between whole seconds times out at the server's deadline, not after it",
      left: 450_000,
      serverAhead: -5 * 60_000,
      pastSecond: 700,
      shows: '07:30',
    },
  ];
  for (const { why, left, serverAhead, pastSecond, shows } of dateHeaderCases)
    it(`proves ${why}`, async () => {
      signInMember();
      stubs(left, serverAhead);
      const dialog = await openPopupOnFakeClock(pastSecond);
      expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent(shows);
      const [, minutes = '', seconds = ''] = /^(\d\d):(\d\d)$/.exec(shows) ?? [];
      await tick((Number(minutes) * 60 + Number(seconds) - 1) * 1000);
      expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('00:01');
      expect(toastTexts()).not.toContain('Time is over. Please Try Again !!');
      await expectTimeoutThenReload();
    });

  it('proves an answer without expiresAt counts 20:00 from the popup opening', async () => {
    signInMember();
    stubs(null);
    const dialog = await openPopupOnFakeClock();
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('20:00');
    await tick(61_000);
    expect(within(dialog).getByTestId('usdt-countdown')).toHaveTextContent('18:59');
  });

  it('proves closing the popup reloads the page (a fresh form)', async () => {
    signInMember();
    stubs();
    renderApp('/OnlineFundRequest');
    const dialog = await fillAndRequest('3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Quantity')).toHaveValue('');
  });

  it('proves a failed deposit shows the server text and opens no popup', async () => {
    signInMember();
    mockApi({
      'GET /adminBankDetailsByBankid': bankDetails,
      'POST /genarateOrderIdNPayTRC': { data: { result: 'success', clientid: 'NP1' } },
      'POST /depositByNowPayTRC': { data: { success: false, data: 'Quantity must be a whole number from 1 to 500' } },
    });
    renderApp('/OnlineFundRequest');
    fireEvent.change(screen.getByLabelText('Epin Type'), { target: { value: 'EpintypeB' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByLabelText('Net Amount (USDT)')).toHaveValue('3.32'));
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByText('Quantity must be a whole number from 1 to 500')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Request' })).toBeEnabled(); // the label returns after the call's finally
  });
});
