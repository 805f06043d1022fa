import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';

describe('landing page', () => {
  it('proves the navigation, hero, About blocks, four ecosystem cards and footer of the spec', () => {
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '#home');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '#about');
    expect(within(nav).getByRole('link', { name: 'Platform' })).toHaveAttribute('href', '#platform');
    expect(within(nav).getByRole('link', { name: 'Login/Register' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'HELP BEGINS WITH A SINGLE STEP' })).toBeInTheDocument();
    for (const title of ['About', 'Vision', 'Community in Action', 'Trust and Transparency']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    for (const title of ['Community First', 'Accessible Support', 'Safe and Reliable Aid', 'Grow With Giving']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    const footer = screen.getByRole('contentinfo');
    for (const social of ['Facebook', 'Instagram', 'X', 'YouTube']) {
      expect(within(footer).getByRole('link', { name: social })).toBeInTheDocument();
    }
    for (const link of ['Support', 'Privacy Policy', 'Terms of sales']) {
      expect(within(footer).getByRole('link', { name: link })).toBeInTheDocument();
    }
    expect(footer).toHaveTextContent('© 2025');
  });

  it("proves the Platform tabs switch between 'For members' and 'For volunteers'", async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    const members = screen.getByRole('tab', { name: 'For members' });
    const volunteers = screen.getByRole('tab', { name: 'For volunteers' });
    expect(members).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('activate your id with an e-pin');
    await user.click(volunteers);
    expect(volunteers).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Welcome newcomers');
  });

  it('proves the header changes style only after more than 50 px of scroll', () => {
    renderApp('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 50;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 51;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    act(() => {
      window.scrollY = 0;
      fireEvent.scroll(window);
    });
  });
});
