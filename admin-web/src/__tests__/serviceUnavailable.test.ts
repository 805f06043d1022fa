import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { authProvider } from '../authProvider';
import { createQueryClient, retryUnavailable, UNAVAILABLE_RETRIES } from '../queryClient';
import { readSession, saveSession } from '../session';
import { jsonResponse, mockFetch } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

/** Issue 19 §2: a 503 SERVICE.UNAVAILABLE (the server cannot reach PostgreSQL or Redis) never ends the admin's session. */
describe('503 SERVICE.UNAVAILABLE in admin-web', () => {
  it('keeps the session on a 503 from any call', async () => {
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'support' });
    await expect(authProvider.checkError(new HttpError(UNAVAILABLE, 503))).resolves.toBeUndefined();
    expect(readSession()).toEqual({ token: 'jwt-abc', username: 'asha', role: 'support' });
  });

  it('says "temporarily unavailable" on a 503 at login, stores nothing, and the same login works once the server is back', async () => {
    let calls = 0;
    mockFetch(() =>
      ++calls === 1
        ? jsonResponse({ result: UNAVAILABLE, code: 'SERVICE.UNAVAILABLE' }, { status: 503 })
        : jsonResponse({ token: 'jwt-abc', username: 'asha', role: 'auditor' }),
    );
    await expect(authProvider.login({ username: 'asha', password: 'secret-pass' })).rejects.toThrow(
      'sahyog.auth.unavailable',
    );
    expect(readSession()).toBeNull();
    await authProvider.login({ username: 'asha', password: 'secret-pass' });
    expect(readSession()).toMatchObject({ token: 'jwt-abc' });
  });

  it('retries a read that answered 503 (a few times), and no other error', async () => {
    expect(retryUnavailable(0, new HttpError(UNAVAILABLE, 503))).toBe(true);
    expect(retryUnavailable(UNAVAILABLE_RETRIES, new HttpError(UNAVAILABLE, 503))).toBe(false);
    for (const status of [400, 401, 403, 404, 500]) expect(retryUnavailable(0, new HttpError('x', status))).toBe(false);
    let attempts = 0;
    const rows = await createQueryClient().fetchQuery({
      queryKey: ['unavailable-then-back'],
      queryFn: async () => {
        if (++attempts === 1) throw new HttpError(UNAVAILABLE, 503);
        return ['row'];
      },
    });
    expect(rows).toEqual(['row']);
    expect(attempts).toBe(2);
  });
});
