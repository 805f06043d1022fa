import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format-date';
import { deferred, mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bodyRowsOf, headersOf } from '../../../testing/table';
import { mockViewportWidth } from '../../../testing/viewport';

const RED = 'rgb(198, 40, 40)';
const GREEN = 'rgb(27, 127, 58)';
const EE = '2026-11-23T08:30:00.000Z';
const OPEN = {
  row: 1,
  user_id: '482913',
  ticket_id: 'TK0A1B2C3D4E5F',
  query: 'My link expired.\nWhat now?',
  status: 'open',
  reply_message: '',
  ee: EE,
};
const REPLIED = {
  row: 2,
  user_id: '482913',
  ticket_id: 'TK000000000001',
  query: 'Where is my e-pin?',
  status: 'replied',
  reply_message: 'It is in your Unused Epin List.',
  ee: EE,
};

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('/Support (Raise A Query)', () => {
  it('proves the Record table: S.No, User Id, Ticket Id, Query, Status (open red, else green), Reply, Date & Time', async () => {
    signInMember();
    const api = mockApi({ 'POST /UserHelpDeskHistory': { data: [[OPEN, REPLIED]] } });
    renderApp('/Support');
    expect(await screen.findByRole('heading', { name: 'Raise A Query' })).toBeInTheDocument();
    expect(await screen.findByText('Where is my e-pin?')).toBeInTheDocument();
    expect(headersOf('Record')).toEqual(['S.No', 'User Id', 'Ticket Id', 'Query', 'Status', 'Reply', 'Date & Time']);
    expect(bodyRowsOf('Record')).toEqual([
      ['1', '482913', 'TK0A1B2C3D4E5F', 'My link expired.\nWhat now?', 'open', '—', formatDateTime(EE)],
      [
        '2',
        '482913',
        'TK000000000001',
        'Where is my e-pin?',
        'replied',
        'It is in your Unused Epin List.',
        formatDateTime(EE),
      ],
    ]);
    const [open, replied] = screen.getAllByTestId('ticket-status');
    expect(getComputedStyle(open as HTMLElement).color).toBe(RED);
    expect(getComputedStyle(replied as HTMLElement).color).toBe(GREEN);
    expect(api.callsTo('POST /UserHelpDeskHistory')[0]?.body).toEqual({ uid: '482913' });
  });

  it("proves an empty query reads 'Please enter your query' under the box and as a toast, with no call", async () => {
    signInMember();
    const api = mockApi({ 'POST /UserHelpDeskHistory': { data: [[]] } });
    renderApp('/Support');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Please enter your query')).toHaveLength(2);
    expect(screen.getByLabelText('Query')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /Helpdesk_By_User')).toHaveLength(0);
    expect(screen.getByLabelText('Query')).toHaveAttribute('maxlength', '1000');
  });

  it("proves a query reads 'Processing..' in flight, sends {uid, query}, and on 'Successfully send query' clears and reloads the Record", async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    let rows: unknown[] = [];
    const api = mockApi({
      'POST /UserHelpDeskHistory': () => ({ data: [rows] }),
      'POST /Helpdesk_By_User': () => answer.promise,
    });
    renderApp('/Support');
    await screen.findByText('No Data Found');
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: 'My link expired.\nWhat now?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Processing..' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('POST /Helpdesk_By_User')).toHaveLength(1));
    expect(api.callsTo('POST /Helpdesk_By_User')[0]?.body).toEqual({
      uid: '482913',
      query: 'My link expired.\nWhat now?',
    });
    rows = [OPEN];
    await act(async () => {
      answer.resolve({ data: 'Successfully send query' });
      await answer.promise;
    });
    expect(await screen.findByText('Successfully send query')).toBeInTheDocument();
    expect(await screen.findByText('TK0A1B2C3D4E5F')).toBeInTheDocument();
    expect(screen.getByLabelText('Query')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("proves the server's refusal (a limit) is an error toast and the query stays", async () => {
    signInMember();
    const limit = 'You already have 3 queries waiting for a reply. Please wait for an answer.';
    mockApi({ 'POST /UserHelpDeskHistory': { data: [[]] }, 'POST /Helpdesk_By_User': { data: limit } });
    renderApp('/Support');
    await screen.findByText('No Data Found');
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: 'again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(screen.getByLabelText('Query')).toHaveValue('again');
  });

  it('proves the loading state and, on a 390 px phone, one card per ticket with its status on top', async () => {
    restore = mockViewportWidth(390);
    signInMember();
    const list = deferred<{ data: unknown }>();
    mockApi({ 'POST /UserHelpDeskHistory': () => list.promise });
    renderApp('/Support');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await act(async () => {
      list.resolve({ data: [[OPEN, REPLIED]] });
      await list.promise;
    });
    const cards = within(await screen.findByRole('list', { name: 'Record' })).getAllByTestId('card-row');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByTestId('ticket-status')).toHaveTextContent('open');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('proves the screen in Hindi: the status word is translated for display, the reply stays as sent', async () => {
    await i18n.changeLanguage('hi');
    signInMember();
    mockApi({ 'POST /UserHelpDeskHistory': { data: [[REPLIED]] } });
    renderApp('/Support');
    expect(await screen.findByRole('heading', { name: 'प्रश्न पूछें' })).toBeInTheDocument();
    expect(await screen.findByText('It is in your Unused Epin List.')).toBeInTheDocument();
    expect(headersOf('रिकॉर्ड')).toContain('दिनांक और समय');
    expect(screen.getAllByTestId('ticket-status')[0]).toHaveTextContent('उत्तर दिया गया');
    fireEvent.click(screen.getByRole('button', { name: 'जमा करें' }));
    expect(await screen.findAllByText('कृपया अपना प्रश्न लिखें')).toHaveLength(2);
  });
});
