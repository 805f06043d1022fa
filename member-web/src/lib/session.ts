import { useSyncExternalStore } from 'react';
import { LANGUAGE_KEY } from './i18n';

/**
 * The member's session: one small store persisted in sessionStorage under the single root
 * key `persist:root`, as JSON `{ "auth": AuthState }`. sessionStorage (not localStorage) so a
 * session ends with the tab, as the spec's persisted store does.
 */
export const PERSIST_KEY = 'persist:root';

export interface AuthState {
  isAuth: boolean;
  userId: string;
  username: string;
  jwtToken: string;
  ipAddress: string;
  /** True when an admin opened this session through /AdminLogin ("Log in as"). */
  impersonated: boolean;
}

export const signedOut: AuthState = Object.freeze({
  isAuth: false,
  userId: '',
  username: '',
  jwtToken: '',
  ipAddress: '',
  impersonated: false,
});

type Listener = () => void;
const listeners = new Set<Listener>();
let current: AuthState = readPersisted();

function readPersisted(): AuthState {
  try {
    const raw = window.sessionStorage.getItem(PERSIST_KEY);
    if (!raw) return signedOut;
    const parsed = JSON.parse(raw) as { auth?: Partial<AuthState> };
    const auth = parsed.auth ?? {};
    const state: AuthState = {
      isAuth: auth.isAuth === true,
      userId: typeof auth.userId === 'string' ? auth.userId : '',
      username: typeof auth.username === 'string' ? auth.username : '',
      jwtToken: typeof auth.jwtToken === 'string' ? auth.jwtToken : '',
      ipAddress: typeof auth.ipAddress === 'string' ? auth.ipAddress : '',
      impersonated: auth.impersonated === true,
    };
    // A session without a token cannot call anything protected: treat it as signed out.
    return state.isAuth && state.jwtToken !== '' ? state : signedOut;
  } catch {
    return signedOut;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): AuthState {
  return current;
}

export interface SignIn {
  userId: string;
  username: string;
  jwtToken: string;
  ipAddress?: string;
  impersonated?: boolean;
}

/** Starts a session after a 'Successfull' login (or an admin "Log in as"). */
export function signIn(input: SignIn): void {
  current = {
    isAuth: true,
    userId: input.userId,
    username: input.username,
    jwtToken: input.jwtToken,
    ipAddress: input.ipAddress ?? '',
    impersonated: input.impersonated ?? false,
  };
  window.sessionStorage.setItem(PERSIST_KEY, JSON.stringify({ auth: current }));
  emit();
}

/**
 * Ends the session the way the spec's forced logout does: session and local storage are
 * cleared and the auth state reset (isAuth false; userId, username, jwtToken emptied).
 */
export function signOut(): void {
  // The device's language choice is not part of the session: it survives the clearing.
  const language = window.localStorage.getItem(LANGUAGE_KEY);
  window.sessionStorage.clear();
  window.localStorage.clear();
  if (language !== null) window.localStorage.setItem(LANGUAGE_KEY, language);
  current = signedOut;
  emit();
}

/** Re-reads the persisted session; tests use it after seeding sessionStorage. */
export function reloadSession(): void {
  current = readPersisted();
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): AuthState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
