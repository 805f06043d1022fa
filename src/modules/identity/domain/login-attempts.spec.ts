import { decideAdminLogin } from './admin.events';
import { decideAttempt, LoginAddressState, shouldSlowDown } from './login-attempts';

const now = new Date('2026-11-22T10:00:00.000Z');
const policy = { maxFailures: 5, lockoutMinutes: 15 };
const address = (over: Partial<LoginAddressState> = {}): LoginAddressState => ({
  failures: 0,
  lastFailedAt: null,
  lockedUntil: null,
  succeededAt: null,
  ...over,
});

describe('login attempts per (account, address)', () => {
  it('given a clean address, when the password is right, then ok — whatever other addresses did', () => {
    expect(decideAttempt(null, true, now, policy)).toEqual({ outcome: 'ok' });
  });

  it('given four recent failures from this address, when it fails again, then it is locked for the window', () => {
    expect(
      decideAttempt(address({ failures: 4, lastFailedAt: new Date('2026-11-22T09:59:00Z') }), false, now, policy),
    ).toEqual({ outcome: 'failed', failures: 5, lockedUntil: '2026-11-22T10:15:00.000Z' });
  });

  it('given a running lock of this address, then even the right password is refused', () => {
    expect(
      decideAttempt(address({ failures: 5, lockedUntil: new Date('2026-11-22T10:10:00Z') }), true, now, policy),
    ).toEqual({ outcome: 'locked' });
  });

  it('slows down only addresses that never logged in, and only once strangers failed maxFailures times', () => {
    expect(shouldSlowDown(null, 5, policy)).toBe(true);
    expect(shouldSlowDown(null, 4, policy)).toBe(false);
    expect(shouldSlowDown(address({ succeededAt: new Date('2026-11-01T00:00:00Z') }), 50, policy)).toBe(false);
  });

  it('applies the same rule to admins: failures are AdminLoginFailed, the fifth adds AdminLockedOut; a disabled admin gets no token', () => {
    const admin = {
      username: 'support',
      role: 'support' as const,
      disabled: false,
      credentialVersion: 1,
      sessionEpoch: 0,
      mustChangePassword: false,
      version: 3,
    };
    expect(decideAdminLogin(admin, false, address({ failures: 4, lastFailedAt: now }), now, policy, 's1')).toEqual({
      outcome: 'locked',
      events: [
        { type: 'AdminLoginFailed', payload: { failures: 5 } },
        { type: 'AdminLockedOut', payload: { until: '2026-11-22T10:15:00.000Z' } },
      ],
    });
    expect(decideAdminLogin({ ...admin, disabled: true }, true, null, now, policy, 's1')).toEqual({
      outcome: 'refused',
      events: [],
    });
    expect(decideAdminLogin(admin, true, null, now, policy, 's1')).toEqual({
      outcome: 'ok',
      events: [{ type: 'AdminLoggedIn', payload: { sessionId: 's1' } }],
    });
  });
});
