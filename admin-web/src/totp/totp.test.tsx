import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { App } from '../App';
import { authProvider } from '../authProvider';
import { readSession } from '../session';
import { emptyLists, jsonResponse, mockFetch } from '../test/fetchMock';
import { getRoute, listRoute, postRoute, renderAt } from '../test/app';

afterEach(() => vi.unstubAllGlobals());

const TOTP_REQUIRED = {
  statusCode: 401,
  code: 'ADMIN.TOTP_REQUIRED',
  message: 'Enter the 6-digit code from your authenticator app',
  result: 'Enter the 6-digit code from your authenticator app',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abc${i}-defg-hijk`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('two-step sign-in in the authProvider', () => {
  it('rejects the password step of an admin with TOTP on so the form asks for the code, then sends the code', async () => {
    // Proves: ADMIN.TOTP_REQUIRED is not a wrong password; the code goes in `totp` and gives the session.
    const { calls } = mockFetch((call) =>
      call.url === '/admin-api/auth/login'
        ? (call.body as { totp?: string }).totp === '123456'
          ? jsonResponse({ token: 'jwt-abc', username: 'asha', role: 'approver', totpEnabled: true })
          : jsonResponse(TOTP_REQUIRED, { status: 401 })
        : undefined,
    );
    await expect(authProvider.login({ username: 'asha', password: 'pw' })).rejects.toThrow('sahyog.auth.totp_required');
    expect(readSession()).toBeNull();
    await authProvider.login({ username: 'asha', password: 'pw', totp: '123456' });
    expect(calls[1].body).toEqual({ username: 'asha', password: 'pw', totp: '123456' });
    expect(readSession()?.token).toBe('jwt-abc');
  });

  it('names a refused code and a lock-out apart from a wrong password', async () => {
    // Proves: ADMIN.TOTP_INVALID and ADMIN.LOCKED_OUT reach the form as their own messages.
    mockFetch(() => jsonResponse({ statusCode: 401, code: 'ADMIN.TOTP_INVALID', message: 'x' }, { status: 401 }));
    await expect(authProvider.login({ username: 'a', password: 'p', totp: '1' })).rejects.toThrow(
      'sahyog.auth.totp_invalid',
    );
    vi.unstubAllGlobals();
    mockFetch(() => jsonResponse({ statusCode: 401, code: 'ADMIN.LOCKED_OUT', message: 'x' }, { status: 401 }));
    await expect(authProvider.login({ username: 'a', password: 'p' })).rejects.toThrow('sahyog.auth.locked_out');
  });

  it('sends an admin who must enrol to the enrolment screen, still signed in', async () => {
    // Proves: login's totpEnrolmentRequired and any later 403 ADMIN.TOTP_ENROLMENT_REQUIRED lead to /totp without a logout.
    mockFetch(() => jsonResponse({ token: 'jwt', username: 'asha', role: 'support', totpEnrolmentRequired: true }));
    await expect(authProvider.login({ username: 'asha', password: 'pw' })).resolves.toEqual({ redirectTo: '/totp' });
    const refusal = new HttpError('Set up…', 403, { code: 'ADMIN.TOTP_ENROLMENT_REQUIRED' });
    await expect(authProvider.checkError(refusal)).rejects.toMatchObject({ redirectTo: '/totp', logoutUser: false });
    expect(readSession()).not.toBeNull();
  });
});

describe('the login page', () => {
  it('asks for the 6-digit code after the password, and signs in with it', async () => {
    // Proves: the code step appears after ADMIN.TOTP_REQUIRED and the second request carries username, password and code.
    const user = userEvent.setup();
    const { calls } = mockFetch(
      (call) =>
        call.url === '/admin-api/auth/login'
          ? (call.body as { totp?: string }).totp
            ? jsonResponse({ token: 'jwt-abc', username: 'asha', role: 'auditor', totpEnabled: true })
            : jsonResponse(TOTP_REQUIRED, { status: 401 })
          : undefined,
      emptyLists,
    );
    window.location.hash = '#/login';
    render(<App />);
    await user.type(await screen.findByLabelText(/Username/), 'asha');
    await user.type(screen.getByLabelText(/Password/), 'pw-of-asha');
    await user.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(readSession()?.token).toBe('jwt-abc'));
    const logins = calls.filter((call) => call.url === '/admin-api/auth/login');
    expect(logins.at(-1)?.body).toEqual({ username: 'asha', password: 'pw-of-asha', totp: '654321' });
  });
});

describe('the enrolment screen', () => {
  it('shows the QR and the key, confirms a code and shows the recovery codes once', async () => {
    // Proves: set-up → QR image and the key as text → the code confirmed → the ten recovery codes with copy and download.
    const user = userEvent.setup();
    const { calls } = renderAt(
      'approver',
      '#/totp',
      getRoute('auth/totp', { enabled: false, enrolmentRequired: true }),
      postRoute('auth/totp/setup', () =>
        jsonResponse({
          secret: SECRET,
          otpauthUrl: 'otpauth://totp/x',
          qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ),
      postRoute('auth/totp/enable', () => jsonResponse({ enabled: true, recoveryCodes: CODES })),
    );
    expect(
      await screen.findByText('Set up two-step sign-in with an authenticator app before you continue'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByTestId('totp-secret').textContent?.replace(/\s/g, '')).toBe(SECRET);
    await user.type(screen.getByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/admin-api/auth/totp/enable')?.body).toEqual({ code: '123456' });
  });

  it('opens from the user menu, which closes', async () => {
    // Proves: every role reaches the screen through the user menu's "Two-step sign-in", and the menu does not stay over the page.
    const user = userEvent.setup();
    renderAt('auditor', '#/', getRoute('auth/totp', { enabled: false, enrolmentRequired: false }));
    await user.click(await screen.findByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two-step sign-in' }));
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Two-step sign-in' })).toBeNull());
  });

  it('turns two-step sign-in off with a code', async () => {
    // Proves: an admin with the factor on sees it on and can turn it off with a code.
    const user = userEvent.setup();
    let enabled = true;
    const { calls } = renderAt(
      'support',
      '#/totp',
      (call) => (call.url === '/admin-api/auth/totp' ? jsonResponse({ enabled, enrolmentRequired: false }) : undefined),
      postRoute('auth/totp/disable', () => {
        enabled = false;
        return jsonResponse({ enabled: false });
      }),
    );
    expect(await screen.findByText('Two-step sign-in is on.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/admin-api/auth/totp/disable')?.body).toEqual({ code: 'abcd-efgh-ijkl' });
  });
});

describe('the admin users list', () => {
  it('lets a superadmin reset an admin’s two-step sign-in', async () => {
    // Proves: the reset action shows on an admin with TOTP on, asks for confirmation and posts reset-totp.
    const user = userEvent.setup();
    const { calls } = renderAt(
      'superadmin',
      '#/admin-users',
      listRoute('admin-users', [
        { id: 'ravi', username: 'ravi', role: 'approver', disabled: false, totp_enabled: true },
        { id: 'meena', username: 'meena', role: 'support', disabled: false, totp_enabled: false },
      ]),
      postRoute('admin-users/ravi/reset-totp', () => jsonResponse({ id: 'ravi', totpEnabled: false })),
    );
    const buttons = await screen.findAllByRole('button', { name: 'Reset two-step sign-in' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.url === '/admin-api/admin-users/ravi/reset-totp'),
      ).toBe(true),
    );
  });
});
