import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { deferred, mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bodyRowsOf, headersOf } from '../../../testing/table';
import { mockViewportWidth } from '../../../testing/viewport';

const newsRows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 1,
    id: `NW${String(i).padStart(12, '0')}`,
    content: i === 0 ? 'Maintenance on Sunday.\nPlease plan ahead.' : `News ${i + 1}`,
    dd: new Date(Date.UTC(2026, 10, 23 - i)).toISOString(),
  }));

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('/News', () => {
  it('proves News and Date, newest first as sent, paged 10 at a time, from GetIncomeReport type news', async () => {
    signInMember();
    const rows = newsRows(12);
    const api = mockApi({ 'POST /GetIncomeReport': { data: [rows] } });
    renderApp('/News');
    expect(await screen.findByRole('heading', { name: 'News' })).toBeInTheDocument();
    expect(await screen.findByText('News 2')).toBeInTheDocument();
    expect(headersOf('News')).toEqual(['S.No', 'News', 'Date']);
    expect(bodyRowsOf('News')[0]).toEqual(['1', 'Maintenance on Sunday.\nPlease plan ahead.', formatDate(rows[0]!.dd)]);
    expect(bodyRowsOf('News')).toHaveLength(10);
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 2 (12 rows)');
    expect(api.callsTo('POST /GetIncomeReport')[0]?.body).toEqual({
      uid: '482913',
      fdate: '',
      tdate: '',
      type: 'news',
    });
  });

  it('proves the loading state, then the empty state', async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    mockApi({ 'POST /GetIncomeReport': () => answer.promise });
    renderApp('/News');
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await act(async () => {
      answer.resolve({ data: [[]] });
      await answer.promise;
    });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('proves a 390 px phone shows cards, and the Hindi screen', async () => {
    restore = mockViewportWidth(390);
    await i18n.changeLanguage('hi');
    signInMember();
    mockApi({ 'POST /GetIncomeReport': { data: [newsRows(2)] } });
    renderApp('/News');
    expect(await screen.findByRole('heading', { name: 'समाचार' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'समाचार' })).getAllByTestId('card-row');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Maintenance on Sunday.');
  });
});
