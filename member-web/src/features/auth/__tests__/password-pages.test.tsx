import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { expectFieldError } from '../../../testing/form-errors';
import { renderApp } from '../../../testing/render-app';

describe('forgot password', () => {
  it("proves an empty user id stops with 'Please Enter User Id !!'", async () => {
    const api = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/ForgotPassword');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await expectFieldError('User Id', 'Please Enter User Id !!');
    expect(api.calls).toHaveLength(0);
  });

  it("proves the JSON string 'Password sent to Email Id' is a success toast", async () => {
    const api = mockApi({ 'POST /ForgetPassword': { data: 'Password sent to Email Id' } });
    const user = userEvent.setup({ delay: null });
    renderApp('/ForgotPassword');
    await user.type(screen.getByLabelText('User Id'), 'x48291399');
    expect(screen.getByLabelText('User Id')).toHaveValue('482913');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password sent to Email Id')).toBeInTheDocument();
    expect(api.callsTo('POST /ForgetPassword')[0]?.body).toEqual({ uid: '482913' });
  });

  it("proves any other answer shows 'Invalid User Id'", async () => {
    mockApi({
      'POST /ForgetPassword': { status: 429, data: { result: 'Too many requests. Please try again later.' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/ForgotPassword');
    await user.type(screen.getByLabelText('User Id'), '999999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid User Id')).toBeInTheDocument();
  });

  it('proves the links to Register, Login and Website', () => {
    renderApp('/ForgotPassword');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute('href', '/');
  });
});

describe('reset password', () => {
  it('proves a matching new password of 6..20 characters is sent with the token and success goes to /login', async () => {
    const api = mockApi({ 'POST /ResetPassword': { data: { result: 'Password Reset Successfully' } } });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/ResetPassword?token=tok-123');
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password Reset Successfully')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(api.callsTo('POST /ResetPassword')[0]?.body).toEqual({ token: 'tok-123', password: 'newpass1' });
  });

  it('proves a short or mismatched password is refused before any call, and a bad token shows the server text', async () => {
    const api = mockApi({ 'POST /ResetPassword': { data: { result: 'Invalid or expired reset link' } } });
    const user = userEvent.setup({ delay: null });
    renderApp('/ResetPassword?token=tok-123');
    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectFieldError('New Password', 'Password must be at least 6 characters');
    await user.type(screen.getByLabelText('New Password'), '6');
    await user.type(screen.getByLabelText('Confirm Password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectFieldError('Confirm Password', 'Confirm Password is not match');
    expect(api.calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid or expired reset link')).toBeInTheDocument();
  });
});
