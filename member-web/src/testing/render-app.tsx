import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { setNavigator } from '../lib/api-client';
import { reloadSession, signIn, type SignIn } from '../lib/session';

/** Renders the whole app at `path` in memory, as a visitor arriving at that address. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => {
    void router.navigate(to, { replace: true });
  });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, location: () => router.state.location };
}

export const MEMBER: SignIn = { userId: '482913', username: 'Asha Rao', jwtToken: 'jwt-of-asha' };

/** Starts a member session as a successful login would. */
export function signInMember(overrides: Partial<SignIn> = {}) {
  signIn({ ...MEMBER, ...overrides });
}

/** Drops any in-memory session left by an earlier test (sessionStorage is cleared after each). */
export function resetSession() {
  reloadSession();
}
