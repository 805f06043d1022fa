import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { loadServerTexts } from '../../../lib/server-text';
import { bodyRowsOf, headersOf } from '../../../testing/table';
import { deferred, mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';

const RED = 'rgb(198, 40, 40)';
const GREEN = 'rgb(27, 127, 58)';
const INSUFFICIENT = 'Insufficiet Funds FOR PAYOUTS REQUEST PH FOR WITHDRAWALS';

function summary(netBalance: string) {
  return { data: [{ uid: '482913', f_name: 'Asha Rao', Net_Balance: netBalance }] };
}

describe('/Withdrawal', () => {
  it('proves the Withdrawal Balance, digits only up to 10, and Please Enter Amount without a call', async () => {
    signInMember();
    const api = mockApi({ 'POST /userDashboard': summary('784.50') });
    renderApp('/Withdrawal');
    expect(await screen.findByRole('heading', { name: 'Withdrawal' })).toBeInTheDocument();
    expect(await screen.findByTestId('withdrawal-balance')).toHaveTextContent('₹784.50');
    expect(screen.getByText('Withdrawal Balance')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Please Enter Amount')).toHaveLength(2); // under the field and as a toast
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /Withdrawal')).toHaveLength(0);

    // Issue 20: "12.5" is kept as typed and refused with its reason, never sent as 125; a paste
    // longer than 10 is not taken and says so.
    const amount = screen.getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '12.5' } });
    expect(amount).toHaveValue('12.5');
    expect(screen.getByText("Enter whole rupees: digits only, no '.' or other characters")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /Withdrawal')).toHaveLength(0);
    fireEvent.change(amount, { target: { value: '500' } });
    fireEvent.change(amount, { target: { value: '123456789012' } });
    expect(amount).toHaveValue('500');
    expect(screen.getByText('At most 10 characters: that was not taken')).toBeInTheDocument();
    expect(screen.getByTestId('withdrawal-gh-notice')).toHaveTextContent('Withdrawal GH assigned within 48 hours.');
  });

  it("proves a request reads 'Processing..' in flight, sends uid and Request_amount, and on 'Done' clears and reloads the balance", async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    let balance = '784.50';
    const api = mockApi({
      'POST /userDashboard': () => summary(balance),
      'POST /Withdrawal': () => answer.promise,
    });
    renderApp('/Withdrawal');
    await screen.findByTestId('withdrawal-balance');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // A confirmation names amount and receiver before anything is sent (issue 20).
    const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(within(sheet).getByTestId('confirm-amount')).toHaveTextContent('₹500.00');
    expect(within(sheet).getByTestId('confirm-receiver')).toHaveTextContent('482913');
    expect(api.callsTo('POST /Withdrawal')).toHaveLength(0);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Processing..' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('POST /Withdrawal')).toHaveLength(1));
    expect(api.callsTo('POST /Withdrawal')[0]?.body).toEqual({ uid: '482913', Request_amount: '500' });
    balance = '284.50';
    await act(async () => {
      answer.resolve({ data: { result: 'Done', code: 'WALLET.DONE' } });
      await answer.promise;
    });
    expect(await screen.findByText('Withdrawal Request Submitted Successfully')).toBeInTheDocument();
    expect(await screen.findByText('₹284.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("proves the server's refusal ('Insufficiet Funds …') is an error toast and the amount stays", async () => {
    signInMember();
    mockApi({
      'POST /userDashboard': summary('50.00'),
      'POST /Withdrawal': { data: { result: INSUFFICIENT, code: 'WALLET.INSUFFICIENT' } },
    });
    renderApp('/Withdrawal');
    await screen.findByTestId('withdrawal-balance');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByText(INSUFFICIENT)).not.toHaveLength(0);
    expect(screen.getByLabelText('Amount')).toHaveValue('100');
  });

  it("proves the server's refusal stands under the field in Hindi on the Hindi screen (issue 20 §6)", async () => {
    await i18n.changeLanguage('hi');
    await loadServerTexts();
    signInMember();
    mockApi({
      'POST /userDashboard': summary('784.50'),
      'POST /Withdrawal': { data: { result: 'Minimum withdrawal amount is 100', code: 'WALLET.BELOW_MINIMUM' } },
    });
    renderApp('/Withdrawal');
    await screen.findByTestId('withdrawal-balance');
    const field = screen.getByLabelText('राशि');
    fireEvent.change(field, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'जमा करें' }));
    fireEvent.click(await screen.findByRole('button', { name: 'पुष्टि करें' }));
    // The field's own message (its accessible description), not only the toast.
    await waitFor(() => expect(field).toHaveAccessibleDescription('न्यूनतम निकासी राशि 100 है'));
    expect(screen.queryByText('Minimum withdrawal amount is 100')).toBeNull();
  });

  it('proves the screen in Hindi keeps the bilingual GH notice', async () => {
    await i18n.changeLanguage('hi');
    signInMember();
    mockApi({ 'POST /userDashboard': summary('0.00') });
    renderApp('/Withdrawal');
    expect(await screen.findByRole('heading', { name: 'निकासी' })).toBeInTheDocument();
    expect(screen.getByText('निकासी योग्य शेष')).toBeInTheDocument();
    const notice = screen.getByTestId('withdrawal-gh-notice');
    expect(notice).toHaveTextContent('निकासी का GH 48 घंटों के भीतर दिया जाएगा।');
    expect(notice).toHaveTextContent('Withdrawal GH assigned within 48 hours.');
  });
});

describe('/WithdrawalHistory', () => {
  it("proves GetIncomeReport type WithdrawalHistory, a loading state and 'No Data Found'", async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    const api = mockApi({ 'POST /GetIncomeReport': () => answer.promise });
    renderApp('/WithdrawalHistory');
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    await act(async () => {
      answer.resolve({ data: [[]] });
      await answer.promise;
    });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('No Data Found');
    expect(api.callsTo('POST /GetIncomeReport')[0]?.body).toEqual({
      uid: '482913',
      fdate: '',
      tdate: '',
      type: 'WithdrawalHistory',
    });
  });

  it('proves the columns, $ amounts, and Paid green / others red', async () => {
    signInMember();
    mockApi({
      'POST /GetIncomeReport': {
        data: [
          [
            {
              row: 1,
              id: 'WD0000000000A1',
              uid: '482913',
              amount: '5000.00',
              admincharge: '0.00',
              payout: '5000.00',
              amount_usd: '55.56',
              admincharge_usd: '0.00',
              remark: '',
              reqDate: '2026-11-20T10:00:00.000Z',
              pd: '2026-11-22T10:00:00.000Z',
              lgd: '2026-11-21T10:00:00.000Z',
              ss: 'Paid',
            },
            {
              row: 2,
              id: 'WD0000000000A2',
              uid: '482913',
              amount: '450.00',
              admincharge: '0.00',
              payout: '450.00',
              amount_usd: '5.00',
              admincharge_usd: '0.00',
              remark: '',
              reqDate: '2026-11-23T10:00:00.000Z',
              pd: '',
              lgd: '',
              ss: 'Requested',
            },
          ],
        ],
      },
    });
    renderApp('/WithdrawalHistory');
    const table = await screen.findByRole('table', { name: 'Withdrawal History' });
    await within(table).findAllByTestId('withdrawal-status');
    expect(headersOf('Withdrawal History')).toEqual([
      'S.No',
      'User Id',
      'Request Amount',
      'Status',
      'Link Generate Date',
      'Paid Date',
    ]);
    expect(bodyRowsOf('Withdrawal History')).toEqual([
      ['1', '482913', '$55.56 (₹5000.00)', 'Paid', '21 Nov 2026', '22 Nov 2026'],
      ['2', '482913', '$5.00 (₹450.00)', 'Requested', '—', '—'],
    ]);
    const [paid, requested] = within(table).getAllByTestId('withdrawal-status');
    expect(paid).toHaveStyle({ color: GREEN });
    expect(requested).toHaveStyle({ color: RED });
  });
});

describe('static wallet pages', () => {
  it('proves /MyWallet links /requestpayout and /mywithdrawals, with its ledger sample and no call', async () => {
    signInMember();
    const api = mockApi({});
    renderApp('/MyWallet');
    expect(await screen.findByRole('heading', { name: 'My Wallet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request Payout' })).toHaveAttribute('href', '/requestpayout');
    expect(screen.getByRole('link', { name: 'My Withdrawals' })).toHaveAttribute('href', '/mywithdrawals');
    expect(headersOf('Wallet Ledger')).toEqual([
      'SR',
      'DATE',
      'TYPE',
      'AMOUNT',
      'STATUS',
      'GH LINKS',
      'GH ACCEPTED',
      'IDS',
    ]);
    expect(bodyRowsOf('Wallet Ledger')[0]?.[4]).toBe('PENDING');
    expect(api.calls).toHaveLength(0);
  });

  it('proves /mywithdrawals lists its sample', async () => {
    signInMember();
    const api = mockApi({});
    renderApp('/mywithdrawals');
    await screen.findByRole('table', { name: 'My Withdrawals' });
    expect(bodyRowsOf('My Withdrawals')).toEqual([['1', '08 Nov 2026', '₹1000.00', 'PENDING']]);
    expect(api.calls).toHaveLength(0);
  });

  it("proves /requestpayout shows a read-only balance and 'Insufficiet Funds FOR PAYOUTS REQUEST PH FOR WITHDRAWALS'", async () => {
    signInMember();
    const api = mockApi({});
    renderApp('/requestpayout');
    expect(await screen.findByLabelText('Available Balance')).toHaveAttribute('readonly');
    fireEvent.change(screen.getByLabelText('Payout Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(INSUFFICIENT)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
