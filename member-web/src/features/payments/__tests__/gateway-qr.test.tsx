import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type FakeReply } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { UPI_PAYMENT_KEY } from '../components/upi-payment-store';
import { bankDetails, PNG } from './fixtures';

const PENDING: FakeReply = { data: { data: { message: 'Payment Pending', status_id: 0, data: { utr: '' } } } };
const PAID: FakeReply = {
  data: { data: { message: 'Response Received', status_id: 1, data: { utr: '412345678901' } } },
};
const EXPIRED: FakeReply = { data: { data: { message: 'Payment Expired', status_id: 2, data: { utr: '' } } } };

function seedPayment() {
  window.sessionStorage.setItem(
    UPI_PAYMENT_KEY,
    JSON.stringify({
      qrCodeImage: PNG,
      amount: '299.00',
      clientid: 'UP1763800000000DEF456',
      bankingName: 'Sahyog Foundation',
    }),
  );
}

/** Texts of the toasts on screen (the page repeats the outcome in an Alert of its own). */
function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.Toastify__toast')).map((toast) => toast.textContent ?? '');
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('Gateway Epin Request (UPI) and /QrCode', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('proves the request opens the order, keeps QR image, amount and clientid in session storage and goes to /QrCode', async () => {
    signInMember();
    const api = mockApi({
      'GET /adminBankDetailsByBankid': bankDetails,
      'POST /genarateOrderIdPayatupi': { data: { result: 'success', clientid: 'UP1763800000000DEF456' } },
      'POST /depositByPayatupi': {
        data: {
          data: {
            message: 'Success',
            upiUrl: 'upi://pay?pa=sahyog%40upi&pn=Sahyog+Foundation&am=299.00&tn=UP1763800000000DEF456&cu=INR',
          },
          qrCodeImage: PNG,
          amount: '299.00',
          clientid: 'UP1763800000000DEF456',
        },
      },
      'POST /checkPaymentStatus': PENDING,
    });
    const app = renderApp('/GatewayFundRequest');
    expect(screen.queryByLabelText('Net Amount (USDT)')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Epin Type'), { target: { value: 'EpintypeB' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByLabelText('Net Amount')).toHaveValue('299.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(app.location().pathname).toBe('/QrCode'));
    expect(api.callsTo('POST /genarateOrderIdPayatupi')[0]?.body).toEqual({ username: '482913', amount: '299.00' });
    expect(api.callsTo('POST /depositByPayatupi')[0]?.body).toEqual({
      username: '482913',
      amount: '299.00',
      epin_type: 'EpintypeB',
      epin_qty: '1',
      clientid: 'UP1763800000000DEF456',
    });
    expect(JSON.parse(window.sessionStorage.getItem(UPI_PAYMENT_KEY) ?? '{}')).toMatchObject({
      qrCodeImage: PNG,
      amount: '299.00',
      clientid: 'UP1763800000000DEF456',
      bankingName: 'Sahyog Foundation',
      payeeUpiId: 'sahyog@upi',
    });
    expect(await screen.findByTestId('upi-qr')).toHaveAttribute('src', PNG);
    expect(screen.getByTestId('qr-clientid')).toHaveTextContent('UP1763800000000DEF456');
    expect(screen.getByText(/with any UPI app/)).toHaveTextContent('Scan and pay ₹299.00 with any UPI app.');
    expect(screen.getByTestId('banking-name')).toHaveTextContent('Sahyog Foundation');
    // Issue 20: paying from this phone — the UPI intent link, the UPI ID to copy, the time left.
    const pay = screen.getByRole('link', { name: 'Pay with a UPI app' });
    expect(pay).toHaveAttribute(
      'href',
      'upi://pay?pa=sahyog@upi&pn=Sahyog%20Foundation&am=299.00&cu=INR&tn=UP1763800000000DEF456',
    );
    expect(screen.getByTestId('qr-upi-id')).toHaveTextContent('sahyog@upi');
    expect(screen.getByRole('button', { name: 'Copy UPI ID:' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Amount:' })).toBeInTheDocument();
    expect(screen.getByTestId('qr-countdown')).toHaveTextContent(/^(20:00|19:59)$/);
  });

  it('proves the QR page counts down to the deadline and stops polling when the time is over (issue 20)', async () => {
    vi.useFakeTimers();
    signInMember();
    window.sessionStorage.setItem(
      UPI_PAYMENT_KEY,
      JSON.stringify({
        qrCodeImage: PNG,
        amount: '299.00',
        clientid: 'UP1763800000000DEF456',
        bankingName: 'Sahyog Foundation',
        payeeUpiId: 'sahyog@upi',
        deadline: Date.now() + 10_000,
      }),
    );
    const api = mockApi({ 'POST /checkPaymentStatus': PENDING });
    renderApp('/QrCode');
    expect(screen.getByTestId('qr-countdown')).toHaveTextContent('00:10');
    await tick(4_000);
    expect(screen.getByTestId('qr-countdown')).toHaveTextContent('00:06');
    await tick(8_000);
    expect(screen.getByTestId('qr-status')).toHaveAttribute('data-state', 'closed');
    expect(toastTexts()).toContain('Time is over. Please Try Again !!');
    const checks = api.callsTo('POST /checkPaymentStatus').length;
    await tick(30_000);
    expect(api.callsTo('POST /checkPaymentStatus')).toHaveLength(checks);
    expect(screen.queryByRole('link', { name: 'Pay with a UPI app' })).not.toBeInTheDocument();
  });

  it('proves /QrCode asks the server every 3 s, and on Response Received/status 1 toasts, stops polling and goes to the history after 1 s', async () => {
    vi.useFakeTimers();
    signInMember();
    seedPayment();
    let answers = [PENDING, PENDING, PAID];
    const api = mockApi({
      'POST /checkPaymentStatus': () => {
        const [next, ...rest] = answers;
        answers = rest.length > 0 ? rest : [PAID];
        return next ?? PAID;
      },
      'POST /FundRequestHistory': { data: [[]] },
    });
    const app = renderApp('/QrCode');
    expect(screen.getByTestId('upi-qr')).toHaveAttribute('src', PNG);
    const checks = () => api.callsTo('POST /checkPaymentStatus').length;
    expect(checks()).toBe(0);
    await tick(2_900);
    expect(checks()).toBe(0);
    await tick(100);
    expect(checks()).toBe(1);
    expect(api.callsTo('POST /checkPaymentStatus')[0]?.body).toEqual({ clientid: 'UP1763800000000DEF456' });
    await tick(3_000);
    expect(checks()).toBe(2);
    await tick(3_000);
    expect(checks()).toBe(3);
    expect(toastTexts()).toContain('Payment Received Successfully !!');
    expect(window.sessionStorage.getItem(UPI_PAYMENT_KEY)).toBeNull();
    await tick(900);
    expect(app.location().pathname).toBe('/QrCode');
    await tick(100);
    expect(app.location().pathname).toBe('/GatewayFundRequestHistory');
    await tick(15_000);
    expect(checks()).toBe(3);
  });

  it('proves polling also stops once the server says the order expired (Sahyog improvement)', async () => {
    vi.useFakeTimers();
    signInMember();
    seedPayment();
    const api = mockApi({ 'POST /checkPaymentStatus': EXPIRED });
    renderApp('/QrCode');
    await tick(3_000);
    expect(toastTexts()).toContain('Time is over. Please Try Again !!');
    await tick(30_000);
    expect(api.callsTo('POST /checkPaymentStatus')).toHaveLength(1);
    expect(screen.getByTestId('qr-status')).toHaveAttribute('data-state', 'closed');
  });

  it('proves /QrCode without a payment in progress polls nothing and links back to the request', () => {
    signInMember();
    const api = mockApi({});
    renderApp('/QrCode');
    expect(screen.getByText('No UPI payment is in progress.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gateway Epin Request' })).toHaveAttribute('href', '/GatewayFundRequest');
    expect(api.calls).toHaveLength(0);
  });
});
