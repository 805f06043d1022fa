import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format-date';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bodyRowsOf, headersOf } from '../../../testing/table';

const DD = '2026-11-12T08:00:00.000Z';
const ROWS = [
  { row: 1, sid: '482913', uid: '603118', lvl: '1', onamount: '299.00', onrate: '10.00', income: '29.90', dd: DD },
  { row: 2, sid: '482913', uid: '711204', lvl: '2', onamount: '1000.00', onrate: '5.00', income: '50.00', dd: DD },
];

describe('Level Income', () => {
  it('proves the columns S/No., User Id (sid), From Id (uid), Level, Income (₹), Date and the GetIncomeReport call', async () => {
    signInMember();
    const api = mockApi({ 'POST /GetIncomeReport': { data: [ROWS] } });
    renderApp('/LevelIncome');
    expect(await screen.findByText('603118')).toBeInTheDocument();
    expect(headersOf('Level Income')).toEqual(['S/No.', 'User Id', 'From Id', 'Level', 'Income', 'Date']);
    expect(bodyRowsOf('Level Income')).toEqual([
      ['1', '482913', '603118', '1', '₹29.90', formatDate(DD)],
      ['2', '482913', '711204', '2', '₹50.00', formatDate(DD)],
    ]);
    expect(api.callsTo('POST /GetIncomeReport')[0]?.body).toEqual({
      uid: '482913',
      fdate: '',
      tdate: '',
      type: 'LevelIncome',
    });
  });

  it('proves income follows the currency chosen on the dashboard during the visit (USD = INR / 90)', async () => {
    signInMember();
    mockApi({
      'POST /userDashboard': {
        data: [{ uid: '482913', f_name: 'Asha Rao', isagree: '1', Activestatus: 'Active', Net_Balance: '0.00' }],
      },
      'POST /GetIncomeReport': { data: [ROWS] },
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/dashboard');
    await screen.findByTestId('net-balance');
    await user.click(screen.getByRole('button', { name: 'USD' }));
    await app.router.navigate('/LevelIncome');
    await waitFor(() =>
      expect(bodyRowsOf('Level Income')[1]).toEqual(['2', '482913', '711204', '2', '$0.56', formatDate(DD)]),
    );
  });

  it('proves an empty report reads No Data Found', async () => {
    signInMember();
    mockApi({ 'POST /GetIncomeReport': { data: [[]] } });
    renderApp('/LevelIncome');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });
});
