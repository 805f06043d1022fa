import { describe, expect, it } from 'vitest';
import { shellFileFor, shellPath } from '../shell-files';

describe('which prerendered file draws a route before its code (issue 20)', () => {
  it.each([
    ['/', 'index.html'],
    ['/login', 'login/index.html'],
    ['/Login/', 'login/index.html'],
    ['/signup', 'public.html'],
    ['/SignUp', 'public.html'],
    ['/ForgotPassword', 'public.html'],
    ['/dashboard', 'dashboard.html'],
    ['/Dashboard/', 'dashboard.html'],
    ['/EpinHistory', 'app.html'],
    ['/no-such-page', 'app.html'],
  ])('%s → %s', (path, file) => {
    expect(shellFileFor(path)).toBe(file);
  });

  it('puts every language but English under its code', () => {
    expect(shellPath('app.html', 'en')).toBe('/app.html');
    expect(shellPath('login/index.html', 'hi')).toBe('/hi/login/index.html');
  });
});
