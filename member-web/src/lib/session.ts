import { useSyncExternalStore } from 'react';
import { LANGUAGE_KEY } from './i18n';

/**
 * The member's session: one small store persisted under the single root key `persist:root`, as
 * JSON `{ "auth": AuthState }`, in localStorage (decision 0040, against the spec's sessionStorage):
 * an installed app is closed and reopened, and a link opens in a new tab; the session survives both
 * for the token's life and no longer (an expired token reads as signed out). Signing out in one tab
 * signs out the others (the `storage` event). A session an older build left in this tab's
 * sessionStorage is still read, and moved.
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

/** The token's `exp` (seconds since the epoch), or undefined when it has none or is no JWT. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : undefined;
  } catch {
    return undefined;
  }
}

function storedSession(): string | null {
  const kept = window.localStorage.getItem(PERSIST_KEY);
  if (kept) return kept;
  const tab = window.sessionStorage.getItem(PERSIST_KEY);
  if (tab) {
    window.localStorage.setItem(PERSIST_KEY, tab);
    window.sessionStorage.removeItem(PERSIST_KEY);
  }
  return tab;
}

function readPersisted(): AuthState {
  try {
    if (typeof window === 'undefined') return signedOut;
    const raw = storedSession();
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
    // A session without a token cannot call anything protected: treat it as signed out; nor can an expired one.
    if (!state.isAuth || state.jwtToken === '') return signedOut;
    const expiry = tokenExpiry(state.jwtToken);
    return expiry !== undefined && expiry * 1000 <= Date.now() ? signedOut : state;
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
  window.localStorage.setItem(PERSIST_KEY, JSON.stringify({ auth: current }));
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

// Another tab signed in or out: this one follows.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === PERSIST_KEY || event.key === null) reloadSession();
  });

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): AuthState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
