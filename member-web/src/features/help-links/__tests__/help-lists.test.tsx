import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyRowsOf, headersOf } from '../../../testing/table';
import { deferred, mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { BLUE, GREEN, linkDetail, phRow, RED } from './fixtures';

describe('pending help lists', () => {
  it('proves /PHRecivePayment loads PhListAll type 1, shows a loading state, then one card per order', async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    const api = mockApi({ 'POST /PhListAll': () => answer.promise });
    renderApp('/PHRecivePayment');
    expect(await screen.findByRole('heading', { name: 'Pending PH Help List' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading Pending PH Help List')).toBeInTheDocument();
    await act(async () => {
      answer.resolve({ data: [[phRow(), phRow({ id: '9002' })]] });
      await answer.promise;
    });
    expect(await screen.findByRole('article', { name: 'PH 9001' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'PH 9002' })).toBeInTheDocument();
    expect(api.callsTo('POST /PhListAll')[0]?.body).toEqual({ uid: '482913', type: '1' });
  });

  it("proves /GHRecivePayment reads 'No Data Found' when empty", async () => {
    signInMember();
    const api = mockApi({ 'POST /GhListAll': { data: [[]] } });
    renderApp('/GHRecivePayment');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('No Data Found');
    expect(screen.getByRole('heading', { name: 'Pending GH Help List' })).toBeInTheDocument();
    expect(api.callsTo('POST /GhListAll')[0]?.body).toEqual({ uid: '482913', type: '1' });
  });
});

describe('received and cancel help lists', () => {
  const PAGES = [
    { path: '/PHRecivePaymentPaid', title: 'Received PH Help List', call: 'POST /PhListAll', type: '2' },
    { path: '/PHRecivePaymentCancel', title: 'Cancel PH Help List', call: 'POST /PhListAll', type: '3' },
    { path: '/GHRecivePaymentPaid', title: 'Received GH Help List', call: 'POST /GhListAll', type: '2' },
    { path: '/GHRecivePaymentCancel', title: 'Cancel GH Help List', call: 'POST /GhListAll', type: '3' },
  ] as const;

  for (const page of PAGES) {
    it(`proves ${page.path} asks ${page.call} type ${page.type} and reads 'No Data Found' when empty`, async () => {
      signInMember();
      const api = mockApi({ [page.call]: { data: [[]] } });
      renderApp(page.path);
      expect(await screen.findByRole('heading', { name: page.title })).toBeInTheDocument();
      expect(await screen.findByTestId('table-empty')).toHaveTextContent('No Data Found');
      expect(api.callsTo(page.call)[0]?.body).toEqual({ uid: '482913', type: page.type });
    });
  }

  it('proves a loading state, then the rows with Pending red, Cancel blue and anything else green', async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    mockApi({ 'POST /PhListAll': () => answer.promise });
    renderApp('/PHRecivePaymentPaid');
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    await act(async () => {
      answer.resolve({
        data: [
          [
            linkDetail({ id: '9001', paidst: 'Received', utrno: 'UTR123456789', pd: '2026-11-24T12:00:00.000Z' }),
            linkDetail({ id: '9002', paidst: 'Pending' }),
            linkDetail({ id: '9003', paidst: 'Cancel' }),
          ],
        ],
      });
      await answer.promise;
    });
    const table = await screen.findByRole('table', { name: 'Received PH Help List' });
    expect(headersOf('Received PH Help List')).toEqual([
      'S.No',
      'Order Id',
      'Amount',
      'Receiver Id',
      'Name',
      'Mobile',
      'UTR Number',
      'Generate Date',
      'Paid Date',
      'Status',
      'Action',
    ]);
    const [first] = bodyRowsOf('Received PH Help List');
    expect(first).toEqual([
      '1',
      '9001',
      '₹4500.00',
      '517204',
      'Ravi Kumar',
      '9876543210',
      'UTR123456789',
      '24 Nov 2026, 3:30 pm',
      '24 Nov 2026, 5:30 pm',
      'Received',
      'View',
    ]);
    const statuses = within(table).getAllByTestId('link-status');
    expect(statuses[0]).toHaveStyle({ color: GREEN });
    expect(statuses[1]).toHaveStyle({ color: RED });
    expect(statuses[2]).toHaveStyle({ color: BLUE });
    expect(within(table).getByRole('link', { name: 'View 9003' })).toHaveAttribute('href', '/PHRecivePaymentId/9003');
  });

  it('proves the GH cancel list shows the sender and the cancel remark', async () => {
    signInMember();
    mockApi({
      'POST /GhListAll': {
        data: [[linkDetail({ id: '9102', sidapprovest: 'Cancel', GH_remark: 'No money arrived' })]],
      },
    });
    renderApp('/GHRecivePaymentCancel');
    await screen.findByRole('link', { name: 'View 9102' });
    expect(headersOf('Cancel GH Help List')).toContain('Sender Id');
    expect(headersOf('Cancel GH Help List')).toContain('Cancel Remark');
    const [row] = bodyRowsOf('Cancel GH Help List');
    expect(row).toContain('482913');
    expect(row).toContain('No money arrived');
    expect(screen.getByTestId('link-status')).toHaveStyle({ color: BLUE });
    expect(screen.getByRole('link', { name: 'View 9102' })).toHaveAttribute('href', '/GHRecivePaymentId/9102');
  });

  it('proves the static /help_list sample shows date, amount and status with no call', async () => {
    signInMember();
    const api = mockApi({});
    renderApp('/help_list');
    await screen.findByRole('table', { name: 'Help List' });
    expect(headersOf('Help List')).toEqual(['S.No', 'Date', 'Amount', 'Status']);
    expect(bodyRowsOf('Help List')[0]).toEqual(['1', '05 Nov 2026', '₹5000.00', 'APPROVED']);
    expect(api.calls).toHaveLength(0);
  });
});
