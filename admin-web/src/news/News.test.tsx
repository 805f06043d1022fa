import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type RecordedCall } from '../test/fetchMock';
import { listRoute, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const item = {
  id: 'NW0A1B2C3D4E5F',
  content: 'Maintenance on Sunday.',
  hidden: false,
  publishedAt: '2026-11-23T19:30:00.000Z',
  publishedBy: 'approver',
  updatedAt: '2026-11-23T19:30:00.000Z',
  updatedBy: 'approver',
};

const created = (call: RecordedCall) =>
  call.method === 'POST' && call.url === '/admin-api/news'
    ? jsonResponse({ ...item, id: 'NW000000000009', ...(call.body as object) }, { status: 201 })
    : undefined;

const existing = (call: RecordedCall) => {
  if (call.url !== `/admin-api/news/${item.id}`) return undefined;
  if (call.method === 'GET') return jsonResponse(item);
  if (call.method === 'PUT') return jsonResponse({ ...item, ...(call.body as object) });
  return undefined;
};

describe('news (admin)', () => {
  it('lists news with Shown / Hidden and gives support no Create', async () => {
    renderAt('support', '#/news', listRoute('news', [item, { ...item, id: 'NW2', hidden: true, content: 'Old' }]));
    expect(await screen.findByText('Maintenance on Sunday.')).toBeInTheDocument();
    expect(screen.getAllByText('Hidden').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });

  it('an approver publishes news: an empty text is refused, then { content, hidden } is posted', async () => {
    const { calls } = renderAt('approver', '#/news/create', created);
    await userEvent.type(await screen.findByRole('textbox', { name: /Text/ }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the news content')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByRole('textbox', { name: /Text/ }), 'Paid in 48 h ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      content: 'Paid in 48 h',
      hidden: false,
    });
  }, 90_000);

  it('an approver hides news from the edit page: PUT { content, hidden: true }', async () => {
    const { calls } = renderAt('approver', `#/news/${item.id}`, existing);
    expect(await screen.findByDisplayValue('Maintenance on Sunday.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: /Hidden from members/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      content: 'Maintenance on Sunday.',
      hidden: true,
    });
  });
});
