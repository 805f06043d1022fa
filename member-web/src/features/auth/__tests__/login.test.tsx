import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PERSIST_KEY } from '../../../lib/session';
import { mockApi } from '../../../testing/mock-api';
import { expectFieldError } from '../../../testing/form-errors';
import { renderApp } from '../../../testing/render-app';

const SUCCESS = { result: 'Successfull', resultid: '482913', resultusername: 'Asha Rao', token: 'jwt-abc' };

describe('login page', () => {
  it('proves an empty user id or password stops with the spec message and calls nothing', async () => {
    const api = mockApi({ 'POST /login': { data: SUCCESS } });
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // In the toast and under the first empty field.
    await expectFieldError('User Id', 'Please enter both username and password.');
    await user.type(screen.getByLabelText('User Id'), '482913');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Please enter both username and password.')).not.toHaveLength(0);
    await expectFieldError('Password', 'Please enter both username and password.');
    expect(api.calls).toHaveLength(0);
  });

  it('proves a successful login stores the session under persist:root and goes to /Disclaimer', async () => {
    const api = mockApi({ 'POST /login': { data: SUCCESS } });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/login');
    await user.type(screen.getByLabelText('User Id'), '482913');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/Disclaimer'));
    expect(api.callsTo('POST /login')[0]?.body).toEqual({ uid: '482913', password: 'secret12', ipaddress: '' });
    const stored = JSON.parse(window.localStorage.getItem(PERSIST_KEY) ?? '{}');
    expect(stored.auth).toMatchObject({
      isAuth: true,
      userId: '482913',
      username: 'Asha Rao',
      jwtToken: 'jwt-abc',
      ipAddress: '',
    });
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('proves a result other than Successfull shows the server text and keeps the visitor signed out', async () => {
    mockApi({
      'POST /login': { data: { result: 'Invalid User Id or Password', resultid: '', resultusername: '', token: '' } },
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/login');
    await user.type(screen.getByLabelText('User Id'), '482913');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid User Id or Password')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
  });

  it('proves the user id takes digits only, at most 6, and the password at most 20', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/Login');
    const uid = screen.getByLabelText('User Id');
    await user.type(uid, 'a1b2c3d4e5f6g7');
    expect(uid).toHaveValue('123456');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'x'.repeat(25));
    expect(password).toHaveValue('x'.repeat(20));
  });

  it('proves the show/hide toggle reveals the password', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('proves the login page links to registration, forgot password and the website', () => {
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/ForgotPassword');
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute('href', '/');
  });
});
