import { TOTP, Secret } from 'otpauth';
import {
  acceptedStep,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  recoveryCodeHash,
  stepAt,
} from './admin-totp';

const secret = newTotpSecret();
const at = new Date('2026-11-27T10:00:15Z');
const codeAt = (when: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: when.getTime(),
  });
const steps = (n: number) => new Date(at.getTime() + n * 30_000);

describe('admin TOTP (RFC 6238: 6 digits, 30 s, SHA-1, one step of drift)', () => {
  it('accepts the current code and the codes one step either side, with their steps', () => {
    expect(acceptedStep('asha', secret, codeAt(at), at, null)).toBe(stepAt(at));
    expect(acceptedStep('asha', secret, codeAt(steps(-1)), at, null)).toBe(stepAt(at) - 1);
    expect(acceptedStep('asha', secret, codeAt(steps(1)), at, null)).toBe(stepAt(at) + 1);
  });

  it('refuses codes two steps away, and anything that is not 6 digits', () => {
    for (const n of [-2, 2]) {
      const code = codeAt(steps(n));
      // A code two steps away may by chance equal one within the window: only check when it does not.
      if (![-1, 0, 1].some((m) => codeAt(steps(m)) === code))
        expect(acceptedStep('asha', secret, code, at, null)).toBeNull();
    }
    expect(acceptedStep('asha', secret, '12345', at, null)).toBeNull();
    expect(acceptedStep('asha', secret, '1234567', at, null)).toBeNull();
    expect(acceptedStep('asha', secret, 'abcdef', at, null)).toBeNull();
  });

  it('refuses a code of a step already accepted or earlier: each code counts once', () => {
    expect(acceptedStep('asha', secret, codeAt(at), at, stepAt(at))).toBeNull();
    expect(acceptedStep('asha', secret, codeAt(steps(-1)), at, stepAt(at))).toBeNull();
    expect(acceptedStep('asha', secret, codeAt(steps(1)), at, stepAt(at))).toBe(stepAt(at) + 1);
  });

  it('makes ten distinct recovery codes, each hashed the same however it is typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(normalRecoveryCode(' ABCD efgh-ijkl ')).toBe('abcdefghijkl');
    expect(recoveryCodeHash(codes[0].toUpperCase().replace(/-/g, ' '))).toBe(recoveryCodeHash(codes[0]));
  });
});
