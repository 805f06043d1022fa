import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider } from 'react-admin';
import { i18nProvider } from '../i18nProvider';
import type { LedgerDigest, LedgerPublicKey, LedgerVerifyResult, SahyogDataProvider } from '../dataProvider';
import { LedgerVerify } from './LedgerVerify';

// Every mocked answer below has the API's shape, field for field: positions are decimal text
// (bigint positions travel as strings), every count and the problem list are always sent. The
// types are the API's (dataProvider.ts), and `satisfies` makes the type check refuse any drift.
const PEM =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';
const publicKey = {
  keyId: '3f2a9c0d5e6b7a81',
  algorithm: 'Ed25519',
  publicKeyPem: PEM,
  current: true,
  keys: [{ keyId: '3f2a9c0d5e6b7a81', algorithm: 'Ed25519', publicKeyPem: PEM, current: true }],
} satisfies LedgerPublicKey;
const digest = {
  position: '1203',
  txId: '88412',
  digest: 'ab'.repeat(32),
  time: '2026-11-24T01:50:00.000Z',
  keyId: '3f2a9c0d5e6b7a81',
  signature: 'c2lnbmF0dXJl',
  statement: 'sahyog-ledger-checkpoint v1\n',
  checkpointPosition: '1204',
} satisfies LedgerDigest;

type LedgerCalls = Pick<SahyogDataProvider, 'verifyLedger' | 'exportLedger' | 'ledgerPublicKey' | 'ledgerDigest'>;

function renderLedgerPage(calls: Partial<LedgerCalls>) {
  const all: LedgerCalls = {
    verifyLedger: vi.fn(async () => {
      throw new Error('not called in this test');
    }),
    exportLedger: vi.fn(async () => {
      throw new Error('not called in this test');
    }),
    ledgerPublicKey: vi.fn(async () => publicKey),
    ledgerDigest: vi.fn(async () => digest),
    ...calls,
  };
  render(
    <AdminContext dataProvider={all as unknown as DataProvider} i18nProvider={i18nProvider}>
      <LedgerVerify />
    </AdminContext>,
  );
  return all;
}

function renderWithVerdict(result: LedgerVerifyResult) {
  const verifyLedger = vi.fn(async () => result);
  renderLedgerPage({ verifyLedger });
  return verifyLedger;
}

describe('LedgerVerify', () => {
  it('shows a green verdict with the counts when the ledger is intact', async () => {
    // Proves: "Verify ledger" runs the check and an ok answer reads as success with its counts.
    const verifyLedger = renderWithVerdict({
      ok: true,
      eventsChecked: 1204,
      streamsChecked: 87,
      checkpointsChecked: 3,
      postingsChecked: 412,
      projections: { tablesCompared: 27, differingRows: 0 },
      firstBad: null,
      problems: [],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Verify ledger' }));

    const verdict = await screen.findByTestId('ledger-result');
    expect(verifyLedger).toHaveBeenCalledTimes(1);
    expect(verdict).toHaveAttribute('data-ok', 'true');
    expect(verdict).toHaveClass('MuiAlert-filledSuccess');
    expect(verdict).toHaveTextContent('Ledger verified: no tampering found');
    expect(verdict).toHaveTextContent('Events checked1204');
    expect(verdict).toHaveTextContent('Streams checked87');
    expect(verdict).toHaveTextContent('Checkpoints checked3');
    expect(verdict).toHaveTextContent('Postings checked412');
    expect(verdict).toHaveTextContent('Read tables rebuilt and compared27');
  });

  it("names a read table's edited row and column, with the rebuild's counts", async () => {
    // Proves: an owner's edit of a read table (issue 21 §1) reads as a failure naming table, key and column.
    const reason =
      'admin_users row (username "auditor"), column role: "superadmin" in the live table, "auditor" rebuilt from the events';
    renderWithVerdict({
      ok: false,
      eventsChecked: 100,
      streamsChecked: 38,
      checkpointsChecked: 1,
      postingsChecked: 31,
      projections: { tablesCompared: 27, differingRows: 2 },
      firstBad: { position: '100', stream_id: 'table:admin_users', reason },
      problems: [{ position: '100', stream_id: 'table:admin_users', reason }],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Verify ledger' }));

    const verdict = await screen.findByTestId('ledger-result');
    expect(verdict).toHaveAttribute('data-ok', 'false');
    expect(verdict).toHaveTextContent('First bad event: #100 in stream table:admin_users');
    expect(verdict).toHaveTextContent(`Reason: ${reason}`);
    expect(verdict).toHaveTextContent('Read tables rebuilt and compared27');
    expect(verdict).toHaveTextContent('Rows differing from their rebuild2');
  });

  it('shows a red verdict naming the first bad event when the ledger is broken', async () => {
    // Proves: a failing answer reads as an error naming the event position, its stream and the reason.
    renderWithVerdict({
      ok: false,
      eventsChecked: 412,
      streamsChecked: 30,
      checkpointsChecked: 1,
      postingsChecked: 12,
      firstBad: {
        position: '377',
        stream_id: 'member-482913',
        reason: 'hash does not match the event content and the previous hash: the event was altered',
      },
      problems: [
        {
          position: '377',
          stream_id: 'member-482913',
          reason: 'hash does not match the event content and the previous hash: the event was altered',
        },
        { position: '391', stream_id: 'level-income-380', reason: 'postings do not sum to zero' },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Verify ledger' }));

    const verdict = await screen.findByTestId('ledger-result');
    expect(verdict).toHaveAttribute('data-ok', 'false');
    expect(verdict).toHaveClass('MuiAlert-filledError');
    expect(verdict).toHaveTextContent('Ledger verification FAILED');
    expect(verdict).toHaveTextContent('First bad event: #377 in stream member-482913');
    expect(verdict).toHaveTextContent(
      'Reason: hash does not match the event content and the previous hash: the event was altered',
    );
    expect(verdict).toHaveTextContent('Postings checked12');
    expect(verdict).toHaveTextContent('#391 level-income-380: postings do not sum to zero');
    // The first bad event is not listed again among the others.
    expect(verdict).not.toHaveTextContent('#377 member-482913');
  });

  it('downloads the NDJSON export under the name the API gives it', async () => {
    // Proves: "Download export" fetches the export and saves it as a file; a refusal shows the API's message.
    const blob = new Blob(['{"position":"1"}\n'], { type: 'application/x-ndjson' });
    const exportLedger = vi.fn(async () => ({ blob, filename: 'sahyog-ledger-2026.ndjson' }));
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderLedgerPage({ exportLedger });

    await userEvent.click(screen.getByRole('button', { name: 'Download export (NDJSON)' }));

    expect(await screen.findByText('Saved sahyog-ledger-2026.ndjson')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual(['sahyog-ledger-2026.ndjson']);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:export');
    click.mockRestore();

    exportLedger.mockRejectedValueOnce(new Error('Forbidden resource'));
    await userEvent.click(screen.getByRole('button', { name: 'Download export (NDJSON)' }));
    expect(await screen.findByText('Could not export the ledger: Forbidden resource')).toBeInTheDocument();
  });

  it('publishes the signing key and the latest signed digest, with a link to save it', async () => {
    // Proves: the page shows the public key (GET /api/ledger/public-key) and the latest signed checkpoint (GET /api/ledger/digest).
    const calls = renderLedgerPage({});

    const panel = await screen.findByTestId('ledger-signing-key');
    expect(calls.ledgerPublicKey).toHaveBeenCalledTimes(1);
    expect(panel).toHaveTextContent('Current key 3f2a9c0d5e6b7a81');
    expect(panel).toHaveTextContent('MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=');
    expect(panel).toHaveTextContent(
      `Latest signed checkpoint: position 1203 at 24 Nov 2026, 7:20 am, digest ${'ab'.repeat(32)}`,
    );
    expect(screen.getByRole('link', { name: 'Save latest digest (JSON)' })).toHaveAttribute(
      'href',
      '/api/ledger/digest',
    );
  });

  it('says so when no checkpoint has been signed yet', async () => {
    renderLedgerPage({ ledgerDigest: vi.fn(async () => null) });
    expect(await screen.findByText('No checkpoint has been signed yet.')).toBeInTheDocument();
  });
});
