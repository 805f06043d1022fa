import { adminPasswordProblem } from './admin-password-policy';
import { decideAdminUpdate } from './domain/admin.events';

describe('the admin password policy', () => {
  it('wants at least 12 characters, counted as characters', () => {
    expect(adminPasswordProblem('Admin@123')?.code).toBe('ADMIN.PASSWORD_TOO_SHORT');
    expect(adminPasswordProblem('ab3$-Zk9!pQ')?.code).toBe('ADMIN.PASSWORD_TOO_SHORT');
    expect(adminPasswordProblem('पासवर्ड-सुरक्षित-है')).toBeNull();
  });

  it('refuses a common password whatever its case', () => {
    for (const common of ['qwerty123456', 'QWERTY123456', '1q2w3e4r5t6y', 'Q1W2E3R4T5Y6'])
      expect([common, adminPasswordProblem(common)?.code]).toEqual([common, 'ADMIN.PASSWORD_COMMON']);
    expect(adminPasswordProblem('Operator-own-passphrase')).toBeNull();
  });
});

describe("a superadmin's change of another admin", () => {
  const admin = {
    username: 'helper',
    role: 'support' as const,
    disabled: false,
    credentialVersion: 3,
    sessionEpoch: 4,
    mustChangePassword: false,
    version: 9,
    totp: {
      factorId: null,
      pendingFactorId: null,
      lastStep: null,
      recoveryUsed: [],
      checks: { failures: 0, lastFailedAt: null, lockedUntil: null, succeededAt: null },
    },
  };

  it('moves the session epoch on with a role change or a disable/enable, the credential version with a password', () => {
    expect(decideAdminUpdate(admin, { role: 'auditor', passwordSet: false })).toEqual([
      { type: 'AdminUserUpdated', payload: { role: 'auditor', sessionEpoch: 5 } },
    ]);
    expect(decideAdminUpdate({ ...admin, disabled: true }, { disabled: false, passwordSet: false })).toEqual([
      { type: 'AdminUserUpdated', payload: { disabled: false, sessionEpoch: 5 } },
    ]);
    expect(decideAdminUpdate(admin, { role: 'support', disabled: false, passwordSet: true })).toEqual([
      { type: 'AdminUserUpdated', payload: { role: 'support', disabled: false, credentialVersion: 4 } },
    ]);
    expect(decideAdminUpdate(admin, { role: 'support', disabled: false, passwordSet: false })).toEqual([]);
  });
});
