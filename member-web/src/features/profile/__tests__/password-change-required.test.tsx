import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';

const REQUIRED = {
  statusCode: 403,
  result: 'Please change your password first',
  message: 'Please change your password first',
  code: 'AUTH.PASSWORD_CHANGE_REQUIRED',
};

describe('a one-time password (403 AUTH.PASSWORD_CHANGE_REQUIRED)', () => {
  it('proves any call answering it takes the member to /ChangePassword, says why, and keeps the session; the change clears it', async () => {
    signInMember();
    const api = mockApi({
      'POST /userDashboard': { status: 403, data: REQUIRED },
      'POST /UpdateProfile': {
        data: {
          Result: 'Changes Password Update Successfully',
          result: 'Changes Password Update Successfully',
          token: 'jwt-changed',
        },
      },
    });
    const { location } = renderApp('/dashboard');
    await waitFor(() => expect(location().pathname).toBe('/ChangePassword'));
    expect(location().search).toBe('?required=1');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your password is a one-time password. Please change your password first: nothing else works until you do.',
      ),
    ).toBeInTheDocument();
    expect(getSession()).toMatchObject({ isAuth: true, jwtToken: 'jwt-of-asha' });

    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'OneTime8Chars99' } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Mine@2026' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Mine@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Changes Password Update Successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /UpdateProfile')[0]?.body).toMatchObject({
      type: 'password',
      cpassword: 'OneTime8Chars99',
      password: 'Mine@2026',
    });
    expect(getSession()).toMatchObject({ isAuth: true, jwtToken: 'jwt-changed' });
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(screen.queryByText(/one-time password/)).not.toBeInTheDocument());
  });

  it('proves an ordinary 403 does not move the member anywhere', async () => {
    signInMember();
    mockApi({
      'POST /userDashboard': { status: 403, data: { statusCode: 403, result: 'Access denied for this user id' } },
    });
    const { location } = renderApp('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location().pathname).toBe('/dashboard');
  });
});
