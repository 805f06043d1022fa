import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { BOOT_LOGIN_ID, holdBootLogin } from '../branding/bootLogin';
import { readSession } from '../session';
import { emptyLists, jsonResponse, mockFetch } from '../test/fetchMock';
import indexHtml from '../../index.html?raw';

/** index.html's early sign-in form, exactly as the page ships it. */
function bootMarkup(): string {
  const match = /<main id="boot-login"[\s\S]*?<\/main>/.exec(indexHtml);
  if (!match) throw new Error('index.html has no <main id="boot-login">');
  return match[0];
}

/** Draws index.html's body as the browser does before any script: the early form, then #root. */
function drawPage(): HTMLFormElement {
  document.body.innerHTML = `${bootMarkup()}<div id="root"></div>`;
  const form = document.querySelector<HTMLFormElement>(`#${BOOT_LOGIN_ID} form`);
  if (!form) throw new Error('no early form');
  return form;
}

/** The login answers an auditor's session; every list is empty. */
function mockLogin() {
  return mockFetch(
    (call) =>
      call.url === '/admin-api/auth/login'
        ? jsonResponse({ token: 'jwt-abc', username: 'asha', role: 'auditor', totpEnabled: false })
        : undefined,
    emptyLists,
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("index.html's early sign-in form (issue 20 §10)", () => {
  it('can never submit itself: a type="button" button, two text fields, POST', () => {
    // Proves: with no script at all, neither a tap nor Enter can send the credentials anywhere (no implicit
    // submission with two fields and no submit button), and a forced submission would not use the URL.
    const form = drawPage();
    expect(form.querySelectorAll('button')).toHaveLength(1);
    expect(form.querySelector('button')).toHaveAttribute('type', 'button');
    expect(form.querySelectorAll('input:not([type=password]), input[type=password]')).toHaveLength(2);
    expect(form.querySelector('input[type=submit]')).toBeNull();
    expect(form.method).toBe('post');
    expect(screen.getByRole('heading', { name: 'Sahyog admin' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
  });

  it('hands what was typed and a press made before the console ran to the console, which signs in', async () => {
    // Proves: typed early, Sign in pressed early (held by the entry module), then the console starts:
    // one login call with the typed credentials, the early form gone, the session saved.
    const form = drawPage();
    holdBootLogin(false);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Username/), 'asha');
    await user.type(screen.getByLabelText(/Password/), 'pw-of-asha');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(form).toHaveAttribute('data-waiting');
    expect(window.location.search).toBe('');

    const { calls } = mockLogin();
    window.location.hash = '#/login';
    render(<App />, { container: document.getElementById('root')! });
    await waitFor(() => expect(readSession()?.token).toBe('jwt-abc'));
    const logins = calls.filter((call) => call.url === '/admin-api/auth/login');
    expect(logins).toHaveLength(1);
    expect(logins[0]?.method).toBe('POST');
    expect(logins[0]?.body).toEqual({ username: 'asha', password: 'pw-of-asha' });
    expect(document.getElementById(BOOT_LOGIN_ID)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('keeps what was typed without a press, and the field being typed in keeps the focus', async () => {
    // Proves: no press, no login; the console's form holds the typed values; the early form is gone.
    drawPage();
    holdBootLogin(false);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Username/), 'asha');
    await user.type(screen.getByLabelText(/Password/), 'half');

    const { calls } = mockLogin();
    window.location.hash = '#/login';
    render(<App />, { container: document.getElementById('root')! });
    await waitFor(() => expect(document.getElementById(BOOT_LOGIN_ID)).toBeNull());
    const password = screen.getByLabelText(/Password/);
    expect(screen.getByLabelText(/Username/)).toHaveValue('asha');
    expect(password).toHaveValue('half');
    expect(password).toHaveFocus();
    expect(calls.filter((call) => call.url === '/admin-api/auth/login')).toHaveLength(0);
  });

  it('is removed at once for a signed-in admin', () => {
    drawPage();
    holdBootLogin(true);
    expect(document.getElementById(BOOT_LOGIN_ID)).toBeNull();
  });
});
