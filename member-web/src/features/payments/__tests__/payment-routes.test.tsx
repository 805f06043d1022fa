import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bankDetails } from './fixtures';

const SCREENS: Array<[string, string]> = [
  ['/OnlineFundRequest', 'Online Epin Request'],
  ['/OnlineFundRequestHistory', 'Online Epin Request History'],
  ['/GatewayFundRequest', 'Gateway Epin Request'],
  ['/GatewayFundRequestHistory', 'Gateway Epin Request History'],
  ['/FundRequestBank', 'Epin Request'],
  ['/FundRequestHistoryBank', 'Epin Request History'],
  ['/QrCode', 'Scan and Pay'],
];

describe('payment routes', () => {
  it.each(SCREENS)(
    'proves %s (a dashboard MENU target or its neighbour) is a built screen with the h1 "%s"',
    async (path, title) => {
      signInMember();
      mockApi({ 'GET /adminBankDetailsByBankid': bankDetails, 'POST /FundRequestHistory': { data: [[]] } });
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
    },
  );

  it('proves the payment screens need a session', async () => {
    const app = renderApp('/GatewayFundRequest');
    await screen.findByRole('heading', { name: 'Member Login' });
    expect(app.location().pathname).toBe('/login');
  });
});
