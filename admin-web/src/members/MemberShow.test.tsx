import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { App } from '../App';
import { saveSession } from '../session';
import { emptyLists, jsonResponse, mockFetch } from '../test/fetchMock';
import { actAsPhone } from '../test/phone';

afterEach(() => vi.unstubAllGlobals());

const member = {
  id: '482913',
  uid: '482913',
  name: 'Asha Rao',
  mobile: '9876543210',
  email: 'asha@example.com',
  sponsor: '100001',
  sponsor_name: 'Root Member',
  status: 'Inactive',
  blocked: false,
  registered_at: '2026-11-20T10:00:00.000Z',
  activated_at: null,
  events: [
    { position: 7, type: 'MemberRegistered', recorded_at: '2026-11-20T10:00:00.000Z', payload: { name: 'Asha Rao' } },
    { position: 42, type: 'MemberLoggedIn', recordedAt: '2026-11-21T09:30:00.000Z', payload: {} },
    { position: 19, type: 'DisclaimerAgreed', recorded_at: '2026-11-20T10:05:00.000Z', payload: {} },
  ],
};

describe('MemberShow', () => {
  it("shows the profile, the sponsor with its name and the member's events newest first", async () => {
    // Proves: the member page reads GET /admin-api/members/:uid and lists its events by position, newest first.
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });
    mockFetch((call) => (call.url === '/admin-api/members/482913' ? jsonResponse(member) : undefined), emptyLists);
    window.location.hash = '#/members/482913/show';
    render(<App />);

    const events = await screen.findByRole('table', { name: 'Event history' });
    const types = within(events)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(types).toEqual(['MemberLoggedIn', 'DisclaimerAgreed', 'MemberRegistered']);
    expect(screen.getByText('Root Member')).toBeInTheDocument();
    expect(screen.getByText('100001')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in as' })).toBeInTheDocument();
  });

  it('shows the events on a phone as one block each, newest first, with no table to scroll sideways', async () => {
    // Proves: at 390 px the event history is a list (position, type, time over the payload), not a wide table.
    actAsPhone();
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });
    mockFetch((call) => (call.url === '/admin-api/members/482913' ? jsonResponse(member) : undefined), emptyLists);
    window.location.hash = '#/members/482913/show';
    render(<App />);

    const events = await screen.findByRole('list', { name: 'Event history' });
    expect(screen.queryByRole('table', { name: 'Event history' })).not.toBeInTheDocument();
    const items = within(events).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Position 42 · MemberLoggedIn',
      'Position 19 · DisclaimerAgreed',
      'Position 7 · MemberRegistered',
    ]);
    expect(items[2]).toHaveTextContent('"name": "Asha Rao"');
  });

  it("links to the member's e-pins, income, requests and orders, each list filtered to the member", async () => {
    // Proves: events of other streams are one click away, filtered by the API's own filter names.
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });
    mockFetch((call) => (call.url === '/admin-api/members/482913' ? jsonResponse(member) : undefined), emptyLists);
    window.location.hash = '#/members/482913/show';
    render(<App />);

    const epins = await screen.findByRole('link', { name: 'E-pins' });
    const filterOf = (name: string) => {
      const href = screen.getByRole('link', { name }).getAttribute('href') ?? '';
      return [href.split('?')[0], JSON.parse(new URLSearchParams(href.split('?')[1]).get('filter') ?? '{}')];
    };
    expect(epins).toBeInTheDocument();
    expect(filterOf('E-pins')).toEqual(['#/epins', { owner: '482913' }]);
    expect(filterOf('Level income')).toEqual(['#/level-income', { earner: '482913' }]);
    expect(filterOf('E-pin requests')).toEqual(['#/epin-requests', { uid: '482913' }]);
    expect(filterOf('Payment orders')).toEqual(['#/payment-orders', { uid: '482913' }]);
    expect(filterOf('Help requests')).toEqual(['#/help-requests', { member: '482913' }]);
    expect(filterOf('Help links')).toEqual(['#/help-links', { member: '482913' }]);
    expect(filterOf('Withdrawals')).toEqual(['#/withdrawals', { member: '482913' }]);
  });
});
