import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { lazyPage, PAGE_SHARED_NAMESPACES } from '../lazy-page';

/** A page whose code arrives when the test says so. */
function deferredPage(text: string) {
  let arrive: () => void = () => {};
  const load = () =>
    new Promise<() => React.JSX.Element>((resolve) => {
      arrive = () => resolve(() => <h1>{text}</h1>);
    });
  return { Page: lazyPage(load, []), arrive: () => arrive() };
}

describe('lazyPage (route-level code splitting)', () => {
  it('proves a page whose code is on the way shows the loading state, then the page', async () => {
    const { Page, arrive } = deferredPage('Split screen');
    render(<Page />);
    expect(screen.getByRole('status')).toContainElement(screen.getByRole('progressbar', { name: 'Loading' }));
    expect(screen.queryByRole('heading', { name: 'Split screen' })).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('heading', { name: 'Split screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('proves a preloaded page draws at once, with no loading state (what hydration of a prerendered page needs)', async () => {
    const { Page, arrive } = deferredPage('Ready screen');
    const preloading = Page.preload();
    arrive();
    await preloading;
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Ready screen' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('proves a chunk that failed to load is fetched again on the next attempt', async () => {
    let calls = 0;
    const Page = lazyPage(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(() => <h1>Back online</h1>);
    }, []);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Back online' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('proves a page is ready only once its catalogues are in too, in the current language', async () => {
    let release: () => void = () => {};
    const loading = vi
      .spyOn(i18n, 'loadNamespaces')
      .mockImplementation(() => new Promise<void>((resolve) => (release = resolve)));
    const Page = lazyPage(() => Promise.resolve(() => <h1>Translated screen</h1>), ['auth']);
    let ready = false;
    const preloading = Page.preload().then(() => {
      ready = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The page's own catalogue and those every page shares (forms' refusals, not-found).
    expect(loading).toHaveBeenCalledWith(['auth', ...PAGE_SHARED_NAMESPACES]);
    expect(ready).toBe(false);
    release();
    await preloading;
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Translated screen' })).toBeInTheDocument();
  });
});
