import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const settingRows = [
  {
    id: 'levelIncomeRatesBp',
    key: 'levelIncomeRatesBp',
    value: [1000, 500, 300, 200, 200, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50],
    default: [1000, 500, 300, 200, 200, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50],
    changed_at: null,
    changed_by: null,
  },
  {
    id: 'epinPricesPaise',
    key: 'epinPricesPaise',
    value: { EpintypeA: '100000', EpintypeB: '29950' },
    default: { EpintypeA: '100000', EpintypeB: '29900' },
    changed_at: '2026-11-21T10:00:00.000Z',
    changed_by: 'admin:root',
  },
  { id: 'helpAutoApprove', key: 'helpAutoApprove', value: false, default: false, changed_at: null, changed_by: null },
  {
    id: 'matchingIntervalMinutes',
    key: 'matchingIntervalMinutes',
    value: 1,
    default: 5,
    changed_at: '2026-11-22T10:00:00.000Z',
    changed_by: 'admin:root',
  },
  {
    id: 'withdrawalMinRupees',
    key: 'withdrawalMinRupees',
    value: 100,
    default: 100,
    changed_at: null,
    changed_by: null,
  },
  { id: 'phToGhPercent', key: 'phToGhPercent', value: 100, default: 100, changed_at: null, changed_by: null },
];

const settingsList = (call: RecordedCall) =>
  call.method === 'GET' && call.url.startsWith('/admin-api/settings?')
    ? jsonResponse(settingRows, { contentRange: `settings 0-${settingRows.length - 1}/${settingRows.length}` })
    : undefined;

function renderAs(role: AdminRole, hash: string) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const mocked = mockFetch(settingsList, emptyLists);
  window.location.hash = hash;
  render(<App />);
  return mocked;
}

describe('who may issue e-pins and change settings', () => {
  it('gives an auditor the e-pins list without "Issue e-pins"', async () => {
    // Proves: the auditor reads e-pins, but the issue action (approver / superadmin only) is not offered.
    const { calls } = renderAs('auditor', '#/epins');

    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/admin-api/epins?'))).toBe(true));
    expect(await screen.findByRole('textbox', { name: 'Search by number' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue e-pins' })).toBeNull();
  });

  it('gives an approver the "Issue e-pins" action, even before any e-pin exists', async () => {
    // Proves: the issue action appears for a role the API lets issue, also on an empty list.
    renderAs('approver', '#/epins');

    expect(await screen.findByRole('button', { name: 'Issue e-pins' })).toBeInTheDocument();
  });

  it('shows an auditor the settings readably, with no way to edit them', async () => {
    // Proves: settings read as rupees and percents; an auditor has no Edit button, no row link and no edit page.
    renderAs('auditor', '#/settings');

    const row = (await screen.findByText('E-pin prices')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('EpintypeA ₹1,000.00, EpintypeB ₹299.50');
    expect(row).toHaveTextContent('admin:root');
    // Current value and default of the unchanged level rates read the same.
    expect(screen.getAllByText(/^L1 10 %, L2 5 %, L3 3 %/)).toHaveLength(2);
    // The help circle's settings read with their units.
    const rowOf = (name: string) => (screen.getByText(name).closest('tr') as HTMLElement).textContent;
    expect(rowOf('Approve help requests automatically')).toContain('NoNo');
    expect(rowOf('Automatic matching interval')).toContain('1 minute5 minutes');
    expect(rowOf('Smallest withdrawal')).toContain('₹100.00₹100.00');
    expect(rowOf('GH earned by a completed PH')).toContain('100 %100 %');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    await userEvent.click(row);
    expect(window.location.hash).toBe('#/settings');
  });

  it("gives an auditor who opens a setting's edit address the list, not the form", async () => {
    // Proves: without the edit view registered, #/settings/<key> loads no setting and offers no Save.
    const { calls } = renderAs('auditor', '#/settings/levelIncomeRatesBp');

    await screen.findByText('E-pin prices');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Level 1 (%)' })).toBeNull();
    expect(calls.some((call) => call.url === '/admin-api/settings/levelIncomeRatesBp')).toBe(false);
  });

  it('lets a superadmin open a setting from the list', async () => {
    // Proves: for a superadmin each setting row has an Edit link to its edit page.
    renderAs('superadmin', '#/settings');

    await screen.findByText('E-pin prices');
    expect(screen.getAllByRole('link', { name: 'Edit' })).toHaveLength(settingRows.length);
  });
});
