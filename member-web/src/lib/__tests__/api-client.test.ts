import { describe, expect, it, vi } from 'vitest';
import { apiClient, FORCED_LOGOUT_TEXT, ForcedLogoutError, setNavigator } from '../api-client';
import { getSession, PERSIST_KEY, signIn } from '../session';
import { mockApi } from '../../testing/mock-api';

function startSession() {
  signIn({ userId: '482913', username: 'Asha Rao', jwtToken: 'jwt-of-asha' });
  window.localStorage.setItem('display-currency', 'USD');
}

describe('the api client', () => {
  it('proves a 401 answering "Please login to access this resource" clears both storages, resets auth and goes to /login', async () => {
    startSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    mockApi({
      'POST /userDashboard': { status: 401, data: { result: FORCED_LOGOUT_TEXT, message: FORCED_LOGOUT_TEXT } },
    });

    await expect(apiClient.post('/userDashboard', { uid: '482913' })).rejects.toBeInstanceOf(ForcedLogoutError);

    expect(window.sessionStorage.getItem(PERSIST_KEY)).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(getSession()).toMatchObject({ isAuth: false, userId: '', username: '', jwtToken: '' });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('proves the same text in a 200 body (result or message) also forces the logout', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    mockApi({
      'POST /a': { data: { result: FORCED_LOGOUT_TEXT } },
      'POST /b': { data: { message: FORCED_LOGOUT_TEXT } },
    });
    for (const path of ['/a', '/b']) {
      startSession();
      await expect(apiClient.post(path, {})).rejects.toBeInstanceOf(ForcedLogoutError);
      expect(getSession().isAuth).toBe(false);
    }
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('proves a 500 carrying the text still forces the logout', async () => {
    startSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    mockApi({ 'GET /x': { status: 500, data: { message: FORCED_LOGOUT_TEXT } } });
    await expect(apiClient.get('/x')).rejects.toBeInstanceOf(ForcedLogoutError);
    expect(getSession().isAuth).toBe(false);
  });

  it('proves other answers pass through untouched, 4xx bodies included, and carry the bearer token', async () => {
    startSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    const api = mockApi({
      'POST /registrationWeb': { status: 400, data: { statusCode: 400, result: 'User Name is required' } },
    });
    const response = await apiClient.post('/registrationWeb', {});
    expect(response.status).toBe(400);
    expect(response.data).toMatchObject({ result: 'User Name is required' });
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer jwt-of-asha');
    expect(getSession().isAuth).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
