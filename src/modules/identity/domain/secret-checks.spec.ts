import { decideSecretCheck, SECRET_CHECK_OUTCOME, SecretCheckState, secretChecksLocked } from './secret-checks';

const now = new Date('2026-11-22T10:00:00.000Z');
const policy = { maxFailures: 5, lockoutMinutes: 15 };
const state = (over: Partial<SecretCheckState> = {}): SecretCheckState => ({
  failures: 0,
  lastFailedAt: null,
  lockedUntil: null,
  ...over,
});
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('wrong current passwords in signed-in calls (decision 0029)', () => {
  it('given no failures, when the secret is right, then ok and nothing is written', () => {
    expect(decideSecretCheck('transaction', null, true, now, policy)).toEqual({ outcome: 'ok', events: [] });
  });

  it('given no failures, when the secret is wrong, then the first failure of that secret is an event', () => {
    expect(decideSecretCheck('password', null, false, now, policy)).toEqual({
      outcome: 'failed',
      events: [{ type: 'SecretCheckFailed', payload: { kind: 'password', failures: 1 } }],
    });
  });

  it('given four recent failures, when the fifth is wrong, then it is recorded and the checks are locked for the window', () => {
    expect(
      decideSecretCheck('transaction', state({ failures: 4, lastFailedAt: minutesAgo(1) }), false, now, policy),
    ).toEqual({
      outcome: 'locked',
      events: [
        { type: 'SecretCheckFailed', payload: { kind: 'transaction', failures: 5 } },
        { type: 'SecretChecksLockedOut', payload: { kind: 'transaction', until: '2026-11-22T10:15:00.000Z' } },
      ],
    });
  });

  it('given a running lock, then even the right secret is refused and nothing is written', () => {
    const locked = state({ failures: 5, lastFailedAt: minutesAgo(2), lockedUntil: new Date('2026-11-22T10:13:00Z') });
    expect(decideSecretCheck('transaction', locked, true, now, policy)).toEqual({ outcome: 'locked', events: [] });
    expect(decideSecretCheck('transaction', locked, false, now, policy)).toEqual({ outcome: 'locked', events: [] });
    expect(secretChecksLocked(locked, now)).toBe(true);
  });

  it('given a lock that has run out, then the right secret is ok and the count starts again', () => {
    const over = state({ failures: 5, lastFailedAt: minutesAgo(16), lockedUntil: minutesAgo(1) });
    expect(secretChecksLocked(over, now)).toBe(false);
    expect(decideSecretCheck('transaction', over, true, now, policy)).toEqual({
      outcome: 'ok',
      events: [{ type: 'SecretCheckPassed', payload: { kind: 'transaction' } }],
    });
  });

  it('given old failures outside the window, when the secret is wrong, then the count starts at one', () => {
    expect(
      decideSecretCheck('password', state({ failures: 4, lastFailedAt: minutesAgo(15) }), false, now, policy),
    ).toEqual({
      outcome: 'failed',
      events: [{ type: 'SecretCheckFailed', payload: { kind: 'password', failures: 1 } }],
    });
  });

  it('given recent failures, when the secret is right, then ok and the count is cleared by an event', () => {
    expect(
      decideSecretCheck('password', state({ failures: 3, lastFailedAt: minutesAgo(1) }), true, now, policy),
    ).toEqual({
      outcome: 'ok',
      events: [{ type: 'SecretCheckPassed', payload: { kind: 'password' } }],
    });
  });

  it('answers the lock with the minutes and says nothing of which secret was wrong', () => {
    expect(SECRET_CHECK_OUTCOME.lockedOut(15)).toEqual({
      code: 'CREDENTIAL.CHECKS_LOCKED',
      text: 'Too many wrong passwords. Try again after 15 minutes.',
    });
  });
});
