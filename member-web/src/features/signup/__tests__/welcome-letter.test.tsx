import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeWelcomeToken, WELCOME_TOKEN_KEY } from '../api/welcome-token';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

describe('welcome letter', () => {
  afterEach(() => window.sessionStorage.clear());

  it("proves the new member's name, user id, email and mobile show, with a Login button to /Login", async () => {
    const api = mockApi({
      'GET /WelcomeDetails': {
        data: { data: [{ f_name: 'Asha Rao', uid: '482913', email: 'asha@example.in', mobile: '9876543210' }] },
      },
    });
    renderApp('/WelcomeLetter?userid=482913');
    const table = await screen.findByRole('table', { name: 'Welcome details' });
    expect(within(table).getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByTestId('welcome-uid')).toHaveTextContent('482913');
    expect(within(table).getByText('asha@example.in')).toBeInTheDocument();
    expect(within(table).getByText('9876543210')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
    expect(api.callsTo('GET /WelcomeDetails')[0]?.params).toEqual({ uid: '482913' });
  });

  it('proves the registering browser sends its welcome token as a header, never in the URL', async () => {
    const api = mockApi({
      'GET /WelcomeDetails': {
        data: { data: [{ f_name: 'Asha Rao', uid: '482913', email: 'asha@example.in', mobile: '9876543210' }] },
      },
    });
    storeWelcomeToken('482913', 'welcome.jwt.token');
    expect(window.sessionStorage.getItem(WELCOME_TOKEN_KEY)).toContain('welcome.jwt.token');
    renderApp('/WelcomeLetter?userid=482913');
    await screen.findByRole('table', { name: 'Welcome details' });
    const call = api.callsTo('GET /WelcomeDetails')[0]!;
    expect(call.headers['X-Welcome-Token']).toBe('welcome.jwt.token');
    expect(call.params).toEqual({ uid: '482913' });
    expect(call.url).not.toContain('welcome.jwt.token');
  });

  it('proves another browser (no token kept) asks without one and shows the masked details', async () => {
    const api = mockApi({
      'GET /WelcomeDetails': {
        data: { data: [{ f_name: 'Asha Rao', uid: '482913', email: 'as**@example.in', mobile: '98******10' }] },
      },
    });
    renderApp('/WelcomeLetter?userid=482913');
    const table = await screen.findByRole('table', { name: 'Welcome details' });
    expect(within(table).getByText('as**@example.in')).toBeInTheDocument();
    expect(api.callsTo('GET /WelcomeDetails')[0]?.headers['X-Welcome-Token']).toBeUndefined();
  });

  it("proves a token kept for another member's id is not sent", async () => {
    const api = mockApi({ 'GET /WelcomeDetails': { data: { data: [] } } });
    storeWelcomeToken('111111', 'someone.elses.token');
    renderApp('/WelcomeLetter?userid=482913');
    await waitFor(() => expect(api.callsTo('GET /WelcomeDetails')).toHaveLength(1));
    expect(api.callsTo('GET /WelcomeDetails')[0]?.headers['X-Welcome-Token']).toBeUndefined();
  });
});
