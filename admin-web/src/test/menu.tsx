import { render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, mockFetch } from './fetchMock';

/** The whole app, signed in with this role, on its landing page; every list answers empty. */
export function renderAppAs(role: AdminRole) {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  const { calls } = mockFetch(emptyLists);
  window.location.hash = '#/';
  render(<App />);
  return calls;
}

/** The sidebar menu's item names, once permissions are known ("Ledger" is in every role's menu). */
export async function menuItemNames(): Promise<string[]> {
  await screen.findByRole('menuitem', { name: /ledger/i });
  const menu = document.querySelector('.RaMenu-open, .RaMenu-closed');
  expect(menu).not.toBeNull();
  return within(menu as HTMLElement)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
}
