import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from '../App';
import { emptyLists, mockFetch } from '../test/fetchMock';
import { renderAppAs } from '../test/menu';
import logoUrl from '../branding/sahyog-logo.svg';

afterEach(() => vi.unstubAllGlobals());

describe('Sahyog branding', () => {
  it("shows Sahyog's mark and name on the login page, not react-admin's lock", async () => {
    // Proves: a signed-out admin lands on a login card headed "Sahyog admin" with the logo, then the username / password form.
    mockFetch(emptyLists);
    window.location.hash = '#/login';
    render(<App />);

    expect(await screen.findByRole('heading', { name: 'Sahyog admin' })).toBeInTheDocument();
    expect(screen.getByText('Back office: sign in with your admin account')).toBeInTheDocument();
    const logo = document.querySelector('.RaLogin-avatar img');
    expect(logo).not.toBeNull();
    expect(logo?.getAttribute('src')).toBe(logoUrl);
    expect(document.querySelector('[data-testid="LockIcon"]')).toBeNull();
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
  });

  it("shows Sahyog's mark and name in the app bar", async () => {
    // Proves: the bar of a signed-in admin carries the brand next to the page title.
    renderAppAs('auditor');
    const brand = await screen.findByTestId('sahyog-brand');
    expect(brand).toHaveTextContent('Sahyog admin');
    expect(brand.querySelector('img')).toHaveAttribute('src', logoUrl);
  });
});
