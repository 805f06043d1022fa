import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const PEM = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAexample\n-----END PUBLIC KEY-----\n';
const treeHead = {
  treeSize: 1200,
  rootHash: 'a'.repeat(64),
  time: '2026-11-27T20:00:00.000Z',
  keyId: '0123456789abcdef',
  signature: 'c2ln',
  signedMessage: 'sahyog-ledger-tree-head v1\n',
};
const evidence = {
  'GET /ledger/public-key': {
    data: {
      keyId: '0123456789abcdef',
      publicKeyPem: PEM,
      keys: [{ keyId: '0123456789abcdef', publicKeyPem: PEM, current: true }],
    },
  },
  'GET /ledger/tree-head': { data: treeHead },
  'GET /ledger/digest': { data: { position: '41', digest: 'b'.repeat(64) } },
  'GET /network-health': {
    data: {
      queues: { PH: { count: 12, amountRupees: '60000.00' }, GH: { count: 3, amountRupees: '15000.00' } },
      last7Days: { links: 40, amountRupees: '200000.00', ratePercent: 85 },
      asOf: '2026-11-27T20:00:00.000Z',
    },
  },
};

describe('/transparency', () => {
  it('shows, without a login, the public key, the signed tree head to save, the health figures and the checking script', async () => {
    const api = mockApi(evidence);
    renderApp('/transparency');
    expect(await screen.findByRole('heading', { name: 'Transparency' })).toBeInTheDocument();
    expect(await screen.findByTestId('public-key')).toHaveTextContent('BEGIN PUBLIC KEY');
    expect(screen.getByTestId('tree-head')).toHaveTextContent('"treeSize": 1200');
    expect(screen.getByText(/1200 ledger entries, signed/)).toBeInTheDocument();
    expect(screen.getByTestId('health-ph')).toHaveTextContent('12 entries, ₹60000.00');
    expect(screen.getByTestId('health-week')).toHaveTextContent('40 help links, ₹200000.00, 85% of the demand matched');
    expect(screen.getByRole('button', { name: 'Save this tree head' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save the signed digest' })).toBeInTheDocument();
    // The script is docs/ledger-format.md's own.
    expect(screen.getByTestId('check-script')).toHaveTextContent("require('crypto')");
    expect(screen.getByTestId('check-script')).toHaveTextContent('sahyog-ledger-tree-head v1');
    expect(api.calls.every((c) => c.headers.Authorization === undefined)).toBe(true);
  });

  it('says when no tree head is signed yet, and reads in Hindi', async () => {
    await i18n.changeLanguage('hi');
    mockApi({
      ...evidence,
      'GET /ledger/tree-head': { status: 404, data: { message: 'No tree head has been signed yet' } },
    });
    renderApp('/transparency');
    expect(await screen.findByRole('heading', { name: 'पारदर्शिता' })).toBeInTheDocument();
    expect(await screen.findByText('अभी तक कोई रिकॉर्ड हस्ताक्षरित नहीं हुआ है।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'लेजर की सार्वजनिक कुंजी' })).toBeInTheDocument();
  });
});
