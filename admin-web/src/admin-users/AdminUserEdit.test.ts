import { describe, expect, it } from 'vitest';
import { toAdminUserUpdate } from './AdminUserEdit';

describe('toAdminUserUpdate', () => {
  it('sends only role and disabled when no new password was typed', () => {
    // Proves: the edit form never sends fields the API forbids (id, username, created_at…) nor an empty password.
    const record = {
      id: 'ravi',
      username: 'ravi',
      role: 'support',
      disabled: true,
      created_at: '2026-11-01',
      new_password: '',
    };
    expect(toAdminUserUpdate(record)).toEqual({ role: 'support', disabled: true });
  });

  it('adds the new password as `password` when one was typed', () => {
    // Proves: a typed new password reaches PUT /admin-api/admin-users/:id as `password`.
    expect(toAdminUserUpdate({ id: 'ravi', role: 'auditor', new_password: 'N3w-secret!' })).toEqual({
      role: 'auditor',
      disabled: false,
      password: 'N3w-secret!',
    });
  });
});
