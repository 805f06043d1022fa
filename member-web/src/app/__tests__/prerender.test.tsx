import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../prerender';
import { App } from '../app';

let mounted: { root: Root; container: HTMLElement } | undefined;
afterEach(() => {
  if (mounted) {
    const { root, container } = mounted;
    act(() => root.unmount());
    container.remove();
    mounted = undefined;
  }
  window.history.pushState({}, '', '/');
});

/** What the browser has before main.tsx runs: the prerendered markup in #root at that address. */
async function prerendered(path: string): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = await renderPage(path);
  document.body.appendChild(container);
  window.history.pushState({}, '', path);
  // emotion moves its server-rendered <style> tags into <head> when it starts in the browser,
  // which there happens before hydration (the page is parsed before the module script runs).
  for (const style of container.querySelectorAll('style[data-emotion]')) document.head.appendChild(style);
  return container;
}

async function hydrate(container: HTMLElement): Promise<unknown[]> {
  const errors: unknown[] = [];
  await act(async () => {
    const root = hydrateRoot(container, <App />, { onRecoverableError: (error) => errors.push(error) });
    mounted = { root, container };
  });
  return errors;
}

describe('prerendered pages (issue 10 §2: drawn before the JavaScript runs)', () => {
  it('proves / is prerendered with its content and hydrates onto the same markup without a mismatch', async () => {
    const container = await prerendered('/');
    const heading = screen.getByRole('heading', { level: 1, name: 'HELP BEGINS WITH A SINGLE STEP' });
    expect(screen.getByRole('link', { name: 'Login/Register' })).toHaveAttribute('href', '/login');
    expect(await hydrate(container)).toEqual([]);
    // The same element: React took the prerendered DOM over instead of drawing it again.
    expect(screen.getByRole('heading', { level: 1, name: 'HELP BEGINS WITH A SINGLE STEP' })).toBe(heading);
  });

  it('proves /login is prerendered with its form and, once hydrated, answers input', async () => {
    const container = await prerendered('/login');
    const heading = screen.getByRole('heading', { name: 'Member Login' });
    expect(screen.getByRole('textbox', { name: 'User Id' })).toBeInTheDocument();
    expect(await hydrate(container)).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Member Login' })).toBe(heading);
    const userId = screen.getByRole('textbox', { name: 'User Id' });
    await act(async () => {
      userId.focus();
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(userId, '12ab34');
      userId.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(userId).toHaveValue('1234'); // the page's own handler (digits only) runs: it is live
  });
});
