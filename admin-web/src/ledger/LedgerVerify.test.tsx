import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider } from 'react-admin';
import { i18nProvider } from '../i18nProvider';
import type { LedgerVerifyResult } from '../dataProvider';
import { LedgerVerify } from './LedgerVerify';

function renderWithVerdict(result: LedgerVerifyResult) {
  const verifyLedger = vi.fn(async () => result);
  const dataProvider = { verifyLedger } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <LedgerVerify />
    </AdminContext>,
  );
  return verifyLedger;
}

describe('LedgerVerify', () => {
  it('shows a green verdict with the counts when the ledger is intact', async () => {
    // Proves: "Verify ledger" runs the check and an ok answer reads as success with its counts.
    const verifyLedger = renderWithVerdict({ ok: true, eventsChecked: 1204, streamsChecked: 87, checkpointsChecked: 3, firstBad: null });

    await userEvent.click(screen.getByRole('button', { name: 'Verify ledger' }));

    const verdict = await screen.findByTestId('ledger-result');
    expect(verifyLedger).toHaveBeenCalledTimes(1);
    expect(verdict).toHaveAttribute('data-ok', 'true');
    expect(verdict).toHaveClass('MuiAlert-filledSuccess');
    expect(verdict).toHaveTextContent('Ledger verified: no tampering found');
    expect(verdict).toHaveTextContent('Events checked1204');
    expect(verdict).toHaveTextContent('Streams checked87');
    expect(verdict).toHaveTextContent('Checkpoints checked3');
  });

  it('shows a red verdict naming the first bad event when the ledger is broken', async () => {
    // Proves: a failing answer reads as an error naming the event position, its stream and the reason.
    renderWithVerdict({
      ok: false,
      eventsChecked: 412,
      streamsChecked: 30,
      checkpointsChecked: 1,
      postingsChecked: 12,
      firstBad: { position: 377, stream_id: 'member-482913', reason: 'hash mismatch' },
      problems: [
        { position: 377, stream_id: 'member-482913', reason: 'hash mismatch' },
        { position: 391, stream_id: 'epin-77', reason: 'postings do not sum to zero' },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Verify ledger' }));

    const verdict = await screen.findByTestId('ledger-result');
    expect(verdict).toHaveAttribute('data-ok', 'false');
    expect(verdict).toHaveClass('MuiAlert-filledError');
    expect(verdict).toHaveTextContent('Ledger verification FAILED');
    expect(verdict).toHaveTextContent('First bad event: #377 in stream member-482913');
    expect(verdict).toHaveTextContent('Reason: hash mismatch');
    expect(verdict).toHaveTextContent('Postings checked12');
    expect(verdict).toHaveTextContent('#391 epin-77: postings do not sum to zero');
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
    render(
      <AdminContext dataProvider={{ exportLedger } as unknown as DataProvider} i18nProvider={i18nProvider}>
        <LedgerVerify />
      </AdminContext>,
    );

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
});
