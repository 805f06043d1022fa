import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { App } from '../App';
import { authProvider } from '../authProvider';
import { readSession, saveSession } from '../session';
import { emptyLists, jsonResponse, mockFetch } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const REQUIRED = {
  statusCode: 403,
  result: 'Please change your password first',
  message: 'Please change your password first',
  code: 'AUTH.PASSWORD_CHANGE_REQUIRED',
};

describe('a one-time password (403 AUTH.PASSWORD_CHANGE_REQUIRED)', () => {
  it('takes the admin to the password page, says why, keeps the session, and lets them in once changed', async () => {
    // Proves: any call answering the code leads to #/password with the reason shown; the change
    // sends { currentPassword, newPassword }, keeps the answer's token and returns to the app.
    saveSession({ token: 'jwt-one-time', username: 'superadmin', role: 'superadmin' });
    let changed = false;
    const { calls } = mockFetch(
      (call) =>
        call.url === '/admin-api/auth/me'
          ? jsonResponse({ username: 'superadmin', role: 'superadmin', mustChangePassword: !changed })
          : undefined,
      (call) => {
        if (call.url !== '/admin-api/auth/password') return undefined;
        changed = true;
        return jsonResponse({
          token: 'jwt-own',
          username: 'superadmin',
          role: 'superadmin',
          mustChangePassword: false,
        });
      },
      (call) => (!changed && call.url.startsWith('/admin-api/') ? jsonResponse(REQUIRED, { status: 403 }) : undefined),
      emptyLists,
    );
    window.location.hash = '#/members';
    render(<App />);

    await waitFor(() => expect(window.location.hash).toBe('#/password'));
    expect(
      await screen.findByText(
        'Your password is a one-time password. Please change your password first: nothing else works until you do.',
      ),
    ).toBeInTheDocument();
    expect(readSession()?.token).toBe('jwt-one-time');

    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'Xk7pQ2mN9vR4tL8wZ3bY' } });
    fireEvent.change(screen.getByLabelText(/^New password \*?$/), { target: { value: 'short-one' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'short-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('password-problem')).toHaveTextContent(
      'The new password must be at least 12 characters',
    );
    expect(calls.filter((c) => c.url === '/admin-api/auth/password')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^New password \*?$/), { target: { value: 'Operator-own-passphrase' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'Operator-own-passphrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(readSession()?.token).toBe('jwt-own'));
    const change = calls.find((c) => c.url === '/admin-api/auth/password');
    expect(change?.body).toEqual({ currentPassword: 'Xk7pQ2mN9vR4tL8wZ3bY', newPassword: 'Operator-own-passphrase' });
    expect(change?.headers.get('Authorization')).toBe('Bearer jwt-one-time');
    await waitFor(() => expect(window.location.hash).not.toBe('#/password'));
  });

  it('shows the API’s refusal of a common password as it says', async () => {
    saveSession({ token: 'jwt-abc', username: 'support', role: 'support' });
    mockFetch(
      (call) =>
        call.url === '/admin-api/auth/me'
          ? jsonResponse({ username: 'support', role: 'support', mustChangePassword: false })
          : undefined,
      (call) =>
        call.url === '/admin-api/auth/password'
          ? jsonResponse(
              {
                statusCode: 400,
                message: 'password is among the most common passwords: choose one nobody else would',
                code: 'ADMIN.PASSWORD_COMMON',
              },
              { status: 400 },
            )
          : undefined,
      emptyLists,
    );
    window.location.hash = '#/password';
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^Current password/), { target: { value: 'Support-old-pass' } });
    fireEvent.change(screen.getByLabelText(/^New password \*?$/), { target: { value: 'qwerty123456' } });
    fireEvent.change(screen.getByLabelText(/^New password again/), { target: { value: 'qwerty123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('password-problem')).toHaveTextContent(
      'password is among the most common passwords: choose one nobody else would',
    );
    expect(screen.queryByText(/one-time password/)).not.toBeInTheDocument();
    expect(readSession()?.token).toBe('jwt-abc');
  });
});

describe('authProvider and the session on the server', () => {
  it('sends a login answering mustChangePassword to the password page', async () => {
    mockFetch(() =>
      jsonResponse({ token: 'jwt-1', username: 'superadmin', role: 'superadmin', mustChangePassword: true }),
    );
    await expect(authProvider.login({ username: 'superadmin', password: 'x' })).resolves.toEqual({
      redirectTo: '/password',
    });
  });

  it('keeps the session on the password-change 403 and redirects there, without logging out', async () => {
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });
    const refusal = authProvider.checkError(new HttpError('Please change your password first', 403, REQUIRED));
    await expect(refusal).rejects.toMatchObject({ logoutUser: false, redirectTo: '/password' });
    expect(readSession()).not.toBeNull();
  });

  it('logout ends the token on the server (POST /admin-api/auth/logout) and forgets it', async () => {
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });
    const { calls } = mockFetch((call) =>
      call.url === '/admin-api/auth/logout' ? jsonResponse({ loggedOut: true }) : undefined,
    );
    await authProvider.logout();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/admin-api/auth/logout', method: 'POST' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer jwt-abc');
    expect(readSession()).toBeNull();
  });

  it('offers Change password and Logout in the user menu; Logout ends the token on the server and shows the login form', async () => {
    saveSession({ token: 'jwt-menu', username: 'support', role: 'support' });
    const { calls } = mockFetch(
      (call) => (call.url === '/admin-api/auth/logout' ? jsonResponse({ loggedOut: true }) : undefined),
      emptyLists,
    );
    window.location.hash = '#/members';
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('menuitem', { name: 'Change password' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/login/));
    const logout = calls.find((c) => c.url === '/admin-api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe('Bearer jwt-menu');
    expect(readSession()).toBeNull();
  });
});
