import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { SAVED_TREE_HEAD_KEY } from '../api/statement';

const head = (treeSize: number) => ({
  treeSize,
  rootHash: 'a'.repeat(64),
  time: '2026-11-27T20:00:00.000Z',
  keyId: '0123456789abcdef',
  signature: 'c2lnbmF0dXJl',
  signedMessage: `sahyog-ledger-tree-head v1\nkey 0123456789abcdef\ntree_size ${treeSize}\nroot_hash ${'a'.repeat(64)}\ntime 2026-11-27T20:00:00.000Z\n`,
});

const statement = (treeSize: number, since?: number) => ({
  member: '482913',
  entries: [
    {
      position: '41',
      type: 'EpinIssued',
      time: '2026-11-26T10:00:00.000Z',
      hash: 'b'.repeat(64),
      leafIndex: 40,
      inclusionProof: ['c'.repeat(64)],
      postings: [],
      description: 'Epin issued',
    },
    {
      position: '57',
      type: 'LevelIncomeDistributed',
      time: '2026-11-27T10:00:00.000Z',
      hash: 'd'.repeat(64),
      leafIndex: 56,
      inclusionProof: ['e'.repeat(64)],
      postings: [{ account: 'member:482913:level-income', amountPaise: '10000' }],
      description: 'Level income distributed: level-income +₹100.00',
    },
  ],
  treeHead: head(treeSize),
  ...(since ? { consistencyProof: ['f'.repeat(64)] } : {}),
  omitted: 0,
  pending: [],
});

describe('/MyStatement', () => {
  it('shows the entries in words with the signed tree head, saves the head, and sends it as `since` next time', async () => {
    signInMember();
    const api = mockApi({ 'POST /MyStatement': { data: statement(60) } });
    const first = renderApp('/MyStatement');
    expect(await screen.findByRole('heading', { name: 'My Statement' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('statement-entry');
    // Newest first.
    expect(rows[0]).toHaveTextContent('Level income paid');
    expect(rows[0]).toHaveTextContent('level income +₹100.00');
    expect(rows[1]).toHaveTextContent('E-pin issued');
    expect(screen.getByText(/Signed record of 60 ledger entries/)).toBeInTheDocument();
    expect(api.callsTo('POST /MyStatement')[0]?.body).toEqual({});
    expect(JSON.parse(localStorage.getItem(SAVED_TREE_HEAD_KEY) ?? 'null')).toEqual(head(60));
    first.unmount();

    mockApi({ 'POST /MyStatement': { data: statement(75, 60) } });
    const api2 = mockApi({ 'POST /MyStatement': { data: statement(75, 60) } });
    renderApp('/MyStatement');
    expect(
      await screen.findByText(/It extends the record saved on this device earlier \(60 entries\)/),
    ).toBeInTheDocument();
    expect(api2.callsTo('POST /MyStatement')[0]?.body).toEqual({ since: head(60) });
  });

  it('downloads the statement as the server sent it', async () => {
    signInMember();
    mockApi({ 'POST /MyStatement': { data: statement(60) } });
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:statement';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/MyStatement');
    await userEvent.click(await screen.findByRole('button', { name: 'Download statement (JSON)' }));
    expect(click).toHaveBeenCalled();
    expect(JSON.parse(await blobs[0]!.text())).toEqual(statement(60));
    click.mockRestore();
  });

  it('warns loudly when the ledger does not extend the saved head, and can show the statement without it', async () => {
    signInMember();
    localStorage.setItem(SAVED_TREE_HEAD_KEY, JSON.stringify(head(60)));
    const api = mockApi({
      'POST /MyStatement': (call) =>
        (call.body as { since?: unknown }).since
          ? { status: 409, data: { statusCode: 409, message: 'The ledger does not extend the saved tree head' } }
          : { data: statement(75) },
    });
    renderApp('/MyStatement');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('the ledger does not extend the record saved on this device');
    await userEvent.click(within(alert).getByRole('button', { name: 'Show the statement without the saved record' }));
    expect(await screen.findAllByTestId('statement-entry')).toHaveLength(2);
    expect(api.callsTo('POST /MyStatement').map((c) => c.body)).toEqual([{ since: head(60) }, {}]);
  });

  it('says a failed load failed, with a retry', async () => {
    signInMember();
    let calls = 0;
    mockApi({
      'POST /MyStatement': () =>
        ++calls === 1 ? { status: 500, data: { message: 'Internal server error' } } : { data: statement(60) },
    });
    renderApp('/MyStatement');
    expect(await screen.findByText(/^Your statement could not be loaded\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('statement-entry')).toHaveLength(2));
  });

  it('reads in Hindi', async () => {
    await i18n.changeLanguage('hi');
    signInMember();
    mockApi({ 'POST /MyStatement': { data: statement(60) } });
    renderApp('/MyStatement');
    expect(await screen.findByRole('heading', { name: 'मेरा विवरण' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('statement-entry');
    expect(rows[0]).toHaveTextContent('लेवल आय का भुगतान');
    expect(rows[1]).toHaveTextContent('ई-पिन जारी हुआ');
    expect(screen.getByRole('button', { name: 'विवरण डाउनलोड करें (JSON)' })).toBeInTheDocument();
  });
});
