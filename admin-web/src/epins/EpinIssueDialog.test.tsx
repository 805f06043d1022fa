import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const epin = {
  id: 'B1K2M3N4P5Q6',
  number: 'B1K2M3N4P5Q6',
  type: 'EpintypeB',
  value_paise: '29900',
  owner_uid: '482913',
  status: 'unused',
  issued_at: '2026-11-21T10:00:00.000Z',
  received_at: '2026-11-21T10:00:00.000Z',
  used_for: null,
  used_at: null,
  source_kind: 'admin',
  source_ref: 'asha',
};

const epinList = (call: RecordedCall) =>
  call.method === 'GET' && call.url.startsWith('/admin-api/epins?')
    ? jsonResponse([epin], { contentRange: 'epins 0-0/1' })
    : undefined;

function renderEpinsAs(role: AdminRole, issue: (call: RecordedCall) => Response | undefined = () => undefined) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const mocked = mockFetch(
    (call) => (call.method === 'POST' && call.url === '/admin-api/epins/issue' ? issue(call) : undefined),
    epinList,
    emptyLists,
  );
  window.location.hash = '#/epins';
  render(<App />);
  return mocked;
}

async function fillIssueDialog(owner: string, typeLabel: string, quantity: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Issue e-pins' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /Member id/ }), owner);
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Type/ }), typeLabel);
  const quantityInput = within(dialog).getByRole('spinbutton', { name: /Quantity/ });
  await userEvent.clear(quantityInput);
  await userEvent.type(quantityInput, quantity);
  return dialog;
}

describe('Issue e-pins', () => {
  it('posts {owner, type, quantity}, says how many were issued and refreshes the list', async () => {
    // Proves: the dialog sends exactly the API's body (₹1000 = EpintypeA, quantity as a number), notifies "3 e-pins issued" and re-reads the list.
    const { calls } = renderEpinsAs('approver', () =>
      jsonResponse({ numbers: ['A00000000001', 'A00000000002', 'A00000000003'] }),
    );
    await screen.findByText('B1K2M3N4P5Q6');
    expect(screen.getByText('₹299.00')).toBeInTheDocument();

    const dialog = await fillIssueDialog('482913', '₹1000 (EpintypeA)', '3');
    const listReadsBefore = calls.filter((call) => call.url.startsWith('/admin-api/epins?')).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));

    await screen.findByText('3 e-pins issued');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/admin-api/epins/issue');
    expect(posts[0].body).toEqual({ owner: '482913', type: 'EpintypeA', quantity: 3 });
    expect(posts[0].headers.get('Authorization')).toBe('Bearer jwt-abc');
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/admin-api/epins?')).length).toBeGreaterThan(listReadsBefore),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the API's message when it refuses the issue", async () => {
    // Proves: a 400 from POST /epins/issue is shown with the API's own message and the dialog stays open.
    renderEpinsAs('superadmin', () =>
      jsonResponse({ statusCode: 400, message: 'Member 999999 does not exist' }, { status: 400 }),
    );

    const dialog = await fillIssueDialog('999999', '₹299 (EpintypeB)', '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));

    expect(await screen.findByText('Member 999999 does not exist')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends one Idempotency-Key per dialog opening: a retry reuses it, the next opening has a new one', async () => {
    // Proves: a retry after a failed answer (the API may have issued already) carries the same key, so the API issues once; a new dialog is a new issue.
    let answers = 0;
    const { calls } = renderEpinsAs('approver', () => {
      answers += 1;
      return answers === 1
        ? jsonResponse({ statusCode: 503, message: 'Service unavailable' }, { status: 503 })
        : jsonResponse({ numbers: ['B00000000001'] });
    });
    const dialog = await fillIssueDialog('482913', '₹299 (EpintypeB)', '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Issue' }));
    await screen.findByText('1 e-pin issued');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await fillIssueDialog('482913', '₹299 (EpintypeB)', '1');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const keys = calls.filter((call) => call.method === 'POST').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps Issue disabled until the member id and quantity are valid', async () => {
    // Proves: a 5-digit member id or a quantity above 500 never reaches the API.
    const { calls } = renderEpinsAs('approver');

    const dialog = await fillIssueDialog('48291', '₹299 (EpintypeB)', '501');
    expect(within(dialog).getByRole('button', { name: 'Issue' })).toBeDisabled();
    expect(within(dialog).getByText('A member id is 6 digits, not starting with 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number from 1 to 500')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
