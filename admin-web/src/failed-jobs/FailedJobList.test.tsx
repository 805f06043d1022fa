import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const failedJob = {
  id: 'mail:mail-7',
  queue: 'mail',
  job_id: 'mail-7',
  name: 'PasswordResetRequested',
  failed_reason: 'SMTP 550 mailbox unavailable',
  attempts_made: 8,
  failed_at: '2026-11-23T10:00:00.000Z',
  data: {},
};

function renderFailedJobsAs(role: AdminRole) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const fetches = mockFetch(
    (call) =>
      call.method === 'GET' && call.url.startsWith('/admin-api/failed-jobs')
        ? jsonResponse([failedJob], { contentRange: 'failed-jobs 0-0/1' })
        : undefined,
    (call) =>
      call.method === 'POST' && call.url === '/admin-api/failed-jobs/mail%3Amail-7/retry'
        ? jsonResponse(failedJob)
        : undefined,
    emptyLists,
  );
  window.location.hash = '#/failed-jobs';
  render(<App />);
  return fetches;
}

describe('FailedJobList', () => {
  it('lists a failed job with its reason and lets a superadmin retry it', async () => {
    // Proves: a job failure is visible in admin (architecture §4) and Retry posts failed-jobs/:id/retry.
    const { calls } = renderFailedJobsAs('superadmin');
    const row = (await screen.findByText('SMTP 550 mailbox unavailable')).closest('tr') as HTMLElement;
    expect(within(row).getByText('mail-7')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.url === '/admin-api/failed-jobs/mail%3Amail-7/retry'),
      ).toBe(true),
    );
    expect(await screen.findByText('Job mail:mail-7 queued again')).toBeInTheDocument();
  });

  it('shows the auditor the failure but no Retry', async () => {
    // Proves: reading failures is for every role; retrying is superadmin only, as the API.
    renderFailedJobsAs('auditor');
    const row = (await screen.findByText('SMTP 550 mailbox unavailable')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
