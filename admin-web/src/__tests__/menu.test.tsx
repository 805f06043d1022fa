import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { menuItemNames, renderAppAs } from '../test/menu';

afterEach(() => vi.unstubAllGlobals());

describe('menu by role', () => {
  it('shows an auditor the events, the reports and the ledger, and no members', async () => {
    // Proves: an auditor's back office has events, the reports (e-pins, e-pin requests, payment orders and options, help requests, the PH / GH queue, help links, withdrawals, flagged UTRs, level income, settings, job queues and failed jobs) and the ledger page — no payment double.
    const calls = renderAppAs('auditor');

    expect(await menuItemNames()).toEqual([
      'Events',
      'Four eyes',
      'E-pins',
      'E-pin requests',
      'Payment orders',
      'Payment options',
      'Help requests',
      'PH / GH queue',
      'Help links',
      'Withdrawals',
      'Flagged UTRs',
      'Support tickets',
      'News',
      'Level income',
      'Settings',
      'Job queues',
      'Failed jobs',
      'Ledger',
    ]);
    // Its landing page is the events list, and nothing asks the API for members.
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/admin-api/events?'))).toBe(true));
    expect(calls.some((call) => call.url.startsWith('/admin-api/members'))).toBe(false);
  });

  it('shows a superadmin every resource', async () => {
    // Proves: a superadmin sees members, events, the reports, the payment double, mails, admin users and the ledger page.
    renderAppAs('superadmin');

    expect(await menuItemNames()).toEqual([
      'To do',
      'Members',
      'Events',
      'Four eyes',
      'E-pins',
      'E-pin requests',
      'Payment orders',
      'Payment options',
      'Help requests',
      'PH / GH queue',
      'Help links',
      'Withdrawals',
      'Flagged UTRs',
      'Support tickets',
      'News',
      'Level income',
      'Settings',
      'Payment double',
      'Job queues',
      'Failed jobs',
      'Mails',
      'Admin users',
      'Ledger',
    ]);
  });
});
