import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, mockFetch } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

async function menuItemNames(role: AdminRole): Promise<string[]> {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  mockFetch(emptyLists);
  window.location.hash = '#/';
  render(<App />);
  await screen.findByRole('menuitem', { name: /ledger/i });
  const menu = document.querySelector('.RaMenu-open, .RaMenu-closed');
  expect(menu).not.toBeNull();
  return within(menu as HTMLElement)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
}

describe('the mail catcher in the menu', () => {
  it.each(['support', 'approver', 'auditor'] as const)('is not shown to %s (GET /admin-api/mails is superadmin only)', async (role) => {
    // Proves: only a superadmin's menu offers Mails, as the API allows only a superadmin to read them.
    expect(await menuItemNames(role)).not.toContain('Mails');
  });

  it('is shown to a superadmin', async () => {
    expect(await menuItemNames('superadmin')).toContain('Mails');
  });
});
