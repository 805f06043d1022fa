import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuItemNames, renderAppAs } from '../test/menu';

afterEach(() => vi.unstubAllGlobals());

describe('the mail catcher in the menu', () => {
  it.each(['support', 'approver', 'auditor'] as const)(
    'is not shown to %s (GET /admin-api/mails is superadmin only)',
    async (role) => {
      // Proves: only a superadmin's menu offers Mails, as the API allows only a superadmin to read them.
      renderAppAs(role);
      expect(await menuItemNames()).not.toContain('Mails');
    },
  );

  it('is shown to a superadmin', async () => {
    renderAppAs('superadmin');
    expect(await menuItemNames()).toContain('Mails');
  });
});
