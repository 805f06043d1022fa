import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signInMember } from '../../../testing/render-app';

describe('Not Found', () => {
  it('proves a signed-in member is offered the dashboard', () => {
    signInMember();
    renderApp('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('proves a visitor is offered the login page and the website', () => {
    renderApp('/no-such-page');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
  });
});
