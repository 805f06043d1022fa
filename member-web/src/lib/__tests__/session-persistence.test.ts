import { afterEach, describe, expect, it } from 'vitest';
import { getSession, PERSIST_KEY, reloadSession, signIn, signOut, tokenExpiry } from '../session';

/** A JWT-shaped token whose payload carries `exp` (the signature is not checked by the client). */
const token = (exp: number) => `h.${btoa(JSON.stringify({ sub: '482913', exp })).replace(/=+$/, '')}.s`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe("the session survives a new tab and an app restart for the token's life (decision 0040)", () => {
  afterEach(() => {
    signOut();
    window.sessionStorage.clear();
  });

  it('keeps the session in localStorage, where a new tab or a restarted app reads it', () => {
    signIn({ userId: '482913', username: 'Ravi', jwtToken: token(inAnHour()) });
    expect(JSON.parse(window.localStorage.getItem(PERSIST_KEY) ?? '{}')).toMatchObject({
      auth: { isAuth: true, userId: '482913' },
    });
    expect(window.sessionStorage.getItem(PERSIST_KEY)).toBeNull();
  });

  it('reads an expired token as signed out', () => {
    const expired = Math.floor(Date.now() / 1000) - 1;
    window.localStorage.setItem(
      PERSIST_KEY,
      JSON.stringify({ auth: { isAuth: true, userId: '482913', username: 'Ravi', jwtToken: token(expired) } }),
    );
    reloadSession();
    expect(getSession().isAuth).toBe(false);
    expect(tokenExpiry(token(expired))).toBe(expired);
  });

  it('moves a session an older build left in the tab into localStorage', () => {
    window.sessionStorage.setItem(
      PERSIST_KEY,
      JSON.stringify({ auth: { isAuth: true, userId: '482913', username: 'Ravi', jwtToken: token(inAnHour()) } }),
    );
    reloadSession();
    expect(getSession()).toMatchObject({ isAuth: true, userId: '482913' });
    expect(window.localStorage.getItem(PERSIST_KEY)).not.toBeNull();
  });
});
