import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { mockApi } from '../../testing/mock-api';
import { apiClient, ServiceUnavailableError, setNavigator } from '../api-client';
import { getSession, signIn } from '../session';

const UNAVAILABLE = {
  statusCode: 503,
  result: 'Service temporarily unavailable. Please try again.',
  code: 'SERVICE.UNAVAILABLE',
};

/** Issue 19 §2: a 503 (the server cannot reach PostgreSQL or Redis) keeps the session and offers a retry. */
describe('a 503 SERVICE.UNAVAILABLE answer', () => {
  function setUp() {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    render(
      <AppProvider>
        <main />
      </AppProvider>,
    );
    signIn({ userId: '482913', username: 'Asha Rao', jwtToken: 'jwt-of-asha' });
    const navigate = vi.fn();
    setNavigator(navigate);
    return navigate;
  }

  it('proves the session stays, a retry is offered, and taking it sends the call again', async () => {
    const navigate = setUp();
    let calls = 0;
    mockApi({
      'POST /userDashboard': () => (++calls === 1 ? { status: 503, data: UNAVAILABLE } : { data: { result: 'ok' } }),
    });
    const answer = apiClient.post('/userDashboard', { uid: '482913' });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await answer).data).toEqual({ result: 'ok' });
    expect(calls).toBe(2);
    expect(getSession()).toMatchObject({ isAuth: true, jwtToken: 'jwt-of-asha' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('proves closing the offer fails the call with ServiceUnavailableError and still keeps the session', async () => {
    const navigate = setUp();
    mockApi({ 'GET /x': { status: 503, data: UNAVAILABLE } });
    const answer = apiClient.get('/x');
    await screen.findByRole('button', { name: 'Retry' });
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await expect(answer).rejects.toBeInstanceOf(ServiceUnavailableError);
    await waitFor(() => expect(getSession().isAuth).toBe(true));
    expect(navigate).not.toHaveBeenCalled();
  });
});
