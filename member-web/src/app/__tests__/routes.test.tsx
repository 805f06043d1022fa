import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signInMember } from '../../testing/render-app';

describe('routes', () => {
  it('proves an unknown address shows Not Found with a link home', () => {
    renderApp('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('proves a signed-in member at an address no screen has sees Not Found with a link to the dashboard', () => {
    signInMember();
    renderApp('/NoSuchMemberScreen');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('proves /Login is the same login page as /login', () => {
    renderApp('/Login');
    expect(screen.getByRole('heading', { name: 'Member Login' })).toBeInTheDocument();
  });

  it('proves the disclaimer page needs a session', async () => {
    const app = renderApp('/Disclaimer');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });
});
