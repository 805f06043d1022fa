import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { deferred, mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { ghRow, GREEN, phRow, RED, SUMMARY } from './fixtures';

function stubs(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'POST /userDashboard': { data: [SUMMARY] },
    'POST /PhList': { data: [[]] },
    'POST /GhList': { data: [[]] },
    'GET /network-health': { status: 404, data: { result: 'not here yet' } },
    ...routes,
  });
}

describe('dashboard PH and GH logs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("proves empty logs read 'No Pending Data Found', with 'View all PH Help' and the GH link", async () => {
    signInMember();
    const api = stubs();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByTestId('ph-logs-empty')).toHaveTextContent('No Pending Data Found');
    expect(await screen.findByTestId('gh-logs-empty')).toHaveTextContent('No Pending Data Found');
    expect(screen.getByRole('heading', { name: 'PH LOGS' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'GH LOGS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all PH Help' })).toHaveAttribute('href', '/PHRecivePayment');
    expect(screen.getByRole('link', { name: 'View all GH Help' })).toHaveAttribute('href', '/GHRecivePayment');
    expect(api.callsTo('POST /PhList')[0]?.body).toEqual({ uid: '482913' });
    expect(api.callsTo('POST /GhList')[0]?.body).toEqual({ uid: '482913' });
    // The summary figures the logs sit under.
    expect(screen.getByTestId('net-balance')).toHaveTextContent('₹784.50');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('proves a loading state while the logs are on their way', async () => {
    signInMember();
    const ph = deferred<{ data: unknown }>();
    stubs({ 'POST /PhList': () => ph.promise });
    renderApp('/dashboard');
    expect(await screen.findByLabelText('Loading PH LOGS')).toBeInTheDocument();
    await act(async () => {
      ph.resolve({ data: [[]] });
      await ph.promise;
    });
    expect(await screen.findByTestId('ph-logs-empty')).toBeInTheDocument();
  });

  it("proves each card's fields, status colours and View buttons", async () => {
    signInMember();
    stubs({
      'POST /PhList': { data: [[phRow({ ed: '2026-11-25T10:00:00.000Z', sd: '2026-11-24T10:00:00.000Z' })]] },
      'POST /GhList': { data: [[ghRow(), ghRow({ id: '9103', sidapprovest: 'Pending' })]] },
    });
    renderApp('/dashboard');
    const ph = await screen.findByRole('article', { name: 'PH 9001' });
    expect(ph).toHaveTextContent('Link Amount₹4500.00');
    expect(ph).toHaveTextContent('Amount (USDT)50.00 USDT');
    expect(ph).toHaveTextContent('Pay To517204');
    expect(ph).toHaveTextContent('NameRavi Kumar');
    expect(ph).toHaveTextContent('Mobile9876543210');
    expect(ph).toHaveTextContent('Allotment Time24 Nov 2026, 3:30 pm');
    expect(ph).toHaveTextContent('Order Id9001');
    expect(ph).toHaveTextContent('Link Expire in');
    expect(within(ph).getByTestId('link-status')).toHaveStyle({ color: RED });
    expect(within(ph).getByRole('link', { name: 'View 9001' })).toHaveAttribute('href', '/PHRecivePaymentId/9001');

    const gh = screen.getByRole('article', { name: 'GH 9102' });
    expect(gh).toHaveTextContent('From Id603118');
    expect(gh).toHaveTextContent('Amount (USDT)10.00 USDT');
    expect(gh).not.toHaveTextContent('Link Expire in');
    expect(within(gh).getByTestId('link-status')).toHaveStyle({ color: GREEN });
    expect(within(gh).getByRole('link', { name: 'View 9102' })).toHaveAttribute('href', '/GHRecivePaymentId/9102');
    expect(within(screen.getByRole('article', { name: 'GH 9103' })).getByTestId('link-status')).toHaveStyle({
      color: RED,
    });
  });

  it("proves 'Link Expire in' counts days, hours, minutes and seconds on the server's clock and shows 'Completed' at zero", async () => {
    // Only Date and intervals are fake: the screen's look-ups still wait on real timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
    // The device's clock is 3 hours behind the server's; the link expires 1 d 2 h 3 min 4 s after the server's now.
    const serverNow = Date.now() + 3 * 3600_000;
    const expiry = new Date(serverNow + ((26 * 60 + 3) * 60 + 4) * 1000).toISOString();
    const soon = new Date(serverNow + 2000).toISOString();
    signInMember();
    stubs({
      'POST /PhList': {
        data: [[phRow({ ddd: expiry }), phRow({ id: '9002', ddd: soon })]],
        headers: { date: new Date(serverNow).toUTCString() },
      },
    });
    renderApp('/dashboard');
    const long = await screen.findByRole('article', { name: 'PH 9001' });
    const short = screen.getByRole('article', { name: 'PH 9002' });
    // The device's clock disagrees with the `Date` header, so the server's now is taken as the end of the
    // header's second (the latest it can be): the countdown never runs past the server's deadline.
    expect(within(long).getByTestId('link-countdown')).toHaveTextContent('1d 2h 3m 3s');
    expect(within(short).getByTestId('link-countdown')).toHaveTextContent('0d 0h 0m 1s');

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(within(long).getByTestId('link-countdown')).toHaveTextContent('1d 2h 3m 2s');
    expect(within(short).getByTestId('link-countdown')).toHaveTextContent('Completed');
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(within(short).getByTestId('link-countdown')).toHaveTextContent('Completed');
    expect(within(long).getByTestId('link-countdown')).toHaveTextContent('1d 2h 2m 57s');
  });

  it("proves the countdown uses the device's clock to the millisecond when it agrees with the server's Date", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
    signInMember();
    stubs({
      'POST /PhList': {
        data: [[phRow({ ddd: new Date(Date.now() + 65_000).toISOString() })]],
        headers: { date: new Date(Date.now()).toUTCString() },
      },
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('article', { name: 'PH 9001' });
    expect(within(card).getByTestId('link-countdown')).toHaveTextContent('0d 0h 1m 5s');
    await act(async () => {
      vi.advanceTimersByTime(65_000);
    });
    expect(within(card).getByTestId('link-countdown')).toHaveTextContent('Completed');
  });

  it("proves a deadline already past on the server's clock shows 'Completed' at once, though the device's clock is behind", async () => {
    signInMember();
    const serverNow = Date.now() + 2 * 3600_000;
    stubs({
      'POST /PhList': {
        data: [[phRow({ ddd: new Date(serverNow - 60_000).toISOString() })]],
        headers: { date: new Date(serverNow).toUTCString() },
      },
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('article', { name: 'PH 9001' });
    expect(within(card).getByTestId('link-countdown')).toHaveTextContent('Completed');
  });

  it("proves the first PhList row's ed (end date) is its deadline when it has no ddd", async () => {
    signInMember();
    const serverNow = Date.now();
    const { ddd: _ignored, ...withoutDdd } = phRow();
    stubs({
      'POST /PhList': {
        data: [
          [
            {
              ...withoutDdd,
              ed: new Date(serverNow + 2 * 86400_000 + 60_000).toISOString(),
              sd: new Date(serverNow).toISOString(),
            },
          ],
        ],
        headers: { date: new Date(serverNow).toUTCString() },
      },
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('article', { name: 'PH 9001' });
    expect(within(card).getByTestId('link-countdown').textContent).toMatch(/^2d 0h [01]m \d+s$/);
  });

  it('proves the withdrawal GH text shows in English and Hindi, and the dashboard renders in Hindi and back', async () => {
    signInMember();
    stubs();
    renderApp('/dashboard');
    const notice = await screen.findByTestId('withdrawal-gh-notice');
    expect(notice).toHaveTextContent('Withdrawal GH assigned within 48 hours.');
    expect(notice).toHaveTextContent('निकासी का GH 48 घंटों के भीतर दिया जाएगा।');

    await act(async () => {
      await i18n.changeLanguage('hi');
    });
    expect(screen.getByRole('heading', { name: 'PH लॉग' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'सभी PH सहायता देखें' })).toBeInTheDocument();
    expect(screen.getByTestId('ph-logs-empty')).toHaveTextContent('कोई लंबित डेटा नहीं मिला');
    expect(screen.getByTestId('withdrawal-gh-notice')).toHaveTextContent('निकासी का GH 48 घंटों के भीतर दिया जाएगा।');
    expect(screen.getByTestId('withdrawal-gh-notice')).toHaveTextContent('Withdrawal GH assigned within 48 hours.');

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByRole('heading', { name: 'PH LOGS' })).toBeInTheDocument();
    expect(screen.getByTestId('ph-logs-empty')).toHaveTextContent('No Pending Data Found');
  });

  it('proves a PH card counts down in Hindi units', async () => {
    await i18n.changeLanguage('hi');
    signInMember();
    const serverNow = Date.now();
    stubs({
      'POST /PhList': {
        data: [[phRow({ ddd: new Date(serverNow + 3 * 86400_000 + 30_000).toISOString() })]],
        headers: { date: new Date(serverNow).toUTCString() },
      },
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('article', { name: 'PH 9001' });
    expect(within(card).getByTestId('link-countdown').textContent).toMatch(/^3 दिन 0 घंटे 0 मिनट \d+ सेकंड$/);
    expect(card).toHaveTextContent('लिंक समाप्त होगा');
  });
});

describe('dashboard PH LOGS countdown by state', () => {
  it('proves only a Pending PH link counts down: a Paid or Disputed one has no expiry', async () => {
    signInMember();
    stubs({
      'POST /PhList': {
        data: [
          [phRow({ id: '9001', paidst: 'Paid' }), phRow({ id: '9002', paidst: 'Disputed' }), phRow({ id: '9003' })],
        ],
      },
    });
    renderApp('/dashboard');
    const pending = await screen.findByRole('article', { name: 'PH 9003' });
    expect(within(pending).getByTestId('link-countdown')).toBeInTheDocument();
    for (const name of ['PH 9001', 'PH 9002']) {
      const card = screen.getByRole('article', { name });
      expect(within(card).queryByTestId('link-countdown')).toBeNull();
      expect(card).not.toHaveTextContent('Link Expire in');
    }
  });
});

describe('dashboard queue transparency', () => {
  it('proves the PH and GH queue totals, the 7-day matching rate and the member’s own places', async () => {
    signInMember();
    const api = stubs({
      'POST /userDashboard': {
        data: [{ ...SUMMARY, myPhQueuePosition: '4', myPhQueueRupees: '5000.00', myGhQueuePosition: '' }],
      },
      'GET /network-health': {
        data: {
          queues: { PH: { count: 12, amountRupees: '60000.00' }, GH: { count: 7, amountRupees: '41500.00' } },
          last7Days: { links: 9, amountRupees: '40500.00', ratePercent: '83.50' },
          asOf: '2026-11-24T10:00:00.000Z',
        },
      },
    });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Help Queue' });
    expect(within(card).getByTestId('queue-ph')).toHaveTextContent('₹60,000.00 · 12 waiting');
    expect(within(card).getByTestId('queue-gh')).toHaveTextContent('₹41,500.00 · 7 waiting');
    expect(within(card).getByTestId('queue-rate')).toHaveTextContent('83.5%');
    expect(within(card).getByTestId('queue-ph-position')).toHaveTextContent('#4 · ₹5,000.00');
    expect(within(card).queryByTestId('queue-gh-position')).toBeNull();
    expect(api.callsTo('GET /network-health')).toHaveLength(1);
  });

  it('proves the card stays hidden when the totals are not available, and positions hide when absent', async () => {
    signInMember();
    stubs();
    renderApp('/dashboard');
    await screen.findByTestId('ph-logs-empty');
    expect(screen.queryByRole('region', { name: 'Help Queue' })).toBeNull();
  });
});
