import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { authProvider } from '../authProvider';
import { readSession, saveSession } from '../session';
import { jsonResponse, mockFetch } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

describe('authProvider', () => {
  it('logs in against /admin-api/auth/login and stores the token, username and role', async () => {
    // Proves: a successful login keeps token and role, and getPermissions answers the role.
    const { calls } = mockFetch((call) =>
      call.url === '/admin-api/auth/login'
        ? jsonResponse({ token: 'jwt-abc', username: 'asha', role: 'auditor' })
        : undefined,
    );

    await authProvider.login({ username: 'asha', password: 'secret-pass' });

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { username: 'asha', password: 'secret-pass' } });
    expect(readSession()).toEqual({ token: 'jwt-abc', username: 'asha', role: 'auditor' });
    await expect(authProvider.getPermissions()).resolves.toBe('auditor');
    await expect(authProvider.checkAuth()).resolves.toBeUndefined();
  });

  it('rejects a bad login with a clear message and stores nothing', async () => {
    // Proves: a 401 from the login call is an error for the login form, not a session.
    mockFetch(() => jsonResponse({ message: 'Unauthorized' }, { status: 401 }));

    await expect(authProvider.login({ username: 'asha', password: 'wrong' })).rejects.toThrow('sahyog.auth.invalid');
    expect(readSession()).toBeNull();
  });

  it('logs out on 401 from any call but stays logged in on 403', async () => {
    // Proves: checkError ends the session on 401 only; a 403 keeps the admin logged in.
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });

    await expect(authProvider.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined();
    expect(readSession()).not.toBeNull();

    await expect(authProvider.checkError(new HttpError('Unauthorized', 401))).rejects.toThrow();
    expect(readSession()).toBeNull();
    await expect(authProvider.checkAuth()).rejects.toThrow();
  });
});
