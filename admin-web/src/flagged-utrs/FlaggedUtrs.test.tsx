import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { listRoute, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const flags = [
  {
    id: 'F2',
    utr: '412345678901',
    member: '517204',
    helpLinkId: 'L0001',
    claimedBy: 'epin-request R100',
    at: '2026-11-23T19:30:00.000Z',
  },
  {
    id: 'F1',
    utr: '998877665544',
    member: '482913',
    epinRequestId: 'R100',
    claimedBy: 'help-link L0003',
    at: '2026-11-22T19:30:00.000Z',
  },
];

describe('flagged UTRs (admin)', () => {
  it('lists each reused UTR with the member, where it was tried (linked) and when', async () => {
    // Proves: a flag on a help link links to that link, one on an e-pin request to that request; dates in Indian time.
    renderAt('auditor', '#/flagged-utrs', listRoute('flagged-utrs', flags));
    const first = (await screen.findByText('412345678901')).closest('tr') as HTMLElement;
    expect(first).toHaveTextContent('517204');
    expect(first).toHaveTextContent('24 Nov 2026, 1:00 am');
    expect(first).toHaveTextContent('epin-request R100');
    expect(screen.getByRole('link', { name: 'Help link L0001' })).toHaveAttribute('href', '#/help-links/L0001/show');
    expect(screen.getByRole('link', { name: 'E-pin request R100' })).toHaveAttribute(
      'href',
      '#/epin-requests/R100/show',
    );
  });
});
