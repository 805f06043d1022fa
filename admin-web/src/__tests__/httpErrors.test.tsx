import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from '../App';
import { readSession, saveSession } from '../session';
import { jsonResponse, mockFetch } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

function renderMembersAnswering(status: number, message: string) {
  saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });
  mockFetch((call) =>
    call.url.startsWith('/admin-api/') ? jsonResponse({ statusCode: status, message }, { status }) : undefined,
  );
  window.location.hash = '#/members';
  render(<App />);
}

describe('HTTP errors in the running app', () => {
  it('keeps the admin logged in on 403 and shows the API message', async () => {
    // Proves: a 403 from a list shows its message and neither clears the session nor returns to login.
    renderMembersAnswering(403, 'Your role may not do this');

    expect(await screen.findByText('Your role may not do this')).toBeInTheDocument();
    expect(readSession()).not.toBeNull();
    expect(window.location.hash).toBe('#/members');
  });

  it('logs the admin out on 401 and shows the login form', async () => {
    // Proves: a 401 from any call clears the stored session and brings back the login page.
    renderMembersAnswering(401, 'Unauthorized');

    await waitFor(() => expect(window.location.hash).toMatch(/^#\/login/));
    expect(readSession()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
