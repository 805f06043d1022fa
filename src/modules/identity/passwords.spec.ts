import * as argon2 from 'argon2';
import { hashPassword, limitPasswordHashing, passwordHashing, verifyPassword } from './passwords';

describe('password hashing (decisions 0047, 0059)', () => {
  it('hashes with argon2id at OWASP’s 7 MiB × 5 passes profile (decision 0059)', async () => {
    const hash = await hashPassword('Member@123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    expect(await verifyPassword(hash, 'Member@123')).toBe(true);
    expect(await verifyPassword(hash, 'Member@124')).toBe(false);
  });

  it.each([
    [19_456, 2],
    [12_288, 3],
  ])('still verifies hashes made with the earlier %i KiB × %i passes', async (memoryCost, timeCost) => {
    const earlier = await argon2.hash('Member@123', { type: argon2.argon2id, memoryCost, timeCost, parallelism: 1 });
    expect(await verifyPassword(earlier, 'Member@123')).toBe(true);
    expect(await verifyPassword(earlier, 'Member@12')).toBe(false);
  });
});

describe('argon2 computations in turn (decision 0055)', () => {
  afterEach(() => limitPasswordHashing(4));

  it('runs at most the configured number at once; the others wait and all finish', async () => {
    limitPasswordHashing(1);
    const hash = await hashPassword('Member@123');
    const seen: Array<{ running: number; waiting: number }> = [];
    const all = Promise.all([
      verifyPassword(hash, 'Member@123'),
      verifyPassword(hash, 'wrong'),
      hashPassword('Other@123'),
    ]);
    seen.push(passwordHashing());
    const [ok, wrong, other] = await all;
    expect(seen[0]).toEqual({ running: 1, waiting: 2, limit: 1 });
    expect([ok, wrong]).toEqual([true, false]);
    expect(await verifyPassword(other, 'Other@123')).toBe(true);
    expect(passwordHashing()).toEqual({ running: 0, waiting: 0, limit: 1 });
  });

  it('hands waiting computations their turn when the limit rises, and a failed one frees its turn', async () => {
    limitPasswordHashing(1);
    const hash = await hashPassword('Member@123');
    const all = Promise.all([
      verifyPassword('not an argon2 hash', 'x'),
      verifyPassword(hash, 'Member@123'),
      verifyPassword(hash, 'Member@123'),
    ]);
    limitPasswordHashing(3);
    expect(passwordHashing()).toMatchObject({ running: 3, waiting: 0 });
    expect(await all).toEqual([false, true, true]);
    expect(passwordHashing()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses a limit below 1', () => {
    expect(() => limitPasswordHashing(0)).toThrow(/at least 1/);
  });
});
