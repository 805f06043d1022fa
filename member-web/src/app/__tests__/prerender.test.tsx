import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../prerender';
import { App } from '../app';
import { hydrationPlan } from '../hydration';
import { currentLanguage, i18n, LANGUAGE_KEY, reloadLanguage, type Language } from '../../lib/i18n';

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

/** What the browser has before main.tsx runs: the prerendered markup in #root at that address, its styles in <head>. */
async function prerendered(path: string, language: Language = 'en'): Promise<HTMLElement> {
  const page = await renderPage(path, language);
  reloadLanguage(); // the renderer switched the language to draw the page; the device's choice is back
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.language = language;
  container.innerHTML = page.html;
  const styles = document.createElement('template');
  styles.innerHTML = page.styles;
  document.head.append(...styles.content.childNodes);
  document.body.appendChild(container);
  window.history.pushState({}, '', path);
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

  it('proves a Hindi device gets / and /login prerendered in Hindi and hydrates them without a mismatch', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'hi');
    reloadLanguage();
    // The Hindi texts as the catalogues have them (their wording is not this test's concern).
    const hindi = (key: string) => i18n.t(key, { lng: 'hi' });
    const landing = await prerendered('/', 'hi');
    const heading = screen.getByRole('heading', { level: 1, name: hindi('landing:hero.headline') });
    expect(hindi('landing:hero.headline')).toMatch(/[\u0900-\u097F]/);
    expect(
      hydrationPlan({ pathname: '/', prerenderedIn: landing.dataset.language, language: currentLanguage() }).hydrate,
    ).toBe(true);
    expect(await hydrate(landing)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: hindi('landing:hero.headline') })).toBe(heading);
    act(() => mounted?.root.unmount());
    landing.remove();
    mounted = undefined;

    const login = await prerendered('/login', 'hi');
    expect(screen.getByRole('heading', { name: hindi('auth:loginTitle') })).toBeInTheDocument();
    expect(await hydrate(login)).toEqual([]);
    expect(screen.getByRole('textbox', { name: hindi('auth:userId') })).toBeInTheDocument();
  });

  it('proves a page prerendered in the other language is drawn anew, not hydrated onto mismatching text', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'hi');
    reloadLanguage();
    const english = await prerendered('/login', 'en');
    expect(
      hydrationPlan({ pathname: '/login', prerenderedIn: english.dataset.language, language: currentLanguage() }),
    ).toMatchObject({
      hydrate: false,
    });
    expect(hydrationPlan({ pathname: '/login', prerenderedIn: undefined, language: 'en' }).hydrate).toBe(false);
  });
});
