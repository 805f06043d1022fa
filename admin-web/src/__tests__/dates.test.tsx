import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from '../App';
import { formatDateTime, formatDay } from '../dates';
import { formatDate as memberFormatDate } from '../../../member-web/src/lib/format-date';
import { saveSession } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

describe('dates in the member app’s format, Indian time', () => {
  it("prints an instant as '24 Nov 2026, 1:00 am' in Asia/Kolkata", () => {
    // Proves: 19:30 UTC on 23 Nov is 1:00 am on 24 Nov in India, whatever the browser's zone.
    expect(formatDateTime('2026-11-23T19:30:00.000Z')).toBe('24 Nov 2026, 1:00 am');
    expect(formatDateTime('2026-11-24T06:45:00.000Z')).toBe('24 Nov 2026, 12:15 pm');
    expect(formatDay('2026-11-23T19:30:00.000Z')).toBe('24 Nov 2026');
  });

  it("prints the day exactly as member-web's formatDate does", () => {
    // Proves: same options, same text — a midday instant is the same day in every zone.
    for (const iso of ['2026-11-03T06:30:00.000Z', '2026-01-24T06:30:00.000Z', '2027-12-31T06:30:00.000Z']) {
      expect(formatDay(iso)).toBe(memberFormatDate(iso));
    }
  });

  it('reads an empty value as a dash and anything unreadable as is', () => {
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('shows a list’s dates in that format (events list)', async () => {
    // Proves: the shared DateTimeField is what the lists use: the event recorded at 19:30 UTC reads in Indian time.
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'auditor' });
    const events = (call: RecordedCall) =>
      call.method === 'GET' && call.url.startsWith('/admin-api/events?')
        ? jsonResponse(
            [
              {
                id: '7',
                stream_id: 'member-482913',
                stream_version: 1,
                type: 'MemberRegistered',
                recorded_at: '2026-11-23T19:30:00.000Z',
                hash: 'ab'.repeat(32),
              },
            ],
            { contentRange: 'events 0-0/1' },
          )
        : undefined;
    mockFetch(events, emptyLists);
    window.location.hash = '#/events';
    render(<App />);
    expect(await screen.findByText('24 Nov 2026, 1:00 am')).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-23T19:30/)).toBeNull();
  });
});
