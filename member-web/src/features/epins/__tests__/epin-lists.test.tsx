import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format-date';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bodyRowsOf, headersOf } from '../../../testing/table';

const DD = '2026-11-05T09:30:00.000Z';
const UD = '2026-11-10T12:00:00.000Z';

/** ActivationHistory answers by type, as the contract does: `[ rows ]`. */
function history(byType: Record<number, unknown[]>) {
  return mockApi({
    'POST /ActivationHistory': (call) => ({ data: [byType[(call.body as { type: number }).type] ?? []] }),
  });
}

describe('e-pin lists', () => {
  it('proves /EpinHistory maps type-2 rows to S.No, Epin Number, Epin Amount (by type), Received Date, Epin Status, with a Use link to /Activation', async () => {
    signInMember();
    const api = history({
      2: [
        {
          row: 1,
          pin_owner: '482913',
          pinamnt: '299.00',
          pin: 'K7M3QX9TRWAB',
          dd: DD,
          ss: 'Unused',
          epintype: 'EpintypeB',
        },
        {
          row: 2,
          pin_owner: '482913',
          pinamnt: '1000.00',
          pin: 'P2Z8LM4NBV7C',
          dd: DD,
          ss: 'Unused',
          epintype: 'EpintypeA',
        },
      ],
    });
    renderApp('/EpinHistory');
    expect(await screen.findByText('K7M3QX9TRWAB')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unused Epin List' })).toBeInTheDocument();
    expect(headersOf('Unused Epin List')).toEqual([
      'S.No',
      'Epin Number',
      'Epin Amount',
      'Received Date',
      'Epin Status',
      'Action',
    ]);
    expect(bodyRowsOf('Unused Epin List')).toEqual([
      ['1', 'K7M3QX9TRWAB', '299', formatDate(DD), 'Unused', 'Use'],
      ['2', 'P2Z8LM4NBV7C', '1000', formatDate(DD), 'Unused', 'Use'],
    ]);
    expect(screen.getByRole('link', { name: 'Use K7M3QX9TRWAB' })).toHaveAttribute(
      'href',
      '/Activation?pin=K7M3QX9TRWAB&type=EpintypeB',
    );
    expect(screen.getByRole('link', { name: 'Use P2Z8LM4NBV7C' })).toHaveAttribute(
      'href',
      '/Activation?pin=P2Z8LM4NBV7C&type=EpintypeA',
    );
    expect(api.callsTo('POST /ActivationHistory')[0]?.body).toEqual({
      uid: '482913',
      sid: '482913',
      fdate: '',
      tdate: '',
      type: 2,
    });
  });

  it('proves the Epin Status is red for Used and green otherwise', async () => {
    signInMember();
    history({
      2: [{ row: 1, pin: 'AAAA11112222', dd: DD, ss: 'Unused', epintype: 'EpintypeB' }],
      3: [{ row: 1, pin: 'BBBB11112222', dd: DD, ss: 'Used', epintype: 'EpintypeB', user_by: '517204', ud: UD }],
    });
    const first = renderApp('/EpinHistory');
    expect(await screen.findByText('Unused')).toHaveStyle({ color: 'rgb(27, 127, 58)' });
    first.unmount();
    renderApp('/UsedEpin');
    expect(await screen.findByText('Used')).toHaveStyle({ color: 'rgb(198, 40, 40)' });
  });

  it('proves /UsedEpin adds Used By and Used Date to the type-3 rows', async () => {
    signInMember();
    const api = history({
      3: [
        {
          row: 1,
          pin_owner: '482913',
          pinamnt: '1000.00',
          pin: 'BBBB11112222',
          dd: DD,
          user_by: '517204',
          ud: UD,
          ss: 'Used',
          epintype: 'EpintypeA',
        },
      ],
    });
    renderApp('/UsedEpin');
    expect(await screen.findByText('BBBB11112222')).toBeInTheDocument();
    expect(headersOf('Used Epin List')).toEqual([
      'S.No',
      'Epin Number',
      'Epin Amount',
      'Received Date',
      'Epin Status',
      'Used By',
      'Used Date',
    ]);
    expect(bodyRowsOf('Used Epin List')).toEqual([
      ['1', 'BBBB11112222', '1000', formatDate(DD), 'Used', '517204', formatDate(UD)],
    ]);
    expect((api.callsTo('POST /ActivationHistory')[0]?.body as { type: number }).type).toBe(3);
  });

  it('proves /EpinTransferHistory maps type-4 rows (fromid, Epin, uid, f_name, dd)', async () => {
    signInMember();
    const api = history({
      4: [{ row: 1, fromid: '482913', uid: '517204', f_name: 'Ravi Kumar', Epin: 'CCCC11112222', dd: DD }],
    });
    renderApp('/EpinTransferHistory');
    expect(await screen.findByText('CCCC11112222')).toBeInTheDocument();
    expect(headersOf('Epin Transfer History')).toEqual([
      'S.No',
      'Epin Owner',
      'Epin Number',
      'Transfer To User Id',
      'Transfer To User Name',
      'Transfer Date',
    ]);
    expect(bodyRowsOf('Epin Transfer History')).toEqual([
      ['1', '482913', 'CCCC11112222', '517204', 'Ravi Kumar', formatDate(DD)],
    ]);
    expect((api.callsTo('POST /ActivationHistory')[0]?.body as { type: number }).type).toBe(4);
  });

  it('proves /SubscriptionHistory (Registration History) maps type-1 rows (user_id, f_name, email, mobile, pinnumber, dd)', async () => {
    signInMember();
    const api = history({
      1: [
        {
          row: 1,
          referby: '482913',
          Amount: '299.00',
          user_id: '603118',
          dd: DD,
          pinnumber: 'DDDD11112222',
          f_name: 'Meena Devi',
          email: 'meena@example.org',
          mobile: '9876543210',
        },
      ],
    });
    renderApp('/SubscriptionHistory');
    expect(await screen.findByText('DDDD11112222')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Registration History' })).toBeInTheDocument();
    expect(headersOf('Registration History')).toEqual([
      'S.No',
      'User Id',
      'User Name',
      'Email',
      'Mobile',
      'Epin Number',
      'Registration Date',
    ]);
    expect(bodyRowsOf('Registration History')).toEqual([
      ['1', '603118', 'Meena Devi', 'meena@example.org', '9876543210', 'DDDD11112222', formatDate(DD)],
    ]);
    expect((api.callsTo('POST /ActivationHistory')[0]?.body as { type: number }).type).toBe(1);
  });

  it('proves an empty list reads No Data Found and the screen keeps the member top bar', async () => {
    signInMember();
    history({});
    renderApp('/EpinHistory');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Member navigation' })).toBeInTheDocument();
  });

  it('proves the e-pin screens need a session', async () => {
    const app = renderApp('/EpinTransferHistory');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });
});
